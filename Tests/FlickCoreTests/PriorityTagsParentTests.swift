import GRDB
import XCTest
@testable import FlickCore

/// Schema v8 (issue 32): an item's priority, tags and parent task's UID are stored from what an
/// import or a pull brings, written back by export and sync, kept by a deletion's undo, and a
/// change to them is a change to send.
final class PriorityTagsParentTests: XCTestCase {
    private func imported(_ uid: String, priority: Int = 0, tags: [String] = [], parent: String? = nil) -> ImportedItem {
        ImportedItem(uid: uid, title: "task \(uid)", sortOrder: 1, ical: "", priority: priority, tags: tags, parentUID: parent)
    }

    func testAnImportStoresThemAndAnExportGivesThemBack() throws {
        let store = try TestDatabase().openStore()
        let list = ImportedList(name: "Project", items: [
            imported("parent", priority: 1, tags: ["work", "Q4"]),
            imported("child", priority: 9, parent: "parent"),
            imported("orphan", parent: "not-here"),
        ])
        _ = try store.importLists([list], into: .listsByName(fallbackName: "file"))
        let exported = try XCTUnwrap(store.exportedLists(ids: nil).first { $0.name == "Project" })
        let byUID = Dictionary(uniqueKeysWithValues: exported.items.map { ($0.uid, $0) })
        XCTAssertEqual(byUID["parent"]?.priority, 1)
        XCTAssertEqual(byUID["parent"]?.tags, ["work", "Q4"])
        XCTAssertNil(byUID["parent"]?.parentUID)
        XCTAssertEqual(byUID["child"]?.priority, 9)
        XCTAssertEqual(byUID["child"]?.parentUID, "parent")
        XCTAssertEqual(byUID["orphan"]?.parentUID, "not-here", "a parent not (yet) here is kept as the file says it")
        XCTAssertEqual(byUID["orphan"]?.tags, [])
    }

    func testUndoingADeletionBringsThemBack() throws {
        let store = try TestDatabase().openStore()
        _ = try store.importLists([ImportedList(name: "P", items: [imported("a", priority: 5, tags: ["home"], parent: "b")])],
                                  into: .listsByName(fallbackName: "file"))
        let list = try XCTUnwrap(store.lists().first { $0.name == "P" })
        let document = try XCTUnwrap(store.document(listID: list.id))
        let id = try XCTUnwrap(document.wholeItems.first?.id)
        _ = try document.delete(id)
        try document.undo()
        let item = try XCTUnwrap(store.exportedLists(ids: [list.id!]).first?.items.first)
        XCTAssertEqual([item.priority], [5])
        XCTAssertEqual(item.tags, ["home"])
        XCTAssertEqual(item.parentUID, "b")
    }

    func testAChangeToThemIsAChangeToSend() throws {
        let store = try TestDatabase().openStore()
        let account = try store.addAccount(url: "http://127.0.0.1:5232", user: "alice")
        let list = try store.createList(name: "Synced", titles: ["a"])
        try store.linkList(list.id!, accountID: account.id, url: "http://127.0.0.1:5232/alice/tasks/")
        for outgoing in try store.outbox(listID: list.id!).items {
            try store.itemSent(outgoing, href: "/alice/tasks/a.ics", etag: "\"e1\"", text: "BASE")
        }
        XCTAssertEqual(try store.outbox(listID: list.id!).items, [])
        for change in ["priority = 1", "tags = 'work'", "parent_uid = 'p'"] {
            try store.queue.write { db in
                try db.execute(sql: "UPDATE item_sync SET dirty = 0")
                try db.execute(sql: "UPDATE item SET \(change)")
            }
            XCTAssertEqual(try store.outbox(listID: list.id!).items.count, 1, change)
        }
    }

    func testTagsAreCleanedAndStoredOnePerLine() {
        XCTAssertEqual(ItemTags.cleaned([" work ", "Work", "", "two\nlines", "home"]), ["work", "two lines", "home"])
        XCTAssertEqual(ItemTags.stored(["a", "b"]), "a\nb")
        XCTAssertNil(ItemTags.stored([" ", ""]))
        XCTAssertEqual(ItemTags.tags(stored: "a\nb"), ["a", "b"])
        XCTAssertEqual(ItemTags.tags(stored: nil), [])
    }

    /// A file of schema v7 opens with every item at no priority, without tags or a parent; an
    /// item with iCalendar text has them there only, and is marked unread, unchanged otherwise.
    /// The command line reads such a file without migrating it, the same way.
    func testAVersion7FileMigrates() throws {
        let db = TestDatabase()
        try DataDirectory.prepare(db.directory)
        let queue = try DatabaseQueue(path: db.url.path)
        try Schema.migrator.migrate(queue, upTo: "v7")
        try queue.write { connection in
            try connection.execute(sql: """
                INSERT INTO list (name, rank) VALUES ('Home', 0);
                INSERT INTO item (list_id, title, rank) VALUES (1, 'Water the plants', 0);
                INSERT INTO item (list_id, title, rank, ical, modified_at) VALUES (1, 'From a file', 1, 'TEXT', 5);
                """)
        }
        try queue.close()
        let unmigrated = try XCTUnwrap(ListSnapshot.exported(databaseURL: db.url, listNamed: "Home")?.first?.items)
        XCTAssertEqual(unmigrated.map(\.priorityTagsAndParentUnread), [true, true], "unknown: the text's are written")
        let store = try db.openStore()
        let items = try XCTUnwrap(store.exportedLists(ids: nil).first { $0.name == "Home" }?.items)
        XCTAssertEqual(items.map(\.priorityTagsAndParentUnread), [false, true])
        XCTAssertEqual(items[1].modifiedAt.timeIntervalSince1970, 0.005, accuracy: 1e-6, "marking it unread is no edit")
        let item = items[0]
        XCTAssertEqual(item.title, "Water the plants")
        XCTAssertEqual(item.priority, 0)
        XCTAssertEqual(item.tags, [])
        XCTAssertNil(item.parentUID)
        try store.queue.read { db in XCTAssertEqual(try Int.fetchOne(db, sql: "PRAGMA user_version"), Schema.version) }
    }
}
