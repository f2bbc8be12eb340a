import GRDB
import XCTest
@testable import FlickCore

/// Moving an item to another list: one transaction, to the top of that list, undoable.
final class MoveToListTests: XCTestCase {
    private func titles(inList listID: Int64?, _ store: TodoStore) throws -> [String] {
        try store.queue.read { db in
            try String.fetchAll(db, sql: "SELECT title FROM item WHERE list_id = ? ORDER BY rank", arguments: [listID])
        }
    }

    func testMoveGoesToTheTopOfTheOtherListAndUndoBringsItBack() throws {
        let db = TestDatabase()
        let store = try db.openStore()
        let home = try store.createList(name: "Home", titles: ["a", "b", "c"])
        let work = try store.createList(name: "Work", titles: ["x", "y"])
        let document = try XCTUnwrap(store.document(listID: home.id))
        let moved = document.wholeItems[1]
        var heard: [ListChange] = []
        document.onChanges = { heard += $0 }

        try document.move(moved.id!, toList: work.id!)
        XCTAssertEqual(document.wholeItems.map(\.title), ["a", "c"])
        XCTAssertEqual(try titles(inList: home.id, store), ["a", "c"])
        XCTAssertEqual(try titles(inList: work.id, store), ["b", "x", "y"])

        try document.undo()
        XCTAssertEqual(document.wholeItems.map(\.title), ["a", "b", "c"])
        XCTAssertEqual(document.wholeItems[1].id, moved.id, "the same item comes back")
        XCTAssertEqual(try titles(inList: home.id, store), ["a", "b", "c"])
        XCTAssertEqual(try titles(inList: work.id, store), ["x", "y"])

        try document.redo()
        XCTAssertEqual(try titles(inList: work.id, store), ["b", "x", "y"])
        XCTAssertEqual(heard, [.removed(at: 1), .inserted(at: 1), .removed(at: 1)])
    }

    func testMovingToTheSameListDoesNothing() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["a"])
        try document.move(document.wholeItems[0].id!, toList: document.list.id!)
        XCTAssertEqual(document.wholeItems.map(\.title), ["a"])
        XCTAssertFalse(document.canUndo)
    }

    func testAListThatIsGoneRefusesTheMoveAndChangesNothing() throws {
        let db = TestDatabase()
        let store = try db.openStore()
        let home = try store.createList(name: "Home", titles: ["a"])
        let document = try XCTUnwrap(store.document(listID: home.id))
        XCTAssertThrowsError(try document.move(document.wholeItems[0].id!, toList: 9_999))
        XCTAssertEqual(document.wholeItems.map(\.title), ["a"])
        XCTAssertEqual(try titles(inList: home.id, store), ["a"])
        XCTAssertFalse(document.canUndo)
    }

    func testUndoAfterTheItemWasDeletedElsewhereIsRefused() throws {
        let db = TestDatabase()
        let store = try db.openStore()
        let home = try store.createList(name: "Home", titles: ["a", "b"])
        let work = try store.createList(name: "Work")
        let document = try XCTUnwrap(store.document(listID: home.id))
        try document.move(document.wholeItems[0].id!, toList: work.id!)
        try store.queue.write { db in try db.execute(sql: "DELETE FROM item WHERE list_id = ?", arguments: [work.id]) }
        XCTAssertThrowsError(try document.undo())
        XCTAssertEqual(document.wholeItems.map(\.title), ["b"])
    }
}
