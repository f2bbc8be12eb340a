import GRDB
import XCTest
@testable import FlickCore

/// The lists overview's document: order, counts, and undo for every change to the lists.
final class ListsDocumentTests: XCTestCase {
    private func names(_ document: ListsDocument) -> [String] {
        document.summaries.map(\.list.name)
    }

    /// Names as read back from the database by rank: what a restart would show.
    private func storedNames(_ store: TodoStore) throws -> [String] {
        try store.lists().map(\.name)
    }

    private func storeWithLists(_ lists: [(String, [String])]) throws -> (TestDatabase, TodoStore, ListsDocument) {
        let db = TestDatabase()
        let store = try db.openStore()
        for (name, titles) in lists { try store.createList(name: name, titles: titles) }
        return (db, store, try store.listsDocument())
    }

    /// Coming back to the overview with nothing changed counts nothing again (`StoreVersion`);
    /// an edit here or another program's write is counted.
    func testCountsAreReadAgainOnlyAfterAWrite() throws {
        let (db, store, document) = try storeWithLists([("Groceries", ["milk", "eggs"]), ("Work", ["report"])])
        let counted = CountedStatements()
        store.queue.inDatabase { db in
            db.trace { event in
                if case let .statement(statement) = event, statement.sql.contains("count(*)") { counted.add() }
            }
        }
        try document.refreshCounts()
        let first = counted.count
        XCTAssertGreaterThan(first, 0)
        try document.refreshCounts()
        XCTAssertEqual(counted.count, first, "nothing changed: nothing counted")

        let groceries = try XCTUnwrap(store.document(listID: store.lists()[0].id))
        try groceries.setCompleted(groceries.wholeItems[0].id!, true)
        try document.refreshCounts()
        XCTAssertEqual(document.summaries.map(\.unfinished), [1, 1], "this store's own edit")

        let other = try DatabaseQueue(path: db.url.path)
        try other.write { db in try db.execute(sql: "UPDATE item SET completed = 1 WHERE title = 'report'") }
        try document.refreshCounts()
        XCTAssertEqual(document.summaries.map(\.unfinished), [1, 0], "another program's write")
    }

    func testSummariesAreInRankOrderWithUnfinishedCounts() throws {
        let (_, store, _) = try storeWithLists([("Groceries", ["milk", "eggs"]), ("Work", ["report"]), ("Empty", [])])
        let groceries = try XCTUnwrap(store.document(listID: store.lists()[0].id))
        try groceries.setCompleted(groceries.wholeItems[0].id!, true)
        let document = try store.listsDocument()
        XCTAssertEqual(names(document), ["Groceries", "Work", "Empty"])
        XCTAssertEqual(document.summaries.map(\.unfinished), [1, 1, 0])
    }

    func testCreateAtAPositionRenameAndUndoRedo() throws {
        let (_, store, document) = try storeWithLists([("A", []), ("C", [])])
        let created = try document.create(name: "B", at: 1)
        XCTAssertNotNil(created.id)
        XCTAssertEqual(names(document), ["A", "B", "C"])
        XCTAssertEqual(try storedNames(store), ["A", "B", "C"])
        try document.rename(created.id!, to: "Bee")
        XCTAssertEqual(try storedNames(store), ["A", "Bee", "C"])
        try document.undo()
        try document.undo()
        XCTAssertEqual(try storedNames(store), ["A", "C"])
        try document.redo()
        XCTAssertEqual(try storedNames(store), ["A", "B", "C"])
        XCTAssertEqual(document.summaries[1].list.id, created.id, "redo brings back the same list")
    }

    func testMoveIsStoredAndSurvivesManyMovesBetweenTheSameNeighbours() throws {
        let (_, store, document) = try storeWithLists([("A", []), ("B", []), ("C", []), ("D", [])])
        // Moving the last list between the first two again and again exhausts that gap.
        var expected = ["A", "B", "C", "D"]
        for _ in 0..<80 {
            let last = document.summaries.last!.list
            try document.move(last.id!, to: 1)
            expected.insert(expected.removeLast(), at: 1)
            XCTAssertEqual(names(document), expected)
        }
        XCTAssertEqual(try storedNames(store), expected)
        try document.undo()
        expected.insert(expected.remove(at: 1), at: expected.count)
        XCTAssertEqual(try storedNames(store), expected)
    }

    func testDeleteRemovesTheItemsInOneTransactionAndUndoRestoresThemWithTheirIds() throws {
        let (_, store, document) = try storeWithLists([("Groceries", ["milk", "eggs", "bread"]), ("Work", ["report"])])
        let groceries = document.summaries[0].list
        let before = try XCTUnwrap(store.document(listID: groceries.id)).items
        try document.delete(groceries.id!)
        XCTAssertEqual(names(document), ["Work"])
        let orphans = try store.queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM item WHERE list_id = ?", arguments: [groceries.id]) }
        XCTAssertEqual(orphans, 0)

        try document.undo()
        XCTAssertEqual(names(document), ["Groceries", "Work"])
        XCTAssertEqual(document.summaries[0].list, groceries)
        XCTAssertEqual(document.summaries[0].unfinished, 3)
        XCTAssertEqual(try XCTUnwrap(store.document(listID: groceries.id)).items, before, "same ids, titles, ranks and states")
    }

