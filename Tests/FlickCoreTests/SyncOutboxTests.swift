import Foundation
import GRDB
import XCTest
@testable import FlickCore

/// The outbox of schema v4: every local change to a calendar's list is recorded in its own
/// transaction, whatever made it; a pull records nothing.
final class SyncOutboxTests: XCTestCase {
    private var database: TestDatabase!
    private var store: TodoStore!
    private var account: SyncAccount!

    override func setUpWithError() throws {
        database = TestDatabase()
        store = try database.openStore()
        account = try store.addAccount(url: "http://127.0.0.1:5232", user: "alice")
    }

    /// A list linked to a calendar, holding `titles`, every item already sent (clean, with an href).
    private func syncedList(_ titles: [String]) throws -> ListDocument {
        let list = try store.createList(name: "Synced", titles: titles)
        try store.linkList(list.id!, accountID: account.id, url: "http://127.0.0.1:5232/alice/tasks/")
        for outgoing in try store.outbox(listID: list.id!).items {
            try store.itemSent(outgoing, href: "/alice/tasks/\(outgoing.item.uid).ics", etag: "\"e1\"", text: "BASE")
        }
        return try store.document(listID: list.id)!
    }

    private func uid(_ itemID: Int64?) throws -> String {
        try store.queue.read { try String.fetchOne($0, sql: "SELECT uid FROM item WHERE id = ?", arguments: [itemID])! }
    }

    private func outbox(_ document: ListDocument) throws -> (tombstones: [SyncTombstone], items: [OutgoingItem]) {
        try store.outbox(listID: document.list.id!)
    }

    func testAListThatIsNoCalendarHasNoOutbox() throws {
        let list = try store.createList(name: "Local", titles: ["a"])
        let document = try store.document(listID: list.id)!
        _ = try document.insert(title: "b", at: 0)
        _ = try document.delete(document.wholeItems[1].id!)
        XCTAssertEqual(try store.outboxCount(), 0)
    }

    func testLinkingAListPutsEveryItemInTheOutboxAndSendingCleansIt() throws {
        let list = try store.createList(name: "Groceries", titles: ["milk", "eggs"])
        try store.linkList(list.id!, accountID: account.id, url: "http://x/alice/groceries/")
        let pending = try store.outbox(listID: list.id!).items
        XCTAssertEqual(pending.map(\.item.title), ["milk", "eggs"])
        XCTAssertEqual(pending.map(\.href), [nil, nil])
        try store.itemSent(pending[0], href: "/alice/groceries/1.ics", etag: "\"a\"", text: "VTODO 1")
        XCTAssertEqual(try store.outbox(listID: list.id!).items.map(\.item.title), ["eggs"])
        XCTAssertEqual(try store.knownResources(listID: list.id!)["/alice/groceries/1.ics"]?.etag, "\"a\"")
        XCTAssertEqual(try store.exportedLists(ids: [list.id!])[0].items[0].ical, "VTODO 1", "the sent text is the base")
    }

    func testEveryKindOfEditIsRecordedAndAnEditDuringAPushIsSentAgain() throws {
        let document = try syncedList(["a", "b", "c"])
        XCTAssertEqual(try outbox(document).items.count, 0)
        let a = document.wholeItems[0].id!, b = document.wholeItems[1].id!
        _ = try document.setCompleted(a, true)
        try document.move(b, to: 2)
        _ = try document.insert(title: "new", at: 0)
        XCTAssertEqual(Set(try outbox(document).items.map(\.item.title)), ["a", "b", "new"])
        // A push reads "a", the user edits it again, then the server answers.
        let read = try outbox(document).items.first { $0.item.title == "a" }!
        try document.rename(a, to: "a2")
        try store.itemSent(read, href: "/h/a.ics", etag: "\"2\"", text: "A1")
        let again = try outbox(document).items.first { $0.itemID == a }
        XCTAssertEqual(again?.item.title, "a2", "changed after it was read: still to send")
        XCTAssertEqual(again?.etag, "\"2\"", "with the ETag the server gave")
    }

