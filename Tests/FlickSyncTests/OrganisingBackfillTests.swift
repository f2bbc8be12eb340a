import FlickCore
import Foundation
import GRDB
import XCTest
@testable import FlickSync

/// Items stored before schema v8 get their priority, tags and parent read from their stored
/// iCalendar text (issue 32), without that counting as an edit: nothing to send, the
/// modification time kept.
final class OrganisingBackfillTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("flick-backfill-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// A synced list with three items stored as v8's migration leaves them: two with text to
    /// read (one unreadable) and one without text, which is not unread.
    private func storeWithUnreadItems() throws -> TodoStore {
        let store = try TodoStore(databaseURL: directory.appendingPathComponent(DataDirectory.databaseFileName))
        let rich = ICS.todo("""
            SUMMARY:Child
            PRIORITY:2
            CATEGORIES:Work,Q4\\, late
            RELATED-TO:parent-uid
            """, uid: "u1")
        try store.queue.write { db in
            try db.execute(sql: """
                INSERT INTO list (name, rank) VALUES ('One', 0);
                INSERT INTO account (url, user) VALUES ('http://127.0.0.1:5232', 'alice');
                INSERT INTO list_sync (list_id, account_id, url) VALUES (1, 1, 'http://127.0.0.1:5232/alice/one/');
                INSERT INTO sync_guard (pulling) VALUES (1);
                INSERT INTO item (list_id, title, rank, uid, ical, priority, modified_at) VALUES
                    (1, 'Child', 0, 'u1', ?, -1, 100), (1, 'Broken', 1, 'u2', 'not iCalendar', -1, 100),
                    (1, 'Mine', 2, 'u3', NULL, 0, 100);
                DELETE FROM sync_guard;
                """, arguments: [rich])
        }
        return store
    }

    func testTheTextsAreReadOnceWithoutAnEditToSend() throws {
        let store = try storeWithUnreadItems()
        XCTAssertEqual(try OrganisingBackfill.run(store, limit: 1), 1, "one at a time when asked")
        XCTAssertEqual(try OrganisingBackfill.run(store), 1)
        XCTAssertEqual(try OrganisingBackfill.run(store), 0, "none left")
        try store.queue.read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT priority, tags, parent_uid, modified_at, marks FROM item ORDER BY id")
            XCTAssertEqual(rows[0][0] as Int, 2)
            XCTAssertEqual(rows[0][1] as String?, "Work\nQ4, late")
            XCTAssertEqual(rows[0][2] as String?, "parent-uid")
            XCTAssertEqual(rows[0][4] as Int, Int(ItemMarks([.highPriority, .tags]).rawValue))
            XCTAssertEqual(rows[1][0] as Int, 0, "an unreadable text gives none")
            XCTAssertNil(rows[1][1] as String?)
            XCTAssertEqual(rows.map { $0[3] as Int64 }, [100, 100, 100], "reading is not an edit")
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT count(*) FROM item_sync WHERE dirty = 1"), 0, "nothing to send")
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT count(*) FROM sync_guard"), 0)
        }
    }

    func testOneItemCanBeReadBeforeItsDetailsOpen() throws {
        let store = try storeWithUnreadItems()
        XCTAssertEqual(try OrganisingBackfill.run(store, itemIDs: [2]), 1)
        XCTAssertEqual(try store.unreadOrganisingItems(limit: 10).map(\.id), [1])
    }

    /// An item an import or a pull set in the meantime keeps what they set.
    func testWhatWasSetSinceIsKept() throws {
        let store = try storeWithUnreadItems()
        try store.queue.write { db in try db.execute(sql: "UPDATE item SET priority = 7 WHERE id = 1") }
        try store.fillUnreadOrganisingFields([ReadOrganisingFields(itemID: 1, priority: 2, tags: ["x"], parentUID: nil)])
        try store.queue.read { db in
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT priority FROM item WHERE id = 1"), 7)
        }
    }
}
