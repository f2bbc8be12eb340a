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

final class SparseRankSpreadTests: XCTestCase {
    func testSpreadFitsBetweenItsNeighboursEvenlyAndFarEnoughApart() throws {
        let ranks = try XCTUnwrap(SparseRank.spread(count: 3, between: 0, and: 4 << 20))
        XCTAssertEqual(ranks, [1 << 20, 2 << 20, 3 << 20])
        XCTAssertNil(SparseRank.spread(count: 4, between: 0, and: 4 << 20), "too tight: the caller widens")
    }

    func testSpreadAtTheEndsGrowsOutwards() throws {
        let down = try XCTUnwrap(SparseRank.spread(count: 2, between: nil, and: 0))
        XCTAssertEqual(down, down.sorted())
        XCTAssertLessThan(down.last!, 0)
        let up = try XCTUnwrap(SparseRank.spread(count: 2, between: 0, and: nil))
        XCTAssertGreaterThan(up.first!, 0)
        XCTAssertEqual(SparseRank.spread(count: 2, between: nil, and: nil)?.count, 2)
    }

    func testSpreadNeverOverflows() {
        XCTAssertNil(SparseRank.spread(count: 2, between: Int64.max - 10, and: nil))
        XCTAssertNil(SparseRank.spread(count: 2, between: nil, and: Int64.min + 10))
    }
}
