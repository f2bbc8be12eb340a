import Foundation
import GRDB
import XCTest
@testable import FlickCore

/// Recently Deleted (issue 57, schema v11): every way an item is deleted keeps it, in the
/// deletion's transaction; an undo takes it back out; a restore puts the whole row back as it
/// was; 30 days later it goes for good.
final class RecentlyDeletedTests: XCTestCase {
    private var database: TestDatabase!
    private var store: TodoStore!

    override func setUpWithError() throws {
        database = TestDatabase()
        store = try database.openStore()
    }

    /// A list "Work": Alpha, Beta (with iCalendar text, X- properties, tags, notes, a due date
    /// and a priority, moved since its text was set), Gamma; and Beta's subtask Beta one.
    private func work() throws -> ListDocument {
        let list = try store.createList(name: "Work", titles: ["Alpha"])
        try store.queue.write { db in
            let top = try Int64.fetchOne(db, sql: "SELECT rank FROM item WHERE list_id = ?", arguments: [list.id])!
            try db.execute(sql: """
                INSERT INTO item (list_id, title, rank, uid, notes, due_day, due_minute, due_zone, priority, tags, ical,
                                  created_at, modified_at)
                VALUES (?, 'Beta', ?, 'beta-uid', 'notes of beta', 20270105, 540, 'Europe/Berlin', 1, 'home' || char(10) || 'car',
                        'BEGIN:VTODO' || char(13, 10) || 'UID:beta-uid' || char(13, 10) || 'X-OTHER-APP:kept' || char(13, 10) ||
                        'END:VTODO' || char(13, 10), 1700000000000, 1700000100000);
                UPDATE item SET rank = rank + 7 WHERE uid = 'beta-uid';
                INSERT INTO item (list_id, title, rank, uid, parent_uid) VALUES (?, 'Beta one', ?, 'beta-one-uid', 'beta-uid');
                INSERT INTO item (list_id, title, rank) VALUES (?, 'Gamma', ?);
                """, arguments: [list.id, top + 1000, list.id, top + 3000, list.id, top + 2000])
        }
        return try XCTUnwrap(store.document(listID: list.id))
    }