    func testADeletionLeavesATombstoneThatUndoTakesBack() throws {
        let document = try syncedList(["a", "b"])
        let a = document.wholeItems[0]
        let aUID = try uid(a.id)
        _ = try document.delete(a.id!)
        let tombstones = try outbox(document).tombstones
        XCTAssertEqual(tombstones.map(\.href), ["/alice/tasks/\(aUID).ics"])
        XCTAssertEqual(tombstones.map(\.etag), ["\"e1\""])
        _ = try document.undo()
        XCTAssertEqual(try outbox(document).tombstones, [])
        let restored = try outbox(document).items
        XCTAssertEqual(restored.map(\.href), ["/alice/tasks/\(aUID).ics"], "sent again as an update of its resource")
        XCTAssertEqual(restored.map(\.etag), ["\"e1\""])
    }

    /// Clear Completed deletes and its undo puts back every row in one statement
    /// (`RestoredItemRows`): each item comes back as an update of its own resource.
    func testClearCompletedLeavesTombstonesThatItsUndoTakesBack() throws {
        let document = try syncedList(["a", "b", "c"])
        let cleared = [document.wholeItems[0], document.wholeItems[2]]
        let uids = try cleared.map { try uid($0.id) }
        for item in cleared { _ = try document.setCompleted(item.id!, true) }
        for outgoing in try outbox(document).items {
            try store.itemSent(outgoing, href: "/alice/tasks/\(outgoing.item.uid).ics", etag: "\"e2\"", text: "BASE")
        }
        XCTAssertEqual(try document.clearCompleted(), 2)
        XCTAssertEqual(Set(try outbox(document).tombstones.map(\.href)), Set(uids.map { "/alice/tasks/\($0).ics" }))
        _ = try document.undo()
        XCTAssertEqual(try outbox(document).tombstones, [])
        let restored = try outbox(document).items
        XCTAssertEqual(Set(restored.map(\.href)), Set(uids.map { "/alice/tasks/\($0).ics" }), "sent again as updates")
        XCTAssertEqual(restored.map(\.etag), ["\"e2\"", "\"e2\""])
        XCTAssertEqual(try cleared.map { try uid($0.id) }, uids)
        XCTAssertEqual(document.wholeItems.map(\.title), ["a", "b", "c"])
    }

    func testMovingAnItemToAnotherCalendarDeletesItThereOnceItIsCreatedHere() throws {
        let document = try syncedList(["a"])
        let other = try store.createList(name: "Other", titles: [])
        try store.linkList(other.id!, accountID: account.id, url: "http://127.0.0.1:5232/alice/other/")
        let local = try store.createList(name: "Local", titles: [])
        let a = document.wholeItems[0]
        try document.move(a.id!, toList: other.id!)
        XCTAssertEqual(try outbox(document).tombstones, [], "held until the other calendar holds the item (issue 34)")
        XCTAssertEqual(try store.outboxCount(), 2, "the held deletion is still a change to send")
        XCTAssertEqual(try store.outbox(listID: other.id!).items.map(\.href), [nil], "a new resource in the other calendar")
        XCTAssertEqual(try store.heldDeletion(ofMovedItem: a.id!)?.tombstone.uid, try uid(a.id))
        let otherDocument = try store.document(listID: other.id)!
        try otherDocument.move(a.id!, toList: local.id!)
        XCTAssertEqual(try store.outbox(listID: other.id!).items, [])
        XCTAssertEqual(try store.outbox(listID: other.id!).tombstones, [], "it never reached that server")
        XCTAssertEqual(try outbox(document).tombstones.map(\.uid), [try uid(a.id)], "kept on this computer: deleted there")
        XCTAssertEqual(try store.outboxCount(), 1, "only the first calendar's tombstone")
    }

