import FuzzSupport
import GRDB
import XCTest
@testable import FlickCore

/// A list keeps its items' rows in memory and reads titles, dates and marks when a row is shown
/// (issue 30): what it shows is what is stored, and what it writes never comes from a row.
final class LazyRowsTests: XCTestCase {
    func testEveryItemOfALongListIsReadWholeAndInOrder() throws {
        let titles = (0..<3_000).map { "item \($0)" }
        let (_, document) = try TestDatabase().document(titles)
        XCTAssertEqual(document.item(at: 2_500).title, "item 2500")
        XCTAssertEqual(document.item(at: 0).title, "item 0")
        XCTAssertEqual(document.wholeItems.map(\.title), titles)
    }

    func testARowShowsWhatIsStoredOnceItsItemIsNoLongerCached() throws {
        let titles = (0..<3_000).map { "item \($0)" }
        let (store, document) = try TestDatabase().document(titles)
        XCTAssertEqual(document.item(at: 0).title, "item 0")
        // Another writer renames it; reading every other row pushes it out of the cache.
        try store.queue.write { db in try db.execute(sql: "UPDATE item SET title = 'renamed' WHERE id = ?", arguments: [document.items[0].id]) }
        _ = document.wholeItems
        XCTAssertEqual(document.item(at: 0).title, "renamed")
    }

    func testAnAbsorbedChangeIsShownAndSaidToHaveChanged() throws {
        let (store, document) = try TestDatabase().document(["a", "b", "c"])
        var heard: [ListChange] = []
        document.onChanges = { heard += $0 }
        XCTAssertEqual(document.item(at: 1).title, "b")
        let id = document.items[1].id
        try store.queue.write { db in try db.execute(sql: "UPDATE item SET title = 'B', due_day = 20261125 WHERE id = ?", arguments: [id]) }
        try document.absorb(changedItemIDs: [id])
        XCTAssertEqual(heard, [.updated(at: 1)])
        XCTAssertEqual(document.item(at: 1).title, "B")
        XCTAssertEqual(document.item(at: 1).due?.dayNumber, 20_261_125)
    }

    /// Taking in a change finds the changed items by id. Asked with `list_id = ?`, SQLite went
    /// through the list's whole index to find them, 12-20 ms at 100,000 items after every edit.
    func testTakingInAChangeLooksItsItemsUpByID() throws {
        let (store, document) = try TestDatabase().document((0..<50).map { "item \($0)" })
        let id = document.items[10].id
        try store.queue.write { db in try db.execute(sql: "UPDATE item SET title = 'changed' WHERE id = ?", arguments: [id]) }
        let statements = SQLStatements()
        store.queue.writeWithoutTransaction { db in
            db.trace { event in if case let .statement(statement) = event { statements.note(statement.expandedSQL) } }
        }
        try document.absorb(changedItemIDs: [id])
        store.queue.writeWithoutTransaction { db in db.trace(options: []) { _ in } }
        XCTAssertEqual(document.item(at: 10).title, "changed")

        let reads = statements.all.filter { $0.contains("json_each") }
        XCTAssertFalse(reads.isEmpty, "the changed items were read")
        for sql in reads {
            let plan = try store.queue.readKeepingStatements { db in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN \(sql)").map { $0[3] as String }
            }
            XCTAssertTrue(plan.contains { $0.contains("INTEGER PRIMARY KEY") }, "by id: \(plan) for \(sql)")
            XCTAssertFalse(plan.contains { $0.contains("item_rows") || $0.contains("item_uid") }, "not through the list: \(plan)")
        }
    }

    func testAMoveWritesOnlyItsRankAndKeepsATitleChangedElsewhere() throws {
        let (store, document) = try TestDatabase().document(["a", "b", "c"])
        let id = document.items[0].id
        XCTAssertEqual(document.item(at: 0).title, "a")
        // Renamed by another writer and not yet taken in: a move must not write the old title back.
        try store.queue.write { db in try db.execute(sql: "UPDATE item SET title = 'renamed' WHERE id = ?", arguments: [id]) }
        try document.move(id, to: 2)
        let stored = try store.queue.read { db in try String.fetchOne(db, sql: "SELECT title FROM item WHERE id = ?", arguments: [id]) }
        XCTAssertEqual(stored, "renamed")
        XCTAssertEqual(document.items.map(\.id).last, id)
    }

