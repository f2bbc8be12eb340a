import GRDB
import XCTest
@testable import FlickCore

/// A database written by the single-list Flick (schema v1, before the lists overview) opens with
/// its list and items intact, and takes new lists. The file is written here with the SQL that
/// Flick ran then, not with today's migrator, so a future migration is tested against it.
final class SingleListDatabaseTests: XCTestCase {
    private func writeSingleListFile(_ db: TestDatabase) throws {
        try DataDirectory.prepare(db.directory)
        let queue = try DatabaseQueue(path: db.url.path)
        try queue.writeWithoutTransaction { connection in
            try connection.execute(sql: """
                CREATE TABLE "grdb_migrations" ("identifier" TEXT NOT NULL PRIMARY KEY);
                INSERT INTO "grdb_migrations" VALUES ('v1');
                CREATE TABLE "list" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "name" TEXT NOT NULL, "rank" INTEGER NOT NULL);
                CREATE TABLE "item" ("id" INTEGER PRIMARY KEY AUTOINCREMENT,
                    "list_id" INTEGER NOT NULL REFERENCES "list"("id") ON DELETE CASCADE,
                    "title" TEXT NOT NULL, "completed" BOOLEAN NOT NULL DEFAULT 0, "rank" INTEGER NOT NULL);
                CREATE INDEX "item_order" ON "item"("list_id", "rank");
                CREATE TABLE "setting" ("key" TEXT PRIMARY KEY NOT NULL, "value" TEXT NOT NULL);
                PRAGMA application_id = 1181508459;
                PRAGMA user_version = 1;
                INSERT INTO "list" ("name", "rank") VALUES ('Flick', 1024);
                INSERT INTO "item" ("list_id", "title", "completed", "rank")
                    VALUES (1, 'Buy milk', 0, 1024), (1, 'Call Anna', 1, 2048), (1, 'Pay rent', 0, 3072),
                           (1, 'Gone', 0, 4096);
                DELETE FROM "item" WHERE "title" = 'Gone';
                """)
        }
        try queue.close()
    }

    func testTheListAndItsItemsOpenIntact() throws {
        let db = TestDatabase()
        try writeSingleListFile(db)
        let store = try db.openStore()
        let lists = try store.lists()
        XCTAssertEqual(lists.map(\.name), ["Flick"], "no welcome lists are added to a user's file")
        let document = try XCTUnwrap(try store.document(listID: lists[0].id))
        XCTAssertEqual(document.wholeItems.map(\.title), ["Buy milk", "Call Anna", "Pay rent"])
        XCTAssertEqual(document.wholeItems.map(\.isCompleted), [false, true, false])
        XCTAssertEqual(try store.listsDocument().summaries.map(\.unfinished), [2])
    }

    func testItTakesNewListsAndMovesBetweenThem() throws {
        let db = TestDatabase()
        try writeSingleListFile(db)
        let store = try db.openStore()
        let overview = try store.listsDocument()
        let work = try overview.create(name: "Work", at: 0)
        XCTAssertEqual(overview.summaries.map(\.list.name), ["Work", "Flick"])
        let flick = try XCTUnwrap(try store.document(listID: overview.summaries[1].list.id))
        try flick.move(flick.items[0].id, toList: work.id!)
        XCTAssertEqual(flick.wholeItems.map(\.title), ["Call Anna", "Pay rent"])
        XCTAssertEqual(try store.document(listID: work.id)?.wholeItems.map(\.title), ["Buy milk"])
    }

    /// Schema v2 gives every existing list and item a distinct UUID and creation time, empty
    /// notes and no due date, indexes the titles for search, and hands out no deleted row's id.
    func testMigrationGivesExistingRowsWhatPlanningNeeds() throws {
        let db = TestDatabase()
        try writeSingleListFile(db)
        let store = try db.openStore()
        try store.queue.read { db in
            XCTAssertEqual(try Int.fetchOne(db, sql: "PRAGMA user_version"), Schema.version)
            let uids = try String.fetchAll(db, sql: "SELECT uid FROM item UNION ALL SELECT uid FROM list")
            XCTAssertEqual(uids.count, 4)
            XCTAssertEqual(Set(uids).count, 4, "every UID is different")
            for uid in uids {
                XCTAssertNotNil(UUID(uuidString: uid), "\(uid) is a UUID")
                XCTAssertEqual(Array(uid)[14], "4", "\(uid) is a random (version 4) UUID")
            }
            let row = try XCTUnwrap(try Row.fetchOne(db, sql: """
                SELECT notes, due_day, rrule, reminder, created_at, modified_at FROM item WHERE title = 'Buy milk'
                """))
            XCTAssertEqual(row[0] as String, "")
            XCTAssertNil(row[1] as Int64?)
            XCTAssertNil(row[2] as String?)
            XCTAssertNil(row[3] as String?)
            XCTAssertGreaterThan(row[4] as Int64, 1_700_000_000_000, "milliseconds since 1970")
            XCTAssertEqual(row[4] as Int64, row[5] as Int64)
            XCTAssertEqual(try String.fetchAll(db, sql: """
                SELECT item.title FROM item_search JOIN item ON item.id = item_search.rowid
                WHERE item_search MATCH 'rent'
                """), ["Pay rent"])
        }
        let document = try XCTUnwrap(try store.document(listID: nil))
        let added = try document.insert(title: "New", at: 0)
        XCTAssertEqual(added.id, 5, "the deleted item's id 4 is not reused")
    }

    /// `flick --list` reads an older file as it is, without migrating it: it changes nothing.
    func testTheCommandLineReadsAnOlderFileWithoutChangingIt() throws {
        let db = TestDatabase()
        try writeSingleListFile(db)
        let snapshot = try XCTUnwrap(try ListSnapshot.read(databaseURL: db.url, listID: nil))
        XCTAssertEqual(snapshot.items.map(\.title), ["Buy milk", "Call Anna", "Pay rent"])
        XCTAssertEqual(try ListSnapshot.read(databaseURL: db.url, listNamed: "flick")?.list.name, "Flick")
        XCTAssertEqual(try ListSnapshot.readToday(databaseURL: db.url, day: DueDate(year: 2026, month: 11, day: 23)).count, 0)
        let queue = try DatabaseQueue(path: db.url.path)
        XCTAssertEqual(try queue.read { try Int.fetchOne($0, sql: "PRAGMA user_version") }, 1, "still the older schema")
        try queue.close()
    }
}
