import Foundation
import GRDB
import XCTest
@testable import FlickCore

/// Removing a CalDAV account: its lists stay, with their items, as lists of this computer only;
/// nothing is left to send, and other accounts are untouched.
final class AccountRemovalTests: XCTestCase {
    private var database: TestDatabase!
    private var store: TodoStore!

    override func setUpWithError() throws {
        database = TestDatabase()
        store = try database.openStore()
    }

    /// A list of `account` holding `titles`, each sent, and one more edit waiting to be sent.
    private func syncedList(_ name: String, _ account: SyncAccount, _ titles: [String]) throws -> ListDocument {
        let list = try store.createList(name: name, titles: titles)
        try store.linkList(list.id!, accountID: account.id, url: "\(account.url)/\(account.user)/\(name)/")
        for outgoing in try store.outbox(listID: list.id!).items {
            try store.itemSent(outgoing, href: "/\(outgoing.item.uid).ics", etag: "\"e1\"", text: "BASE")
        }
        let document = try store.document(listID: list.id)!
        _ = try document.delete(document.wholeItems[0].id!)
        _ = try document.insert(title: "new", at: 0)
        return try store.document(listID: list.id)!
    }

    private func count(_ table: String) throws -> Int {
        try store.queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM \(table)")! }
    }

    func testTheListsStayWithTheirItemsAndNothingIsLeftToSend() throws {
        let alice = try store.addAccount(url: "http://127.0.0.1:5232", user: "alice")
        let bob = try store.addAccount(url: "http://127.0.0.1:5232", user: "bob")
        let work = try syncedList("Work", alice, ["a", "b"])
        let home = try syncedList("Home", bob, ["c", "d"])
        XCTAssertEqual(try store.outbox(listID: work.list.id!).tombstones.count, 1)

        try store.removeAccount(id: alice.id)

        XCTAssertEqual(try store.accounts().map(\.user), ["bob"])
        XCTAssertEqual(try store.syncedLists().map(\.listID), [home.list.id!])
        XCTAssertEqual(try store.document(listID: work.list.id)!.wholeItems.map(\.title), ["new", "b"])
        XCTAssertEqual(try store.outbox(listID: work.list.id!).items.count, 0)
        XCTAssertEqual(try store.outbox(listID: work.list.id!).tombstones.count, 0)
        XCTAssertEqual(try store.outbox(listID: home.list.id!).items.map(\.item.title), ["new"], "bob's edit still waits")
        XCTAssertEqual(try store.outbox(listID: home.list.id!).tombstones.count, 1)
        XCTAssertEqual(try count("item_sync WHERE list_id = \(work.list.id!)"), 0)
    }

    func testEditsAfterwardsAreNotRecordedForAnyServer() throws {
        let alice = try store.addAccount(url: "http://127.0.0.1:5232", user: "alice")
        let work = try syncedList("Work", alice, ["a", "b"])
        try store.removeAccount(id: alice.id)
        _ = try work.insert(title: "later", at: 0)
        _ = try work.delete(work.wholeItems.last!.id!)
        XCTAssertEqual(try store.outboxCount(), 0)
        XCTAssertEqual(try count("sync_tombstone"), 0)
    }

    func testTheSameAccountCanBeAddedAgain() throws {
        let alice = try store.addAccount(url: "http://127.0.0.1:5232", user: "alice")
        try store.removeAccount(id: alice.id)
        XCTAssertEqual(try store.accounts(), [])
        let again = try store.addAccount(url: "http://127.0.0.1:5232", user: "alice")
        XCTAssertNotEqual(again.id, alice.id, "a new account, not the old one's calendars")
    }
}