    func testClearCompletedAndItsUndoPutBackWholeItems() throws {
        let titles = (0..<500).map { "item \($0)" }
        let (store, document) = try TestDatabase().document(titles)
        for index in stride(from: 0, to: 500, by: 5) { try document.setCompleted(document.items[index].id, true) }
        try store.queue.write { db in try db.execute(sql: "UPDATE item SET due_day = 20261201 WHERE title = 'item 495'") }
        XCTAssertEqual(try document.clearCompleted(), 100)
        XCTAssertEqual(document.items.count, 400)
        try document.undo()
        XCTAssertEqual(document.wholeItems.map(\.title), titles)
        XCTAssertEqual(document.item(at: 495).due?.dayNumber, 20_261_201)
        XCTAssertTrue(document.item(at: 495).isCompleted)
    }

    func testThisDocumentsOwnWritesComeBackAsNoChange() throws {
        let (_, document) = try TestDatabase().document((0..<50).map { "item \($0)" })
        let inserted = try document.insert(title: "new", at: 10)
        try document.update(document.items[3].id) { $0.notes = "notes"; $0.title = "renamed" }
        try document.setCompleted(document.items[5].id, true)
        try document.setCompleted(document.items[7].id, true)
        try document.clearCompleted()
        try document.undo()
        var heard: [ListChange] = []
        document.onChanges = { heard += $0 }
        try document.absorb(changedItemIDs: Set(document.items.map(\.id)))
        XCTAssertEqual(heard, [], "nothing another writer did, so nothing to show again")
        XCTAssertEqual(document.item(at: 10).title, inserted.title)
        XCTAssertEqual(document.item(at: 3).title, "renamed")
        XCTAssertTrue(document.item(at: 3).marks.contains(.notes))
    }

    /// Another writer completes, moves and reranks items, and makes subtasks of some (one of a
    /// parent that is not in the list, shown on the top level): taking in many ids (a read of
    /// the list's rows) and a few (looked up by id), with some items cached, both leave the rows
    /// a document opened afresh has. (5,000 items: a document holds up to 2,048 whole.)
    func testTakingInManyOrFewChangesGivesTheRowsAFreshDocumentHas() throws {
        for changed in [1_000, 100] {
            let store = try TestDatabase().openStore()
            let list = try store.createList(name: "Long", titles: (0..<5_000).map { "item \($0)" })
            let other = try store.createList(name: "Other")
            let document = try XCTUnwrap(store.document(listID: list.id))
            let ids = document.items.map(\.id)
            for index in stride(from: 0, to: 5_000, by: 97) { _ = document.item(at: index) }
            var random = FuzzRandom(seed: FuzzRandom.caseSeed(60, index: changed))
            let touched = Array(ids.shuffled(using: &random)[..<changed])
            try store.queue.write { db in
                for (index, id) in touched.enumerated() {
                    switch index % 6 {
                    case 0: try db.execute(sql: "UPDATE item SET completed = 1 WHERE id = ?", arguments: [id])
                    case 1: try db.execute(sql: "UPDATE item SET list_id = ? WHERE id = ?", arguments: [other.id, id])
                    case 2: try db.execute(sql: "UPDATE item SET rank = -rank + 17 WHERE id = ?", arguments: [id])
                    case 3: try db.execute(sql: "UPDATE item SET parent_uid = (SELECT uid FROM item WHERE id = ?) WHERE id = ?",
                                           arguments: [ids[0], id])
                    case 4: try db.execute(sql: "UPDATE item SET parent_uid = 'not-in-this-list' WHERE id = ?", arguments: [id])
                    default: try db.execute(sql: "UPDATE item SET title = 'renamed' WHERE id = ?", arguments: [id])
                    }
                }
            }
            try document.absorb(changedItemIDs: Set(touched))
            let fresh = try XCTUnwrap(store.document(listID: list.id))
            XCTAssertEqual(document.items, fresh.items, "\(changed) ids")
            XCTAssertEqual(document.wholeItems.map(\.title), fresh.wholeItems.map(\.title), "\(changed) ids")
        }
    }
}