    func testAnItemMovedOnBeforeItIsSentKeepsTheFirstListsCopyHeld() throws {
        let document = try syncedList(["a"])
        let second = try store.createList(name: "Second", titles: [])
        try store.linkList(second.id!, accountID: account.id, url: "http://127.0.0.1:5232/alice/second/")
        let third = try store.createList(name: "Third", titles: [])
        try store.linkList(third.id!, accountID: account.id, url: "http://127.0.0.1:5232/alice/third/")
        let a = document.wholeItems[0]
        try document.move(a.id!, toList: second.id!)
        try store.document(listID: second.id)!.move(a.id!, toList: third.id!)
        XCTAssertEqual(try outbox(document).tombstones, [], "still held: the third calendar does not hold it yet")
        XCTAssertEqual(try store.heldDeletion(ofMovedItem: a.id!)?.list.listID, document.list.id)
        let returned = try store.returnRefusedMove(a.id!)
        XCTAssertEqual(returned?.listID, document.list.id, "a refusal sends it back where the server has it")
        XCTAssertEqual(try store.outboxCount(), 1, "its own resource again: nothing held, nothing deleted")
        let back = try XCTUnwrap(try outbox(document).items.first)
        XCTAssertEqual(back.href, "/alice/tasks/\(try uid(a.id)).ics")
        XCTAssertEqual(back.etag, "\"e1\"")
    }

    /// Kill trials, seed 413679: an item made in a calendar's list and not sent yet, moved to
    /// another calendar's list and back, came home remembering its own list as the one it came
    /// from; a refusal there would have "returned" it to the list that refused it.
    func testAnUnsentItemMovedAwayAndBackIsHomeAgain() throws {
        let document = try syncedList([])
        let other = try store.createList(name: "Other", titles: [])
        try store.linkList(other.id!, accountID: account.id, url: "http://127.0.0.1:5232/alice/other/")
        let made = try document.insert(title: "new", at: 0).id!
        try document.move(made, toList: other.id!)
        XCTAssertEqual(try movedFrom(made), document.list.id, "a refusal in the other list sends it back here")
        try store.document(listID: other.id)!.move(made, toList: document.list.id!)
        XCTAssertNil(try movedFrom(made), "home again: it came from nowhere the server has it")
        XCTAssertNil(try store.returnRefusedMove(made), "made in the list that refuses it: nowhere to return it to")
    }

    private func movedFrom(_ itemID: Int64) throws -> Int64? {
        try store.queue.read {
            try Int64.fetchOne($0, sql: "SELECT moved_from FROM item_sync WHERE item_id = ?", arguments: [itemID])
        }
    }

    func testDeletingAListDeletesNothingOnTheServer() throws {
        let document = try syncedList(["a", "b"])
        try store.listsDocument().delete(document.list.id!)
        XCTAssertEqual(try store.outboxCount(), 0)
        XCTAssertEqual(try store.syncedLists(), [])
    }

    func testAPullAddsUpdatesAndRemovesWithoutEcho() throws {
        let document = try syncedList(["a", "b"])
        let listID = document.list.id!
        let b = document.wholeItems[1]
        let bUID = try uid(b.id), aUID = try uid(document.wholeItems[0].id)
        func pulled(_ uid: String, _ title: String, order: Int64) -> PulledItem {
            PulledItem(href: "/alice/tasks/\(uid).ics", etag: "\"r\"",
                       item: ImportedItem(uid: uid, title: title, sortOrder: order, ical: "REMOTE \(uid)"))
        }
        try store.applyPulled([pulled("new-1", "From the phone", order: 5), pulled(bUID, "b, edited elsewhere", order: b.rank)],
                              listID: listID)
        XCTAssertEqual(try store.outboxCount(), 0, "nothing the server sent goes back")
        let titles = try store.document(listID: listID)!.wholeItems.map(\.title)
        XCTAssertEqual(Set(titles), ["a", "b, edited elsewhere", "From the phone"])
        XCTAssertEqual(try store.knownResources(listID: listID)["/alice/tasks/new-1.ics"]?.etag, "\"r\"")

        // The server deleted "a" (clean: it goes) and "From the phone" after it was edited here
        // (the edit wins: it stays, to be sent as a new resource).
        let reopened = try store.document(listID: listID)!
        let phone = reopened.wholeItems.first { $0.title == "From the phone" }!
        try reopened.rename(phone.id!, to: "From the phone, edited here")
        try store.applyRemoved(hrefs: ["/alice/tasks/\(aUID).ics", "/alice/tasks/new-1.ics"], listID: listID)
        XCTAssertEqual(Set(try store.document(listID: listID)!.wholeItems.map(\.title)),
                       ["b, edited elsewhere", "From the phone, edited here"])
        let pending = try store.outbox(listID: listID)
        XCTAssertEqual(pending.items.map(\.href), [nil])
        XCTAssertEqual(pending.tombstones, [])
    }

