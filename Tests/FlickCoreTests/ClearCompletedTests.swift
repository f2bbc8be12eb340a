import GRDB
import XCTest
@testable import FlickCore

/// Clearing the completed items: one transaction, one undoable step, positions and ids restored.
final class ClearCompletedTests: XCTestCase {
    private func storedTitles(_ store: TodoStore, _ document: ListDocument) throws -> [String] {
        try store.queue.read { db in
            try String.fetchAll(db, sql: "SELECT title FROM item WHERE list_id = ? ORDER BY rank", arguments: [document.list.id])
        }
    }

    private func complete(_ titles: [String], in document: ListDocument) throws {
        for title in titles {
            try document.setCompleted(try XCTUnwrap(document.wholeItems.first { $0.title == title }?.id), true)
        }
    }

    func testClearRemovesTheCompletedItemsInOneTransactionAndOneUndo() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["a", "b", "c", "d", "e"])
        try complete(["a", "c", "e"], in: document)
        var commits = 0
        store.queue.add(transactionObserver: CommitCounter { commits += 1 }, extent: .databaseLifetime)

        XCTAssertEqual(try document.clearCompleted(), 3)
        XCTAssertEqual(commits, 1)
        XCTAssertEqual(document.wholeItems.map(\.title), ["b", "d"])
        XCTAssertEqual(try storedTitles(store, document), ["b", "d"])

        let undone = try document.undo()
        guard case .deleteAll(let placed)? = undone else { return XCTFail("undid \(String(describing: undone))") }
        XCTAssertEqual(placed.map(\.index), [0, 2, 4])
        XCTAssertEqual(document.wholeItems.map(\.title), ["a", "b", "c", "d", "e"])
        XCTAssertEqual(document.wholeItems.map(\.isCompleted), [true, false, true, false, true])
        XCTAssertEqual(try storedTitles(store, document), ["a", "b", "c", "d", "e"])
        XCTAssertEqual(document.wholeItems.filter(\.isCompleted).map(\.id), placed.map(\.item.id), "ids kept")
        XCTAssertEqual(commits, 2, "the undo is one transaction too")

        try document.redo()
        XCTAssertEqual(try storedTitles(store, document), ["b", "d"])
        try document.undo()
        XCTAssertEqual(try storedTitles(store, document), ["a", "b", "c", "d", "e"])
        // The earlier completions are still undoable, one by one, after the clear's undo.
        try document.undo()
        XCTAssertEqual(document.wholeItems.map(\.isCompleted), [true, false, true, false, false])
    }

    func testNothingCompletedClearsNothingAndRecordsNoUndo() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["a", "b"])
        XCTAssertEqual(try document.clearCompleted(), 0)
        XCTAssertFalse(document.canUndo)
    }

    /// Clearing and its undo are each told in one call (the window refreshes its rows once per
    /// call), whose positions are valid at each step when applied in order.
    func testObserverHearsPositionsValidAtEachStepInOneCall() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["a", "b", "c", "d"])
        try complete(["b", "d"], in: document)
        var mirror = document.wholeItems.map(\.title)
        var calls = 0
        document.onChanges = { changes in
            calls += 1
            for change in changes {
                switch change {
                case let .removed(index): mirror.remove(at: index)
                case let .inserted(index): mirror.insert(document.wholeItems[index].title, at: index)
                default: XCTFail("unexpected \(change)")
                }
            }
        }
        try document.clearCompleted()
        XCTAssertEqual(mirror, ["a", "c"])
        XCTAssertEqual(calls, 1)
        try document.undo()
        XCTAssertEqual(mirror, ["a", "b", "c", "d"])
        XCTAssertEqual(calls, 2)
    }

    func testRestoreFindsRoomWhereNeighboursWereRenumbered() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["first", "done", "last"])
        try complete(["done"], in: document)
        try document.clearCompleted()
        // Exhaust the gap between "first" and "last" so that ranks around it get renumbered.
        for number in 0..<70 { try document.insert(title: "new \(number)", at: 1) }
        for _ in 0..<70 { try document.undo() }
        XCTAssertEqual(document.wholeItems.map(\.title), ["first", "last"])
        try document.undo()
        XCTAssertEqual(document.wholeItems.map(\.title), ["first", "done", "last"])
        XCTAssertEqual(try storedTitles(store, document), ["first", "done", "last"])
    }

    /// The undo puts the rows back in one pass (`OrderedMerge`); where no rank is left between
    /// the neighbours of one of them, rows around it are renumbered mid-way, and the rows
    /// already put back and those still to come keep the ranks the database has.
    func testUndoRenumbersMidWayAndKeepsTheOrderAndTheRanksTheDatabaseHas() throws {
        let db = TestDatabase()
        let titles = (0..<12).map { "item \($0)" }
        let (store, document) = try db.document(titles)
        try complete(["item 1", "item 4", "item 5", "item 9", "item 11"], in: document)
        try document.clearCompleted()
        // Another writer packs the ranks that are left: no room between any two of them.
        try store.queue.write { db in
            for (rank, item) in document.wholeItems.enumerated() {
                try db.execute(sql: "UPDATE item SET rank = ? WHERE id = ?", arguments: [rank, item.id])
            }
        }
        try document.absorb(changedItemIDs: Set(document.wholeItems.compactMap(\.id)))
        XCTAssertEqual(document.wholeItems.map(\.rank), Array(0..<7))

        try document.undo()
        XCTAssertEqual(document.wholeItems.map(\.title), titles)
        XCTAssertEqual(try storedTitles(store, document), titles)
        let stored = try store.queue.read { db in
            try Int64.fetchAll(db, sql: "SELECT rank FROM item WHERE list_id = ? ORDER BY rank", arguments: [document.list.id])
        }
        XCTAssertEqual(document.wholeItems.map(\.rank), stored, "the document holds the ranks the database has")
        XCTAssertEqual(Set(stored).count, titles.count)
    }

    /// The undo writes the items back in the order of their ids, whatever their places: the
    /// search index (FTS5) starts a new segment at every smaller id than the one before, so
    /// items added at the top (ids falling down the list) made it write about twice the rows.
    func testUndoOfClearCompletedWritesTheSearchIndexOnceForItemsAddedAtTheTop() throws {
        let db = TestDatabase()
        let (store, document) = try db.document([])
        let count = 300
        for number in 0..<count { try document.insert(title: "Item \(number)", at: 0) }
        for item in document.wholeItems { try document.setCompleted(try XCTUnwrap(item.id), true) }
        let ids = document.wholeItems.compactMap(\.id)
        XCTAssertGreaterThan(zip(ids, ids.dropFirst()).filter { $0 > $1 }.count, count / 2, "ids fall down the list")
        try document.clearCompleted()
        let before = try store.queue.read { $0.totalChangesCount }

        try document.undo()

        let changes = try store.queue.read { $0.totalChangesCount } - before
        // The items, the index's size of each, and what triggers and the index's pages add: 904
        // rows when this was written; 2,471 when the items were written in the list's order.
        // Since schema v11 each item back also takes its entry out of Recently Deleted: 1,204.
        XCTAssertLessThan(changes, 5 * count, "rows written by the undo")
        XCTAssertEqual(document.wholeItems.compactMap(\.id), ids)
        let found = try store.queue.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM item_search WHERE item_search MATCH 'item'") ?? 0
        }
        XCTAssertEqual(found, count, "every item found by a search again")
    }
}