    func testCompleteAllMarksOnlyTheOpenItemsAndUndoReopensOnlyThose() throws {
        let (_, store, document) = try storeWithLists([("Home", ["a", "b", "c"])])
        let home = try XCTUnwrap(store.document(listID: document.summaries[0].list.id))
        try home.setCompleted(home.wholeItems[1].id!, true)
        XCTAssertEqual(try document.completeAll(home.list.id!), 2)
        XCTAssertEqual(document.summaries[0].unfinished, 0)
        XCTAssertEqual(try store.document(listID: home.list.id)?.wholeItems.map(\.isCompleted), [true, true, true])
        try document.undo()
        XCTAssertEqual(try store.document(listID: home.list.id)?.wholeItems.map(\.isCompleted), [false, true, false])
        XCTAssertEqual(document.summaries[0].unfinished, 2)
        XCTAssertEqual(try document.completeAll(home.list.id!), 2)
        XCTAssertEqual(try document.completeAll(home.list.id!), 0, "nothing left to complete")
    }

    func testObserverHearsEveryChange() throws {
        let (_, _, document) = try storeWithLists([("A", ["x"]), ("B", [])])
        var heard: [ListChange] = []
        document.onChanges = { heard += $0 }
        let created = try document.create(name: "C", at: 2)
        try document.move(created.id!, to: 0)
        try document.rename(created.id!, to: "See")
        try document.completeAll(document.summaries[1].list.id!)
        try document.delete(created.id!)
        XCTAssertEqual(heard, [.inserted(at: 2), .moved(from: 2, to: 0), .updated(at: 0), .updated(at: 1), .removed(at: 0)])
    }

    func testRefreshCountsReportsOnlyTheListsWhoseCountChanged() throws {
        let (_, store, document) = try storeWithLists([("A", ["x", "y"]), ("B", ["z"])])
        var heard: [ListChange] = []
        document.onChanges = { heard += $0 }
        let second = try XCTUnwrap(store.document(listID: document.summaries[1].list.id))
        try second.setCompleted(second.wholeItems[0].id!, true)
        try document.refreshCounts()
        XCTAssertEqual(heard, [.updated(at: 1)])
        XCTAssertEqual(document.summaries.map(\.unfinished), [2, 0])
    }

    func testReadingAgainReportsWhatChangedElsewhereRowByRow() throws {
        let (_, store, document) = try storeWithLists([("A", ["a"]), ("B", []), ("C", []), ("D", [])])
        var mirror = names(document)
        document.onChanges = { changes in
            let fresh = self.names(document)
            for change in changes {
                switch change {
                case let .inserted(at): mirror.insert(fresh[at], at: at)
                case let .removed(at): mirror.remove(at: at)
                case let .moved(from, to): mirror.insert(mirror.remove(at: from), at: to)
                case let .updated(at): mirror[at] = fresh[at]
                case let .reordered(rows): mirror.replaceSubrange(rows, with: fresh[rows])
                }
            }
        }
        // Another document (as an import or a sync would) changes the lists.
        let elsewhere = try store.listsDocument()
        try elsewhere.delete(elsewhere.summaries[1].list.id!)
        try elsewhere.rename(elsewhere.summaries[1].list.id!, to: "C2")
        try elsewhere.move(elsewhere.summaries[0].list.id!, to: 2)
        try elsewhere.create(name: "E", at: 1)
        try document.readAgain()
        XCTAssertEqual(names(document), try storedNames(store))
        XCTAssertEqual(mirror, names(document), "the changes told, applied in turn, give the lists read")
        XCTAssertEqual(names(document), ["C2", "E", "D", "A"])
        XCTAssertEqual(document.summaries.map(\.unfinished), [0, 0, 0, 1])
    }
}

/// The overview's counts can wait until it is shown.
final class DeferredCountTests: XCTestCase {
    func testCountsAreZeroUntilRefreshedWhenNotCountedAtOnce() throws {
        let db = TestDatabase()
        let store = try db.openStore()
        try store.createList(name: "A", titles: ["x", "y"])
        let document = try store.listsDocument(countingNow: false)
        XCTAssertEqual(document.summaries.map(\.unfinished), [0])
        var heard: [ListChange] = []
        document.onChanges = { heard += $0 }
        try document.refreshCounts()
        XCTAssertEqual(document.summaries.map(\.unfinished), [2])
        XCTAssertEqual(heard, [.updated(at: 0)])
    }
}


/// A count that a trace, which SQLite calls on the store's queue, adds to.
private final class CountedStatements: @unchecked Sendable {
    private(set) var count = 0
    func add() { count += 1 }
}