    /// Issue 57: what the sync fetched is applied in a later transaction than the one that
    /// found the item clean; an edit typed in between is newer than the server's version and
    /// must not be overwritten (nor its outbox entry dropped). The pull gets the resource back
    /// to merge; a merge whose item changed since it was read stores nothing.
    func testAPullAndAMergeNeverWriteOverAnEditMadeAfterTheyReadTheItem() throws {
        let document = try syncedList(["milk"])
        let listID = document.list.id!
        let milk = document.wholeItems[0]
        let milkUID = try uid(milk.id)
        let read = try XCTUnwrap(try store.outgoingItem(milk.id!))
        try document.rename(milk.id!, to: "oat milk")  // Typed after the sync read the item.
        let server = PulledItem(href: "/alice/tasks/\(milkUID).ics", etag: "\"r2\"",
                                item: ImportedItem(uid: milkUID, title: "milk", notes: "from the phone",
                                                   sortOrder: milk.rank, ical: "REMOTE"))
        let unapplied = try store.applyPulled([server], listID: listID)
        XCTAssertEqual(unapplied.map(\.href), [server.href], "handed back, to be merged")
        XCTAssertFalse(try store.applyMerged(server.item, itemID: milk.id!, pulled: server, listID: listID,
                                             sendAgain: false, revision: read.revision),
                       "a merge of the item as it was before the edit is not stored")
        let now = try XCTUnwrap(try store.outgoingItem(milk.id!))
        XCTAssertEqual(now.item.title, "oat milk")
        XCTAssertEqual(now.etag, "\"e1\"", "nor is the server's version taken as agreed")
        XCTAssertEqual(try store.outbox(listID: listID).items.map(\.itemID), [milk.id!], "the edit is still to send")
        XCTAssertTrue(try store.applyMerged(server.item, itemID: milk.id!, pulled: server, listID: listID,
                                            sendAgain: true, revision: now.revision))
    }

    /// Issue 57: a change made in the window writes only what it changed. The row in memory
    /// (and the details window's copy of the fields) may be older than the store, which a sync
    /// changed meanwhile; a title or notes saved from it put the sync's due date back.
    func testAnEditWritesOnlyTheFieldsItChanged() throws {
        let document = try syncedList(["milk"])
        let milk = document.wholeItems[0].id!
        XCTAssertEqual(document.item(milk)?.due, nil, "the row as the window holds it")
        let old = try document.fields(of: milk)
        // A sync (another writer) stores a due date and a priority the row has not taken in.
        try store.queue.write { db in
            try db.execute(sql: "INSERT INTO sync_guard (pulling) VALUES (1)")
            try db.execute(sql: "UPDATE item SET due_day = 20270102, priority = 1 WHERE id = ?", arguments: [milk])
            try db.execute(sql: "DELETE FROM sync_guard")
        }
        try document.rename(milk, to: "oat milk")
        try document.update(milk) { $0.notes = "2 l" }
        let stored = try document.fields(of: milk)
        XCTAssertEqual(stored.title, "oat milk")
        XCTAssertEqual(stored.notes, "2 l")
        XCTAssertEqual(stored.due?.dayNumber, 20270102, "the sync's due date stays")
        XCTAssertEqual(stored.priority, 1, "and its priority")
        _ = try document.undo()
        _ = try document.undo()
        let undone = try document.fields(of: milk)
        XCTAssertEqual([undone.title, undone.notes], [old.title, old.notes], "undo puts back what the edits changed")
        XCTAssertEqual(undone.due?.dayNumber, 20270102, "and only that")
    }
}
