import FuzzSupport
import XCTest
@testable import FlickCore

final class ClimbingRanksTests: XCTestCase {
    private func row(_ id: Int64, _ rank: Int64) -> ItemRow {
        ItemRow(id: id, listID: 1, rank: rank, isCompleted: false)
    }

    private func climbs(_ rows: [ItemRow]) -> Bool {
        zip(rows, rows.dropFirst()).allSatisfy { ($0.rank, $0.id) < ($1.rank, $1.id) }
    }

    /// The longest climbing subsequence's length, the slow way.
    private func longestClimbLength(_ rows: [ItemRow]) -> Int {
        var best = [Int](repeating: 1, count: rows.count)
        for index in rows.indices {
            for earlier in 0..<index where (rows[earlier].rank, rows[earlier].id) < (rows[index].rank, rows[index].id) {
                best[index] = max(best[index], best[earlier] + 1)
            }
        }
        return best.max() ?? 0
    }

    func testOneRowMovedIsTheOnlyOneRankedAgain() throws {
        let rows = [row(1, 10), row(4, 40), row(2, 20), row(3, 30)]
        let ranked = try XCTUnwrap(ClimbingRanks.ranked(rows))
        XCTAssertEqual(ranked.map(\.id), [1, 4, 2, 3])
        XCTAssertTrue(climbs(ranked))
        XCTAssertEqual(zip(rows, ranked).filter { $0.rank != $1.rank }.map(\.1.id), [4])
    }

    /// Equal ranks in their order (by id) still climb and are kept; a row that must go between
    /// two of them has no rank there.
    func testEqualRanksKeptAndNoRoomBetweenThem() {
        XCTAssertEqual(ClimbingRanks.ranked([row(1, 7), row(2, 7), row(3, 7)])?.map(\.rank), [7, 7, 7])
        XCTAssertNil(ClimbingRanks.ranked([row(1, 7), row(9, 100), row(2, 7)]))
    }

    /// Random orders of random ranks: the result keeps the order, climbs, and changes exactly
    /// the rows outside a longest climbing run.
    func testRandomOrdersChangeOnlyTheRowsOutsideALongestClimb() throws {
        var random = FuzzRandom(seed: FuzzRandom.caseSeed(60, index: 7))
        for _ in 0..<300 {
            let count = random.below(40) + 1
            var rows = (0..<count).map { row(Int64($0 + 1), Int64($0) * SparseRank.spacing) }
            for index in rows.indices.reversed() { rows.swapAt(index, random.below(index + 1)) }
            let ranked = try XCTUnwrap(ClimbingRanks.ranked(rows))
            XCTAssertEqual(ranked.map(\.id), rows.map(\.id))
            XCTAssertTrue(climbs(ranked), "\(rows.map(\.id))")
            let unchanged = zip(rows, ranked).filter { $0.rank == $1.rank }.count
            XCTAssertEqual(unchanged, longestClimbLength(rows), "\(rows.map(\.id))")
        }
    }
}
