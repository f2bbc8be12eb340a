import GRDB
import XCTest
@testable import FlickCore

final class ListDocumentTests: XCTestCase {
    private func titles(_ document: ListDocument) -> [String] {
        document.wholeItems.map(\.title)
    }

    /// Titles as read back from the database, ordered by rank.
    private func storedTitles(_ store: TodoStore, _ document: ListDocument) throws -> [String] {
        try store.queue.read { db in
            try String.fetchAll(db, sql: "SELECT title FROM item WHERE list_id = ? ORDER BY rank", arguments: [document.list.id])
        }
    }

    func testInsertAtTopBetweenAndEnd() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["b", "d"])
        try document.insert(title: "a", at: 0)
        try document.insert(title: "c", at: 2)
        try document.insert(title: "e", at: 4)
        XCTAssertEqual(titles(document), ["a", "b", "c", "d", "e"])
        XCTAssertEqual(try storedTitles(store, document), ["a", "b", "c", "d", "e"])
    }

    func testInsertBetweenTwoRowsRenumbersNoOtherRow() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["a", "b", "c", "d"])
        let ranks = "SELECT id, rank FROM item ORDER BY id"
        let before = try store.queue.read { try Row.fetchAll($0, sql: ranks) }
        try document.insert(title: "between", at: 2)
        let after = try store.queue.read { try Row.fetchAll($0, sql: ranks) }
        XCTAssertEqual(after.count, before.count + 1)
        XCTAssertEqual(Array(after.prefix(before.count)), before)
    }

    func testRankExhaustionBetweenNeighboursStillOrders() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["first", "last"])
        // Always insert right after "first": each insert halves the same gap until none is left.
        var expected = ["first", "last"]
        for number in 1...80 {
            try document.insert(title: "n\(number)", at: 1)
            expected.insert("n\(number)", at: 1)
        }
        XCTAssertEqual(titles(document), expected)
        XCTAssertEqual(try storedTitles(store, document), expected)
        let ranks = document.wholeItems.map(\.rank)
        XCTAssertEqual(ranks, ranks.sorted())
        XCTAssertEqual(Set(ranks).count, ranks.count)
    }

    func testRenumberingTouchesOnlyTheRowsNearTheInsert() throws {
        let db = TestDatabase()
        let (store, document) = try db.document((1...1000).map { "item \($0)" })
        let before = Dictionary(uniqueKeysWithValues: document.wholeItems.map { ($0.id!, $0.rank) })
        var expected = (1...1000).map { "item \($0)" }
        for number in 1...40 {  // More inserts at one place than a gap has halvings.
            try document.insert(title: "n\(number)", at: 500)
            expected.insert("n\(number)", at: 500)
        }
        XCTAssertEqual(titles(document), expected)
        XCTAssertEqual(try storedTitles(store, document), expected)
        let ranks = document.wholeItems.map(\.rank)
        XCTAssertEqual(ranks, ranks.sorted())
        XCTAssertEqual(Set(ranks).count, ranks.count)
        let moved = document.wholeItems.filter { item in before[item.id!].map { $0 != item.rank } ?? false }
        XCTAssertGreaterThan(moved.count, 0, "a renumbering happened")
        XCTAssertLessThan(moved.count, 100, "only rows near the inserts were renumbered")
    }

    func testMovesThatExhaustAGapStillOrder() throws {
        let db = TestDatabase()
        var expected = (1...60).map { "item \($0)" }
        let (store, document) = try db.document(expected)
        for _ in 1...60 {  // Always move the last row to just after the first: one gap, halved each time.
            try document.move(document.wholeItems.last!.id!, to: 1)
            expected.insert(expected.removeLast(), at: 1)
        }
        XCTAssertEqual(titles(document), expected)
        XCTAssertEqual(try storedTitles(store, document), expected)
        XCTAssertEqual(document.wholeItems.map(\.rank), document.wholeItems.map(\.rank).sorted())
    }

    func testMoveUpAndDown() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["a", "b", "c"])
        try document.move(document.wholeItems[2].id!, to: 0)
        XCTAssertEqual(titles(document), ["c", "a", "b"])
        try document.move(document.wholeItems[0].id!, to: 1)
        XCTAssertEqual(titles(document), ["a", "c", "b"])
        XCTAssertEqual(try storedTitles(store, document), ["a", "c", "b"])
    }

    func testCompleteIsStored() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["a"])
        let id = document.wholeItems[0].id!
        try document.toggleCompleted(id)
        let stored = try store.queue.read { try Bool.fetchOne($0, sql: "SELECT completed FROM item WHERE id = ?", arguments: [id]) }
        XCTAssertEqual(stored, true)
        try document.toggleCompleted(id)
        XCTAssertFalse(document.wholeItems[0].isCompleted)
    }

    func testDeleteUndoRedo() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["a", "b", "c"])
        let b = document.wholeItems[1]
        try document.delete(b.id!)
        XCTAssertEqual(try storedTitles(store, document), ["a", "c"])
        XCTAssertEqual(try document.undo(), .delete(b, at: 1))
        XCTAssertEqual(try storedTitles(store, document), ["a", "b", "c"])
        XCTAssertEqual(document.wholeItems[1].id, b.id, "undo restores the same item")
        try document.redo()
        XCTAssertEqual(try storedTitles(store, document), ["a", "c"])
        XCTAssertFalse(document.canRedo)
    }

    /// Two rows deleted one after the other come back in their order when both deletions are
    /// undone (kill trials, seed 424245: items added at the top, the lower of two deleted rows
    /// came back with a new rank that put the other one under it).
    func testTwoDeletionsUndoneInTurnPutTheRowsBackInTheirOrder() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["a"])
        for title in ["b", "c", "d"] { try document.insert(title: title, at: 0) }
        XCTAssertEqual(try storedTitles(store, document), ["d", "c", "b", "a"])
        try document.delete(document.wholeItems[2].id!)
        try document.delete(document.wholeItems[2].id!)
        XCTAssertEqual(try storedTitles(store, document), ["d", "c"])
        try document.undo()
        try document.undo()
        XCTAssertEqual(document.wholeItems.map(\.title), ["d", "c", "b", "a"])
        XCTAssertEqual(try storedTitles(store, document), ["d", "c", "b", "a"])
    }

    /// A deleted row comes back where it was when the rows around it were moved and moved back
    /// in between: the move's undo gives the moved row a new rank, which may fall on the other
    /// side of the deleted row's own (kill trials, seed 435088: delete B, move A down, undo
    /// twice, and B came back above A).
    func testADeletionUndoneAfterAMoveAndItsUndoComesBackInPlace() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["b", "c", "d"])
        try document.insert(title: "a", at: 0)
        try document.delete(document.wholeItems[1].id!)
        try document.move(document.wholeItems[0].id!, to: 1)
        XCTAssertEqual(titles(document), ["c", "a", "d"])
        try document.undo()
        try document.undo()
        XCTAssertEqual(titles(document), ["a", "b", "c", "d"])
        XCTAssertEqual(try storedTitles(store, document), ["a", "b", "c", "d"])
        try document.redo()
        try document.redo()
        XCTAssertEqual(try storedTitles(store, document), ["c", "a", "d"])
    }

    func testUndoRedoOfEveryKindOfEdit() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["a", "b"])
        let a = document.wholeItems[0].id!
        try document.rename(a, to: "A")
        try document.setCompleted(a, true)
        try document.move(a, to: 1)
        try document.insert(title: "new", at: 0)
        XCTAssertEqual(titles(document), ["new", "b", "A"])
        for _ in 0..<4 { try document.undo() }
        XCTAssertEqual(titles(document), ["a", "b"])
        XCTAssertFalse(document.wholeItems[0].isCompleted)
        XCTAssertNil(try document.undo())
        for _ in 0..<4 { try document.redo() }
        XCTAssertEqual(titles(document), ["new", "b", "A"])
        XCTAssertEqual(try storedTitles(store, document), ["new", "b", "A"])
        XCTAssertTrue(document.wholeItems[2].isCompleted)
    }

    func testANewItemIsStoredWithItsTitleAsOneUndo() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["a"])
        try document.insert(title: "milk", at: 0)
        XCTAssertEqual(try storedTitles(store, document), ["milk", "a"])
        try document.undo()
        XCTAssertEqual(titles(document), ["a"])
        XCTAssertEqual(try storedTitles(store, document), ["a"])
        try document.redo()
        XCTAssertEqual(titles(document), ["milk", "a"])
    }

    func testChangesAreReported() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["a", "b"])
        var changes: [ListChange] = []
        document.onChanges = { changes += $0 }
        let item = try document.insert(title: "c", at: 2)
        try document.move(item.id!, to: 0)
        try document.rename(item.id!, to: "C")
        try document.delete(item.id!)
        XCTAssertEqual(changes, [.inserted(at: 2), .moved(from: 2, to: 0), .updated(at: 0), .removed(at: 0)])
    }

    func testReopenFindsTheSameList() throws {
        let db = TestDatabase()
        do {
            let (_, document) = try db.document(["a", "b"])
            try document.insert(title: "kept", at: 1)
            try document.toggleCompleted(document.wholeItems[0].id!)
        }
        let store = try db.openStore()
        XCTAssertFalse(store.isNew)
        let document = try XCTUnwrap(store.document(listID: nil))
        XCTAssertEqual(titles(document), ["a", "kept", "b"])
        XCTAssertTrue(document.wholeItems[0].isCompleted)
    }
}
