import GRDB
import XCTest
@testable import FlickCore

/// Completed items sink below the open ones and reopened ones rise to the end of them, the
/// move undone together with the completion.
final class SettleTests: XCTestCase {
    private func storedTitles(_ store: TodoStore, _ document: ListDocument) throws -> [String] {
        try store.queue.read { db in
            try String.fetchAll(db, sql: "SELECT title FROM item WHERE list_id = ? ORDER BY rank", arguments: [document.list.id])
        }
    }

    func testACompletedItemSinksBelowTheOpenOnesAndOneUndoPutsItBack() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["a", "b", "c", "done"])
        try document.setCompleted(document.wholeItems[3].id!, true)
        let b = document.wholeItems[1].id!
        try document.setCompleted(b, true)
        try document.settle(b)
        XCTAssertEqual(document.wholeItems.map(\.title), ["a", "c", "b", "done"])
        XCTAssertEqual(try storedTitles(store, document), ["a", "c", "b", "done"])
        XCTAssertEqual(document.checkInvariants(completedSink: true), [])

        try document.undo()
        XCTAssertEqual(document.wholeItems.map(\.title), ["a", "b", "c", "done"])
        XCTAssertEqual(document.wholeItems.map(\.isCompleted), [false, false, false, true])
        XCTAssertEqual(try storedTitles(store, document), ["a", "b", "c", "done"])
        try document.redo()
        XCTAssertEqual(document.wholeItems.map(\.title), ["a", "c", "b", "done"])
        XCTAssertEqual(document.wholeItems[2].isCompleted, true)
        XCTAssertEqual(document.checkInvariants(completedSink: true), [])
    }

    /// Undoing a completion that sank is one transaction: when its second write fails, the
    /// first (the move back) is not kept either, in the file or in memory, and observers hear
    /// nothing (found by the kill trials: a kill between the two writes left the item back
    /// in place but still done).
    func testUndoingASunkCompletionIsAllOrNothing() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["a", "b", "c"])
        let b = document.wholeItems[1].id!
        try document.setCompleted(b, true)
        try document.settle(b)
        try store.queue.write { db in
            try db.execute(sql: "CREATE TEMP TRIGGER refuse_reopening BEFORE UPDATE ON item "
                               + "WHEN old.completed = 1 AND new.completed = 0 BEGIN SELECT RAISE(ABORT, 'injected'); END")
        }
        var heard: [ListChange] = []
        document.onChanges = { heard += $0 }
        XCTAssertThrowsError(try document.undo())
        XCTAssertEqual(try storedTitles(store, document), ["a", "c", "b"], "the move back was not kept")
        XCTAssertEqual(document.wholeItems.map(\.title), ["a", "c", "b"])
        XCTAssertEqual(document.wholeItems.map(\.isCompleted), [false, false, true])
        XCTAssertEqual(heard, [])
        XCTAssertTrue(document.canUndo, "the step can be undone once writing works")

        try store.queue.write { db in try db.execute(sql: "DROP TRIGGER refuse_reopening") }
        try document.undo()
        XCTAssertEqual(try storedTitles(store, document), ["a", "b", "c"])
        XCTAssertEqual(document.wholeItems.map(\.isCompleted), [false, false, false])
        XCTAssertEqual(heard, [.moved(from: 2, to: 1), .updated(at: 1)], "told once the step was committed")
    }

    /// The window asks first, so a row folds away only when its item will move.
    func testSettledIndexSaysWhereTheItemGoesOrNilWhenItStays() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["a", "b", "c"])
        let a = document.wholeItems[0].id!, c = document.wholeItems[2].id!
        try document.setCompleted(c, true)
        XCTAssertNil(document.settledIndex(of: c), "the last item, completed, is below the open ones already")
        try document.setCompleted(a, true)
        XCTAssertEqual(document.settledIndex(of: a), 1, "just below b, the one open item")
        try document.settle(a)
        XCTAssertEqual(document.wholeItems.map(\.title), ["b", "a", "c"])
        XCTAssertNil(document.settledIndex(of: a))
    }

    func testAReopenedItemRisesToTheEndOfTheOpenOnes() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["a", "b", "x", "y"])
        for index in [2, 3] { try document.setCompleted(document.wholeItems[index].id!, true) }
        let y = document.wholeItems[3].id!
        try document.setCompleted(y, false)
        try document.settle(y)
        XCTAssertEqual(document.wholeItems.map(\.title), ["a", "b", "y", "x"])
        XCTAssertEqual(document.checkInvariants(completedSink: true), [])
    }

    func testAnItemAlreadyInItsPlaceStaysAndRecordsNothing() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["a", "b"])
        let b = document.wholeItems[1].id!
        try document.setCompleted(b, true)
        try document.settle(b)
        XCTAssertEqual(document.wholeItems.map(\.title), ["a", "b"])
        try document.undo()
        XCTAssertFalse(document.canUndo, "only the completion was recorded")
    }

    func testASettleAfterAnotherEditIsAStepOfItsOwn() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["a", "b", "c"])
        let a = document.wholeItems[0].id!
        try document.setCompleted(a, true)
        try document.rename(document.wholeItems[1].id!, to: "B")
        try document.settle(a)
        XCTAssertEqual(document.wholeItems.map(\.title), ["B", "c", "a"])
        try document.undo()
        XCTAssertEqual(document.wholeItems.map(\.title), ["a", "B", "c"], "the move alone")
        try document.undo()
        XCTAssertEqual(document.wholeItems.map(\.title), ["a", "b", "c"], "then the rename")
    }

    /// Found by the kill trials: with a completed item above an open one, counting the open
    /// items put the next completed item above that open one.
    func testACompletedItemGoesBelowTheLastOpenOneWhenCompletedOnesSitAboveIt() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["a", "b", "done", "c"])
        try document.setCompleted(document.wholeItems[2].id!, true)
        let b = document.wholeItems[1].id!
        try document.setCompleted(b, true)
        XCTAssertEqual(document.settledIndex(of: b), 3)
        XCTAssertEqual(document.checkInvariants(completedSink: true), [.completedAboveOpen(completed: 1, open: 3)],
                       "done was completed in place, above c")
        try document.settle(b)
        XCTAssertEqual(document.wholeItems.map(\.title), ["a", "done", "c", "b"], "below c, the last open item")
    }

    /// While completed items sink, a move stops at the line between the open items and the
    /// completed ones: Alt+End on an open item, Alt+Up on a completed one.
    func testAMoveStopsAtTheLineBetweenOpenAndCompletedItems() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["a", "b", "c", "x", "y"])
        for index in [3, 4] { try document.setCompleted(document.wholeItems[index].id!, true) }
        let a = document.wholeItems[0].id!, x = document.wholeItems[3].id!
        XCTAssertEqual(document.indexKeepingCompletedBelow(moving: a, to: 4), 2, "below c, above x")
        XCTAssertEqual(document.indexKeepingCompletedBelow(moving: a, to: 1), 1)
        XCTAssertEqual(document.indexKeepingCompletedBelow(moving: x, to: 0), 3, "x stays below c")
        XCTAssertEqual(document.indexKeepingCompletedBelow(moving: x, to: 4), 4)
    }

    /// A new item asked for among the completed ones goes just below the last open one.
    func testANewItemGoesNoLowerThanJustBelowTheLastOpenOne() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["a", "b", "x", "y"])
        for index in [2, 3] { try document.setCompleted(document.wholeItems[index].id!, true) }
        XCTAssertEqual(document.indexKeepingCompletedBelow(newItemAt: 4), 2)
        XCTAssertEqual(document.indexKeepingCompletedBelow(newItemAt: 1), 1)
        for index in [0, 1] { try document.setCompleted(document.wholeItems[index].id!, true) }
        XCTAssertEqual(document.indexKeepingCompletedBelow(newItemAt: 3), 0, "every item completed: the top")
    }
}
