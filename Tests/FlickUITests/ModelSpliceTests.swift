import FlickCore
import XCTest
@testable import FlickUI

/// A write's row changes as the fewest splices of the list view's model (issue 30): replaying
/// the splices on the old ids gives the new ids, and a run of changes is one splice.
final class ModelSpliceTests: XCTestCase {
    func testAClearOfTheCompletedAtTheEndIsOneSplice() {
        let removals = (0..<1_428).map { _ in ListChange.removed(at: 8_572) }
        XCTAssertEqual(ModelSplice.coalescing(removals), [ModelSplice(position: 8_572, removing: 1_428, inserting: 8_572..<8_572)])
        let upwards = (0..<5).map { ListChange.removed(at: 9 - $0) }
        XCTAssertEqual(ModelSplice.coalescing(upwards), [ModelSplice(position: 5, removing: 5, inserting: 5..<5)])
    }

    func testItsUndoIsOneSplice() {
        let insertions = (8_572..<10_000).map { ListChange.inserted(at: $0) }
        XCTAssertEqual(ModelSplice.coalescing(insertions),
                       [ModelSplice(position: 8_572, removing: 0, inserting: 8_572..<10_000)])
    }

    func testRowsApartAreSplicesApart() {
        XCTAssertEqual(ModelSplice.coalescing([.removed(at: 2), .removed(at: 5), .updated(at: 1), .inserted(at: 7)]).count, 3)
    }

    func testEverySeventhClearedMergesIntoOneSpliceFromTheFirstToTheLast() {
        // Every seventh of 10,000 (indices 6, 13, … 9,995), removed from the top down: each one's
        // position is the document's as it happens, after the removals above it.
        let removals = (0..<1_428).map { ListChange.removed(at: 6 + 6 * $0) }
        let splices = ModelSplice.coalescing(removals)
        XCTAssertEqual(splices.count, 1_428)
        XCTAssertEqual(ModelSplice.merging(splices, rowCount: 10_000),
                       ModelSplice(position: 6, removing: 9_990, inserting: 6..<8_568), "the last 4 rows untouched")
        XCTAssertNil(ModelSplice.merging([], rowCount: 10))
    }

    func testEverySeventhClearedIsThreeSplicesAroundTheRowsWithWidgets() {
        let removals = (0..<1_428).map { ListChange.removed(at: 6 + 6 * $0) }
        let splices = ModelSplice.merging(ModelSplice.coalescing(removals), rowCount: 10_000, around: 3_000...3_200)
        XCTAssertEqual(splices.count, 3)
        XCTAssertEqual(splices[0].position, 6, "from the first removal")
        XCTAssertLessThanOrEqual(splices[0].position + splices[0].removing, 3_000, "above the rows with widgets")
        XCTAssertLessThan(splices[1].inserting.count, 200, "the rows GTK looks through for its widgets")
        XCTAssertGreaterThan(splices[2].position, splices[1].position + splices[1].inserting.count - 1)
        var rows = Array(0..<Int64(10_000))
        let kept = rows.enumerated().filter { $0.offset % 7 != 6 }.map(\.element)
        for splice in splices {
            rows.replaceSubrange(splice.position..<(splice.position + splice.removing), with: splice.insertedIDs { kept[$0] })
        }
        XCTAssertEqual(rows, kept)
        XCTAssertEqual(ModelSplice.merging(ModelSplice.coalescing(removals), rowCount: 10_000, around: nil).count, 1)
    }

