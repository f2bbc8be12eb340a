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
        try document.setCompleted(document.items[3].id!, true)
        let b = document.items[1].id!
        try document.setCompleted(b, true)
        try document.settle(b)
        XCTAssertEqual(document.items.map(\.title), ["a", "c", "b", "done"])
        XCTAssertEqual(try storedTitles(store, document), ["a", "c", "b", "done"])

        try document.undo()
        XCTAssertEqual(document.items.map(\.title), ["a", "b", "c", "done"])
        XCTAssertEqual(document.items.map(\.isCompleted), [false, false, false, true])
        XCTAssertEqual(try storedTitles(store, document), ["a", "b", "c", "done"])
        try document.redo()
        XCTAssertEqual(document.items.map(\.title), ["a", "c", "b", "done"])
        XCTAssertEqual(document.items[2].isCompleted, true)
    }

    /// The window asks first, so a row folds away only when its item will move.
    func testSettledIndexSaysWhereTheItemGoesOrNilWhenItStays() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["a", "b", "c"])
        let a = document.items[0].id!, c = document.items[2].id!
        try document.setCompleted(c, true)
        XCTAssertNil(document.settledIndex(of: c), "the last item, completed, is below the open ones already")
        try document.setCompleted(a, true)
        XCTAssertEqual(document.settledIndex(of: a), 1, "just below b, the one open item")
        try document.settle(a)
        XCTAssertEqual(document.items.map(\.title), ["b", "a", "c"])
        XCTAssertNil(document.settledIndex(of: a))
    }

    func testAReopenedItemRisesToTheEndOfTheOpenOnes() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["a", "b", "x", "y"])
        for index in [2, 3] { try document.setCompleted(document.items[index].id!, true) }
        let y = document.items[3].id!
        try document.setCompleted(y, false)
        try document.settle(y)
        XCTAssertEqual(document.items.map(\.title), ["a", "b", "y", "x"])
    }

    func testAnItemAlreadyInItsPlaceStaysAndRecordsNothing() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["a", "b"])
        let b = document.items[1].id!
        try document.setCompleted(b, true)
        try document.settle(b)
        XCTAssertEqual(document.items.map(\.title), ["a", "b"])
        try document.undo()
        XCTAssertFalse(document.canUndo, "only the completion was recorded")
    }

    func testASettleAfterAnotherEditIsAStepOfItsOwn() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["a", "b", "c"])
        let a = document.items[0].id!
        try document.setCompleted(a, true)
        try document.rename(document.items[1].id!, to: "B")
        try document.settle(a)
        XCTAssertEqual(document.items.map(\.title), ["B", "c", "a"])
        try document.undo()
        XCTAssertEqual(document.items.map(\.title), ["a", "B", "c"], "the move alone")
        try document.undo()
        XCTAssertEqual(document.items.map(\.title), ["a", "b", "c"], "then the rename")
    }
}
