import GRDB
import XCTest
@testable import FlickCore

/// Schema v9 and the details' priority and tags (issue 32): a row's marks say whether its item
/// has a high priority or tags, an edit of either is one undoable step, and a file from v8 gets
/// its marks without any item counting as edited.
final class PriorityAndTagsEditingTests: XCTestCase {
    func testSettingPriorityAndTagsMarksTheRowAndOneUndoTakesEachBack() throws {
        let (store, document) = try TestDatabase().document(["Pay rent", "Water the plants"])
        let id = try XCTUnwrap(document.wholeItems.first?.id)
        try document.update(id) { $0.priority = ItemPriority.high.icalendarValue }
        try document.update(id) { $0.tags = ["home", " Money ", "HOME", ""] }
        XCTAssertEqual(document.item(id)?.marks, [.highPriority, .tags])
        XCTAssertEqual(try document.fields(of: id).priority, 1)
        XCTAssertEqual(try document.fields(of: id).tags, ["home", "Money"], "trimmed, the repeat in another case left out")
        XCTAssertEqual(try reread(store, id).marks, [.highPriority, .tags], "the stored marks agree with the row's")

        try document.undo()
        XCTAssertEqual(try document.fields(of: id).tags, [])
        XCTAssertEqual(document.item(id)?.marks, [.highPriority])
        try document.undo()
        XCTAssertEqual(try document.fields(of: id).priority, 0)
        XCTAssertEqual(document.item(id)?.marks, [])
        XCTAssertEqual(try reread(store, id).marks, [])
    }

    func testOnlyAHighPriorityIsMarked() throws {
        let (store, document) = try TestDatabase().document(["A"])
        let id = try XCTUnwrap(document.wholeItems.first?.id)
        for (value, marked) in [(1, true), (4, true), (5, false), (9, false), (0, false)] {
            try document.update(id) { $0.priority = value }
            XCTAssertEqual(try reread(store, id).marks.contains(.highPriority), marked, "priority \(value)")
        }
    }

    func testPriorityLevelsFollowRFC5545() {
        XCTAssertEqual((0...9).map { ItemPriority(icalendar: $0) },
                       [.none, .high, .high, .high, .high, .medium, .low, .low, .low, .low])
        XCTAssertEqual(ItemPriority(icalendar: SchemaV8.unread), ItemPriority.none)
        XCTAssertEqual(ItemPriority.high.icalendarValue(replacing: 3), 3, "a 3 from elsewhere already is high")
        XCTAssertEqual(ItemPriority.medium.icalendarValue(replacing: 3), 5)
        XCTAssertEqual(ItemPriority.none.icalendarValue(replacing: SchemaV8.unread), 0)
    }

    /// A due date packed with five bits of marks below it reads back whole.
    func testADueDateWithTimeReadsBackBesideTheMarks() throws {
        let (store, document) = try TestDatabase().document(["A"])
        let id = try XCTUnwrap(document.wholeItems.first?.id)
        let due = DueDate(year: 2026, month: 12, day: 31, hour: 23, minute: 59, timeZone: "Europe/Berlin")
        try document.update(id) {
            $0.setDue(due)
            $0.tags = ["x"]
            $0.priority = 2
            $0.notes = "n"
        }
        let stored = try reread(store, id)
        XCTAssertEqual(stored.due, due)
        XCTAssertEqual(stored.marks, [.notes, .reminder, .highPriority, .tags])
    }

    func testAVersion8FileGetsItsMarksWithoutAnEditToSend() throws {
        let db = TestDatabase()
        try DataDirectory.prepare(db.directory)
        let queue = try DatabaseQueue(path: db.url.path)
        try Schema.migrator.migrate(queue, upTo: "v8")
        try queue.write { connection in
            try connection.execute(sql: """
                INSERT INTO list (name, rank) VALUES ('One', 0);
                INSERT INTO account (url, user) VALUES ('http://127.0.0.1:5232', 'alice');
                INSERT INTO list_sync (list_id, account_id, url) VALUES (1, 1, 'http://127.0.0.1:5232/alice/one/');
                INSERT INTO item (list_id, title, rank, uid, priority, tags, modified_at)
                    VALUES (1, 'tagged', 0, 'u1', 2, 'work', 100), (1, 'plain', 1, 'u2', 0, NULL, 100);
                DELETE FROM item_sync;
                """)
        }
        try queue.close()
        let store = try db.openStore()
        try store.queue.read { connection in
            XCTAssertEqual(try Int.fetchOne(connection, sql: "PRAGMA user_version"), Schema.version)
            XCTAssertEqual(try Int.fetchAll(connection, sql: "SELECT marks FROM item ORDER BY id"),
                           [Int(ItemMarks([.highPriority, .tags]).rawValue), 0])
            XCTAssertEqual(try Int.fetchOne(connection, sql: "SELECT count(*) FROM item_sync"), 0, "nothing to send")
            XCTAssertEqual(try Int.fetchAll(connection, sql: "SELECT modified_at FROM item ORDER BY id"), [100, 100])
        }
    }

    private func reread(_ store: TodoStore, _ id: Int64) throws -> TodoItem {
        try XCTUnwrap(store.queue.read { db in try TodoItem.fetchOne(db, key: id) })
    }
}
