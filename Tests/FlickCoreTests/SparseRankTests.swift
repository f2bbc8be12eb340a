import XCTest
@testable import FlickCore

final class SparseRankTests: XCTestCase {
    func testMidpointAndEnds() {
        XCTAssertEqual(SparseRank.between(nil, nil), 0)
        XCTAssertEqual(SparseRank.between(0, 10), 5)
        XCTAssertEqual(SparseRank.between(nil, 0), -SparseRank.spacing)
        XCTAssertEqual(SparseRank.between(0, nil), SparseRank.spacing)
    }

    func testNoRankBetweenAdjacentIntegers() {
        XCTAssertNil(SparseRank.between(4, 5))
        XCTAssertNil(SparseRank.between(-5, -4))
    }

    func testExtremesDoNotOverflow() {
        XCTAssertNil(SparseRank.between(Int64.max - 1, nil))
        XCTAssertNil(SparseRank.between(nil, Int64.min + 1))
        let middle = SparseRank.between(Int64.min, Int64.max)
        XCTAssertNotNil(middle)
    }

    func testEvenlySpacedIsSortedAndSpaced() {
        let ranks = SparseRank.evenlySpaced(count: 5)
        XCTAssertEqual(ranks.count, 5)
        XCTAssertEqual(zip(ranks, ranks.dropFirst()).map { $1 - $0 }, Array(repeating: SparseRank.spacing, count: 4))
    }
}