    private func id(_ title: String) throws -> Int64 {
        try XCTUnwrap(store.queue.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM item WHERE title = ?", arguments: [title]) })
    }

    /// The item's whole stored row, nil when it is not there.
    private func row(uid: String) throws -> Row? {
        try store.queue.read { db in try Row.fetchOne(db, sql: "SELECT * FROM item WHERE uid = ?", arguments: [uid]) }
    }

    private func uid(_ title: String) throws -> String {
        try XCTUnwrap(store.queue.read { db in try String.fetchOne(db, sql: "SELECT uid FROM item WHERE title = ?", arguments: [title]) })
    }

    private func entryCount() throws -> Int {
        try store.queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM deleted_item")! }
    }

    // MARK: Every way of deleting keeps the item

    func testADeletionKeepsTheWholeItemWithItsSubtasksAndItsList() throws {
        let document = try work()
        let beta = try XCTUnwrap(row(uid: "beta-uid"))
        try document.delete(try id("Beta"))
        let entries = try store.recentlyDeleted()
        XCTAssertEqual(entries.map(\.title), ["Beta"], "its subtask is kept with it, not as an entry of its own")
        XCTAssertEqual(entries[0].listName, "Work")
        XCTAssertEqual(entries[0].reason, .user)
        XCTAssertEqual(entries[0].uid, "beta-uid")
        XCTAssertEqual(entries[0].subtaskCount, 1)
        XCTAssertEqual(try entryCount(), 2)
        let kept = try XCTUnwrap(store.queue.read { db in
            try Row.fetchOne(db, sql: "SELECT \(SchemaV11.itemColumns) FROM deleted_item WHERE uid = 'beta-uid'")
        })
        for column in kept.columnNames where column != "item_id" {
            XCTAssertEqual(kept[column] as DatabaseValue, beta[column] as DatabaseValue, column)
        }
    }

    /// Restored from Recently Deleted while the deletion is still in the list's undo history
    /// (the window's Undo notice up): that undo has nothing left to do, and says so by
    /// undoing nothing, where it failed on the item's id and showed "could not be saved".
    func testUndoingADeletionRestoredMeanwhileDoesNothing() throws {
        let document = try work()
        try document.delete(try id("Gamma"))
        let entry = try XCTUnwrap(store.recentlyDeleted().first)
        _ = try store.restoreDeleted(entry.id)
        XCTAssertNil(try document.undo(), "nothing left to undo")
        let titles = try store.queue.read { db in try String.fetchAll(db, sql: "SELECT title FROM item WHERE title = 'Gamma'") }
        XCTAssertEqual(titles, ["Gamma"], "once, as restored")
        XCTAssertFalse(document.canUndo)
    }

    /// The undo of a deletion asks whether the item is back already in its own write: a read
    /// transaction of its own before it was a tenth of the undo's work (callgrind).
    func testTheUndoOfADeletionIsOneTransaction() throws {
        let document = try work()
        try document.delete(try id("Gamma"))
        let statements = SQLStatements()
        store.queue.writeWithoutTransaction { db in
            db.trace { event in if case let .statement(statement) = event { statements.note(statement.sql) } }
        }
        XCTAssertNotNil(try document.undo())
        store.queue.writeWithoutTransaction { db in db.trace(options: []) { _ in } }
        XCTAssertEqual(statements.all.filter { $0.hasPrefix("BEGIN") }.count, 1, "\(statements.all)")
        XCTAssertEqual(document.wholeItems.map(\.title), ["Alpha", "Beta", "Gamma"])
    }

    func testClearCompletedKeepsEveryClearedItem() throws {
        let document = try work()
        try document.toggleCompleted(try id("Alpha"))
        try document.toggleCompleted(try id("Gamma"))
        XCTAssertEqual(try document.clearCompleted(), 2)
        XCTAssertEqual(Set(try store.recentlyDeleted().map(\.title)), ["Alpha", "Gamma"])
    }

    func testASubtaskDeletedOnItsLevelIsKept() throws {
        _ = try work()
        let subtasks = try XCTUnwrap(store.subtaskDocument(parentID: try id("Beta")))
        try subtasks.delete(try id("Beta one"))
        XCTAssertEqual(try store.recentlyDeleted().map(\.title), ["Beta one"], "its parent is not deleted: an entry of its own")
    }

    func testADeletedListKeepsItsItemsAndARestoreMakesItAgain() throws {
        let document = try work()
        let listUID = document.list.uid
        let before = try XCTUnwrap(row(uid: "beta-uid"))
        try store.listsDocument().delete(document.list.id!)
        let entries = try store.recentlyDeleted()
        XCTAssertEqual(Set(entries.map(\.title)), ["Alpha", "Beta", "Gamma"])
        XCTAssertEqual(Set(entries.map(\.reason)), [.list])
        XCTAssertEqual(Set(entries.map(\.listName)), ["Work"])
        let beta = try XCTUnwrap(entries.first { $0.title == "Beta" })
        let restored = try store.restoreDeleted(beta.id)
        XCTAssertTrue(restored.madeListAgain)
        XCTAssertEqual(restored.subtaskCount, 1)
        let list = try XCTUnwrap(store.lists().first { $0.id == restored.listID })
        XCTAssertEqual(list.name, "Work")
        XCTAssertEqual(list.uid, listUID, "the list made again is the same list for a file or a calendar")
        let after = try XCTUnwrap(row(uid: "beta-uid"))
        for column in before.columnNames where column != "list_id" {
            XCTAssertEqual(after[column] as DatabaseValue, before[column] as DatabaseValue, column)
        }
        let alpha = try XCTUnwrap(try store.recentlyDeleted().first { $0.title == "Alpha" })
        XCTAssertEqual(try store.restoreDeleted(alpha.id).listID, restored.listID, "the next one goes to the list made again")
        XCTAssertEqual(try store.lists().filter { $0.name == "Work" }.count, 1)
    }

    func testTheServerRemovingAnItemKeepsItAsDeletedBySync() throws {
        let account = try store.addAccount(url: "http://127.0.0.1:5232", user: "alice")
        let list = try store.createList(name: "Synced", titles: ["kept", "gone"])
        try store.linkList(list.id!, accountID: account.id, url: "http://127.0.0.1:5232/alice/tasks/")
        for outgoing in try store.outbox(listID: list.id!).items {
            try store.itemSent(outgoing, href: "/alice/tasks/\(outgoing.item.uid).ics", etag: "\"e1\"", text: "BASE")
        }
        let goneUID = try uid("gone")
        try store.applyRemoved(hrefs: ["/alice/tasks/\(goneUID).ics"], listID: list.id!)
        let entries = try store.recentlyDeleted()
        XCTAssertEqual(entries.map(\.title), ["gone"])
        XCTAssertEqual(entries[0].reason, .sync)

        // Restored, it is sent again with its UID, as a new resource: the server has none.
        let restored = try store.restoreDeleted(entries[0].id)
        let outbox = try store.outbox(listID: list.id!)
        XCTAssertEqual(outbox.items.map(\.item.uid), [goneUID])
        XCTAssertEqual(outbox.items.map(\.href), [nil])
        XCTAssertTrue(outbox.tombstones.isEmpty)
        XCTAssertEqual(restored.itemID, try id("gone"))
    }

    func testADeletionNotSentYetIsTakenBackByARestoreAndTheResourceKept() throws {
        let account = try store.addAccount(url: "http://127.0.0.1:5232", user: "alice")
        let list = try store.createList(name: "Synced", titles: ["a"])
        try store.linkList(list.id!, accountID: account.id, url: "http://127.0.0.1:5232/alice/tasks/")
        for outgoing in try store.outbox(listID: list.id!).items {
            try store.itemSent(outgoing, href: "/alice/tasks/a.ics", etag: "\"e1\"", text: "BASE")
        }
        let document = try XCTUnwrap(store.document(listID: list.id))
        try document.delete(try id("a"))
        XCTAssertEqual(try store.outbox(listID: list.id!).tombstones.map(\.href), ["/alice/tasks/a.ics"])
        _ = try store.restoreDeleted(try store.recentlyDeleted()[0].id)
        let outbox = try store.outbox(listID: list.id!)
        XCTAssertTrue(outbox.tombstones.isEmpty, "the server's copy is not deleted")
        XCTAssertEqual(outbox.items.map(\.href), ["/alice/tasks/a.ics"], "it is sent again to the resource it had")
    }

    // MARK: Undo

    func testUndoingADeletionTakesItOutAndRedoingPutsItBack() throws {
        let document = try work()
        try document.delete(try id("Beta"))
        XCTAssertEqual(try entryCount(), 2)
        try document.undo()
        XCTAssertEqual(try entryCount(), 0, "the item and its subtask are no longer deleted")
        try document.redo()
        XCTAssertEqual(try store.recentlyDeleted().map(\.title), ["Beta"])
    }

    func testUndoingAClearAndAListDeletionTakesThemOut() throws {
        let document = try work()
        try document.toggleCompleted(try id("Gamma"))
        try document.clearCompleted()
        try document.undo()
        XCTAssertEqual(try entryCount(), 0)
        let lists = try store.listsDocument()
        try lists.delete(document.list.id!)
        XCTAssertEqual(try entryCount(), 4)
        try lists.undo()
        XCTAssertEqual(try entryCount(), 0)
    }

    // MARK: Restore

    func testARestoredItemIsTheItemItWasAtItsPlace() throws {
        let document = try work()
        let before = try XCTUnwrap(row(uid: "beta-uid"))
        let subtaskBefore = try XCTUnwrap(row(uid: "beta-one-uid"))
        let exportBefore = try store.exportedLists(ids: [document.list.id!])
        try document.delete(try id("Beta"))
        let restored = try store.restoreDeleted(try store.recentlyDeleted()[0].id)
        XCTAssertTrue(restored.atItsPlace)
        XCTAssertFalse(restored.madeListAgain)
        XCTAssertEqual(try row(uid: "beta-uid"), before, "the same id, UID, rank, times, text and fields")
        XCTAssertEqual(try row(uid: "beta-one-uid"), subtaskBefore)
        XCTAssertEqual(try store.exportedLists(ids: [document.list.id!]), exportBefore)
        XCTAssertEqual(try store.recentlyDeleted(), [])
        let reread = try XCTUnwrap(store.document(listID: document.list.id))
        XCTAssertEqual(reread.wholeItems.map(\.title), ["Alpha", "Beta", "Gamma"])
    }

    func testAnItemWhosePlaceIsTakenGoesToTheTop() throws {
        let document = try work()
        let betaRank = try XCTUnwrap(row(uid: "beta-uid"))["rank"] as Int64
        try document.delete(try id("Beta"))
        try store.queue.write { db in
            try db.execute(sql: "UPDATE item SET rank = ? WHERE title = 'Gamma'", arguments: [betaRank])
        }
        let restored = try store.restoreDeleted(try store.recentlyDeleted()[0].id)
        XCTAssertFalse(restored.atItsPlace)
        XCTAssertEqual(try XCTUnwrap(store.document(listID: document.list.id)).wholeItems.map(\.title), ["Beta", "Alpha", "Gamma"])
        XCTAssertEqual(try row(uid: "beta-uid")?["uid"] as String?, "beta-uid")
    }

    func testRestoringWhatIsNoLongerThereSaysSo() throws {
        XCTAssertThrowsError(try store.restoreDeleted(12345)) { error in
            XCTAssertEqual(error as? StoreError, .deletedItemNotFound(12345))
        }
    }

    // MARK: Going for good

    func testEntriesGoForGoodAfterThirtyDays() throws {
        let document = try work()
        try document.delete(try id("Alpha"))
        let day: TimeInterval = 86_400
        XCTAssertEqual(try store.recentlyDeleted(now: Date().addingTimeInterval(29 * day)).map(\.title), ["Alpha"])
        try document.delete(try id("Gamma"))
        XCTAssertEqual(try store.purgeRecentlyDeleted(now: Date().addingTimeInterval(31 * day)), 2)
        XCTAssertEqual(try store.recentlyDeleted(now: Date().addingTimeInterval(31 * day)), [])
        XCTAssertEqual(try entryCount(), 0)
    }

    func testThePurgeTakesOnlyWhatIsOlderThanThirtyDays() throws {
        let document = try work()
        try document.delete(try id("Alpha"))
        try store.queue.write { db in
            try db.execute(sql: "UPDATE deleted_item SET deleted_at = deleted_at - 31 * 86400000")
        }
        try document.delete(try id("Gamma"))
        XCTAssertEqual(try store.recentlyDeleted().map(\.title), ["Gamma"])
    }

    func testDeleteForeverTakesOneEntryWithItsSubtasksAndEmptyTakesAll() throws {
        let document = try work()
        try document.delete(try id("Beta"))
        try document.delete(try id("Alpha"))
        let entries = try store.recentlyDeleted()
        XCTAssertEqual(entries.map(\.title), ["Alpha", "Beta"], "newest first")
        try store.deleteForever(entries[1].id)
        XCTAssertEqual(try store.recentlyDeleted().map(\.title), ["Alpha"])
        XCTAssertEqual(try entryCount(), 1, "its subtask went with it")
        try store.emptyRecentlyDeleted()
        XCTAssertEqual(try entryCount(), 0)
    }

    // MARK: Naming an entry (flick --restore TEXT)

    func testAnExactTitleWinsElseOneEntryHoldingTheTextIgnoringCase() {
        let now = Date()
        let entries = ["Milk", "Oat milk", "Bread"].enumerated().map {
            DeletedItem(id: Int64($0.offset), title: $0.element, uid: "\($0.offset)", listName: "L", deletedAt: now, reason: .user)
        }
        let match = { (text: String) in TitleMatch(text, among: entries, title: \.title) }
        XCTAssertEqual(match("Milk"), .one(entries[0]))
        XCTAssertEqual(match("bread"), .one(entries[2]))
        XCTAssertEqual(match("milk"), .several([entries[0], entries[1]]))
        XCTAssertEqual(match("Eggs"), .none)
    }
}

/// `flick --delete TEXT`'s deletion (`TodoStore.deleteItem`), the command line's way.
final class CommandLineDeletionTests: XCTestCase {
    func testTheStoresDeletionTakesTheSubtasksAndKeepsThem() throws {
        let database = TestDatabase()
        let store = try database.openStore()
        let list = try store.createList(name: "Home")
        try store.queue.write { db in
            try db.execute(sql: """
                INSERT INTO item (list_id, title, rank, uid, parent_uid) VALUES (?, 'Paint', 0, 'p', NULL), (?, 'Buy paint', 1, 'b', 'p'),
                    (?, 'Other', 2, 'o', NULL)
                """, arguments: [list.id, list.id, list.id])
        }
        let items = try store.titledItems()
        XCTAssertEqual(items.map(\.title), ["Paint", "Buy paint", "Other"])
        XCTAssertEqual(TitleMatch("paint", among: items, title: \.title), .several([items[0], items[1]]))
        XCTAssertEqual(TitleMatch("Paint", among: items, title: \.title), .one(items[0]), "the exact title first")
        try store.deleteItem(items[0].id)
        XCTAssertEqual(try store.titledItems().map(\.title), ["Other"])
        let entries = try store.recentlyDeleted()
        XCTAssertEqual(entries.map(\.title), ["Paint"])
        XCTAssertEqual(entries[0].subtaskCount, 1)
        XCTAssertEqual(entries[0].reason, .user)
    }
}

/// The purge writes only when something is that old: the window asks at every start, and
/// another writer (a sync in another process) must not make it wait.
final class RecentlyDeletedPurgeWritesTests: XCTestCase {
    func testAPurgeWithNothingTooOldNeitherWritesNorWaitsForAWriter() throws {
        let database = TestDatabase()
        let store = try database.openStore()
        let list = try store.createList(name: "L", titles: ["a"])
        let document = try XCTUnwrap(store.document(listID: list.id))
        try document.delete(document.wholeItems[0].id!)
        // Another connection holds the write lock while the purge runs.
        let writer = try DatabaseQueue(path: database.url.path)
        let locked = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            try? writer.inDatabase { db in
                try db.execute(sql: "BEGIN IMMEDIATE")
                locked.signal()
                release.wait()
                try db.execute(sql: "ROLLBACK")
            }
            done.signal()
        }
        locked.wait()
        let started = Date()
        XCTAssertEqual(try? store.purgeRecentlyDeleted(), 0)
        XCTAssertLessThan(Date().timeIntervalSince(started), 1, "no wait for the other writer's lock")
        release.signal()
        done.wait()
        XCTAssertEqual(try store.purgeRecentlyDeleted(now: Date().addingTimeInterval(31 * 86_400)), 1)
    }
}