    /// Random removals or insertions made top down, as a Clear and its undo make them, around
    /// rows with widgets anywhere: the splices give the model the rows after the write.
    func testTheSplicesAroundTheRowsWithWidgetsGiveTheRowsAfterTheWrite() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let before = Array(0..<Int64(Int.random(in: 1...80, using: &random)))
            var ids = before
            var changes: [ListChange] = []
            let chosen = before.indices.filter { _ in Int.random(in: 0..<4, using: &random) == 0 }
            if Bool.random(using: &random) {
                for (removedAbove, index) in chosen.enumerated() {
                    changes.append(.removed(at: index - removedAbove))
                }
                ids = before.enumerated().filter { !chosen.contains($0.offset) }.map(\.element)
            } else {
                for index in chosen {  // New rows at these places of the rows after the write.
                    ids.insert(1_000 + Int64(index), at: index)
                    changes.append(.inserted(at: index))
                }
            }
            let low = Int.random(in: 0..<before.count, using: &random)
            let held = low...Int.random(in: low..<before.count, using: &random)
            let splices = ModelSplice.merging(ModelSplice.coalescing(changes), rowCount: before.count, around: held)
            XCTAssertLessThanOrEqual(splices.count, 3)
            var spliced = before
            for splice in splices {
                spliced.replaceSubrange(splice.position..<(splice.position + splice.removing), with: splice.insertedIDs { ids[$0] })
            }
            XCTAssertEqual(spliced, ids, "changes \(changes), held \(held)")
        }
    }

    func testRemovalsBottomUpAreTheSameRemovalsTopDown() {
        XCTAssertEqual(ModelSplice.topDown([.removed(at: 9), .removed(at: 5), .removed(at: 4), .removed(at: 0)]),
                       [.removed(at: 0), .removed(at: 3), .removed(at: 3), .removed(at: 6)])
        let notBottomUp: [ListChange] = [.removed(at: 5), .removed(at: 5)]
        XCTAssertEqual(ModelSplice.topDown(notBottomUp), notBottomUp)
        let mixed: [ListChange] = [.removed(at: 5), .inserted(at: 2)]
        XCTAssertEqual(ModelSplice.topDown(mixed), mixed)
        var rows = Array(0..<Int64(10))
        for change in ModelSplice.topDown([.removed(at: 9), .removed(at: 5), .removed(at: 4), .removed(at: 0)]) {
            if case let .removed(at) = change { rows.remove(at: at) }
        }
        XCTAssertEqual(rows, [1, 2, 3, 6, 7, 8])
    }

    /// Random writes of every kind, few changes or many, around rows with widgets anywhere: the
    /// splices made for the write, with the rows they put in read from the level after it, give
    /// the model the level's rows.
    func testTheSplicesForAWriteGiveTheRowsAfterIt() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            let before = Array(0..<Int64(Int.random(in: 0...40, using: &random)))
            var write = RandomWrite(ids: before)
            for _ in 0..<Int.random(in: 1...24, using: &random) {
                switch Int.random(in: 0..<4, using: &random) {
                case 0: write.removeOne(using: &random)
                case 1: write.insertOne(using: &random)
                case 2: write.moveOne(using: &random)
                default: write.updateOne(using: &random)
                }
            }
            let low = Int.random(in: 0...max(0, before.count - 1), using: &random)
            let held = before.isEmpty ? nil : low...Int.random(in: low...max(low, before.count - 1), using: &random)
            var spliced = before
            for splice in ModelSplice.forWrite(write.changes, rowCount: before.count, held: held) {
                spliced.replaceSubrange(splice.position..<(splice.position + splice.removing),
                                        with: splice.insertedIDs { write.ids[$0] })
            }
            XCTAssertEqual(spliced, write.ids, "changes \(write.changes), held \(String(describing: held))")
        }
    }

    /// A sort's stretch is one splice of the same rows in their new order (issue 59).
    func testAReorderedStretchIsOneSpliceOfItsRows() {
        let after: [Int64] = [1, 2, 6, 3, 5, 4, 7]
        let splices = ModelSplice.forWrite([.reordered(2..<6)], rowCount: 7, held: 0...6)
        XCTAssertEqual(splices, [ModelSplice(position: 2, removing: 4, inserting: 2..<6)])
        var rows: [Int64] = [1, 2, 3, 4, 5, 6, 7]
        for splice in splices {
            rows.replaceSubrange(splice.position..<(splice.position + splice.removing), with: splice.insertedIDs { after[$0] })
        }
        XCTAssertEqual(rows, after)
    }

    func testAMoveDownThenAnInsertionAboveItIsOneSplice() {
        let changes: [ListChange] = [.moved(from: 1, to: 6), .inserted(at: 2)]
        XCTAssertFalse(ModelSplice.putsRowsWhereTheyEnd(ModelSplice.coalescing(changes)))
        XCTAssertEqual(ModelSplice.forWrite(changes, rowCount: 10, held: nil).count, 1)
        XCTAssertEqual(ModelSplice.forWrite([.moved(from: 6, to: 1)], rowCount: 10, held: nil).count, 2, "a move up is two")
    }

    func testSplicesOutOfOrderAreMergedIntoOne() {
        let splices = ModelSplice.coalescing([.inserted(at: 5), .inserted(at: 1)])
        XCTAssertEqual(ModelSplice.merging(splices, rowCount: 10, around: 2...3), [ModelSplice(position: 1, removing: 4, inserting: 1..<7)])
    }

    /// Random writes of many changes: the one merged splice gives the model the rows the
    /// splices gave it, and leaves alone the rows no splice touched at either end.
    func testTheMergedSpliceGivesWhatTheSplicesGave() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let before = Array(0..<Int64(Int.random(in: 0...60, using: &random)))
            var write = RandomWrite(ids: before)
            let removing = Bool.random(using: &random)
            for _ in 0..<Int.random(in: 1...30, using: &random) {
                if removing { write.removeOne(using: &random) } else { write.insertOne(using: &random) }
            }
            let (ids, changes) = (write.ids, write.changes)
            let splices = ModelSplice.coalescing(changes)
            guard let merged = ModelSplice.merging(splices, rowCount: before.count) else {
                XCTAssertTrue(changes.isEmpty)
                continue
            }
            var spliced = before
            spliced.replaceSubrange(merged.position..<(merged.position + merged.removing), with: merged.insertedIDs { ids[$0] })
            XCTAssertEqual(spliced, ids, "changes \(changes)")
            let untouchedAtEnd = before.count - merged.position - merged.removing
            XCTAssertEqual(before[..<merged.position], ids[..<merged.position])
            XCTAssertEqual(before.suffix(untouchedAtEnd), ids.suffix(untouchedAtEnd))
            XCTAssertEqual(merged.position, splices.map(\.position).min(), "it starts where the first change is")
        }
    }

    /// Random writes: the splices give the model the rows that applying the changes one at a
    /// time gave it (as the model did before it coalesced them).
    func testTheSplicesGiveWhatTheChangesOneByOneGave() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let before = Array(0..<Int64(Int.random(in: 0...30, using: &random)))
            var write = RandomWrite(ids: before)
            // A write as the documents make them: removals (a clear, a delete), insertions (an
            // undo, an import), or one move; updates anywhere. Positions are the document's as
            // each change happens; inserted rows are read from the rows after the write.
            let kind = Int.random(in: 0..<3, using: &random)
            for _ in 0..<(kind == 2 ? 1 : Int.random(in: 1...12, using: &random)) {
                if Int.random(in: 0..<4, using: &random) == 0 { write.updateOne(using: &random) }
                switch kind {
                case 0: write.removeOne(using: &random)
                case 1: write.insertOne(using: &random)
                default: write.moveOne(using: &random)
                }
            }
            let (ids, changes) = (write.ids, write.changes)
            var oneByOne = before
            for change in changes {
                switch change {
                case let .inserted(at): oneByOne.insert(ids[at], at: at)
                case let .removed(at): oneByOne.remove(at: at)
                case let .moved(from, to):
                    oneByOne.remove(at: from)
                    oneByOne.insert(ids[to], at: to)
                case .updated: break
                case let .reordered(rows): oneByOne.replaceSubrange(rows, with: ids[rows])
                }
            }
            var spliced = before
            for splice in ModelSplice.coalescing(changes) {
                spliced.replaceSubrange(splice.position..<(splice.position + splice.removing), with: splice.insertedIDs { ids[$0] })
            }
            XCTAssertEqual(spliced, oneByOne, "changes \(changes)")
        }
    }
}
