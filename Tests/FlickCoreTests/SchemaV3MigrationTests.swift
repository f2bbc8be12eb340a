import GRDB
import XCTest
@testable import FlickCore

/// A database of schema v2 (the planning issue's) opens with its data intact in schema v3.
/// The v2 file is made the way Flick made it then: the v1 tables, then the v2 migration, which
/// is history and never changes.
final class SchemaV3MigrationTests: XCTestCase {
    private func writeVersion2File(_ db: TestDatabase) throws {
        try DataDirectory.prepare(db.directory)
        let queue = try DatabaseQueue(path: db.url.path)
        try Schema.migrator.migrate(queue, upTo: "v2")
        try queue.write { connection in
            try connection.execute(sql: """
                INSERT INTO list (name, rank) VALUES ('Home', 0);
                INSERT INTO item (list_id, title, rank, notes, due_day, due_minute, due_zone, reminder, rrule)
                    VALUES (1, 'Water the plants', 0, 'Not the cactus', 20261203, 480, 'Europe/Berlin', 'before:0',
                            'FREQ=WEEKLY');
                """)
        }
        XCTAssertEqual(try queue.read { try Int.fetchOne($0, sql: "PRAGMA user_version") }, 2)
        try queue.close()
    }

    func testAVersion2FileOpensIntact() throws {
        let db = TestDatabase()
        try writeVersion2File(db)
        let store = try db.openStore()
        let lists = try store.exportedLists(ids: nil)
        XCTAssertEqual(lists.map(\.name), ["Home"])
        let item = try XCTUnwrap(lists.first?.items.first)
        XCTAssertEqual(item.title, "Water the plants")
        XCTAssertEqual(item.notes, "Not the cactus")
        XCTAssertEqual(item.due, DueDate(year: 2026, month: 12, day: 3, hour: 8, minute: 0, timeZone: "Europe/Berlin"))
        XCTAssertEqual(item.reminder, .beforeDue(minutes: 0))
        XCTAssertEqual(item.repeatRule, "FREQ=WEEKLY")
        XCTAssertNil(item.ical, "made in Flick: no iCalendar text yet")
        try store.queue.read { db in
            XCTAssertEqual(try Int.fetchOne(db, sql: "PRAGMA user_version"), Schema.version)
        }
    }

    /// `flick --export` reads a v2 file as it is, without migrating it.
    func testTheCommandLineExportsAVersion2FileWithoutChangingIt() throws {
        let db = TestDatabase()
        try writeVersion2File(db)
        let lists = try XCTUnwrap(try ListSnapshot.exported(databaseURL: db.url, listNamed: "home"))
        XCTAssertEqual(lists.first?.items.map(\.title), ["Water the plants"])
        XCTAssertNil(try ListSnapshot.exported(databaseURL: db.url, listNamed: "Work"))
        let queue = try DatabaseQueue(path: db.url.path)
        XCTAssertEqual(try queue.read { try Int.fetchOne($0, sql: "PRAGMA user_version") }, 2)
        try queue.close()
    }
}
