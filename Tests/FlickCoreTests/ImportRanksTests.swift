import XCTest
@testable import FlickCore

final class ImportRanksTests: XCTestCase {
    func testSortOrdersThatFitAreKept() {
        XCTAssertEqual(ImportRanks.place([-27, 3, 900], after: nil, before: nil), [-27, 3, 900])
        XCTAssertEqual(ImportRanks.place([5, 6], after: 4, before: 7), [5, 6])
    }

    func testThoseOutsideTheStretchAreSpreadAroundTheKeptOnes() throws {
        let spacing = SparseRank.spacing
        let ranks = try XCTUnwrap(ImportRanks.place([1, 2, spacing * 5, spacing * 6, spacing * 50],
                                                    after: spacing * 4, before: spacing * 10))
        XCTAssertEqual(ranks.count, 5)
        XCTAssertEqual(Array(ranks[2...3]), [spacing * 5, spacing * 6], "the two that fit are kept")
        XCTAssertEqual(ranks, ranks.sorted())
        XCTAssertGreaterThan(ranks[0], spacing * 4)
        XCTAssertLessThan(ranks[4], spacing * 10)
    }

    func testEqualSortOrdersAreSpreadInTheirOrder() throws {
        let ranks = try XCTUnwrap(ImportRanks.place([7, 7, 7], after: nil, before: nil))
        XCTAssertEqual(Set(ranks).count, 3)
        XCTAssertEqual(ranks, ranks.sorted())
    }

    func testNoRoomIsSaid() {
        XCTAssertNil(ImportRanks.place([1, 2], after: 10, before: 12))
        XCTAssertEqual(ImportRanks.place([], after: 10, before: 11), [])
    }
}
