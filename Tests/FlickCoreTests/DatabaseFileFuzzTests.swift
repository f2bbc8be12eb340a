import Foundation
import FuzzSupport
import GRDB
import XCTest
@testable import FlickCore

/// Issue 11, "bad input never crashes", for the database file: whatever is at flick.sqlite,
/// opening the store never crashes, a file Flick cannot use is kept aside byte for byte with a
/// reason (DESIGN 3: "cannot be read"), and a file it opens can be used.
final class DatabaseFileFuzzTests: XCTestCase {
    private let when = Date(timeIntervalSince1970: 1_795_000_000)

    /// A healthy database of several pages: lists, items with notes, dates and sync rows.
    private static let healthy: Data = {
        let db = TestDatabase()
        let store = try! db.openStore()
        for list in 0..<3 {
            let titles = (0..<150).map { "item \($0) of list \(list) " + String(repeating: "ü", count: $0 % 40) }
            let created = try! store.createList(name: "List \(list)", titles: titles)
            let document = try! store.document(listID: created.id)!
            try! document.update(document.wholeItems[0].id!) { $0.notes = "notes\nsecond line" }
        }
        _ = try! store.queue.writeWithoutTransaction { try $0.checkpoint(.truncate) }
        try! store.queue.close()
        return try! Data(contentsOf: db.url)
    }()

    private static let pageSize = 4096

    /// A database cut at every page boundary: each is refused and kept aside unchanged. (Cut
    /// to nothing, the file is empty, which is a new database.)
    func testDatabaseCutAtEveryPage() {
        let pages = Self.healthy.count / Self.pageSize
        XCTAssertGreaterThan(pages, 20, "the healthy database is too small to cut")
        let result = FuzzCampaign("DatabaseFileFuzzTests", cases: pages, scales: false).run { index, _ in
            let cut = Self.healthy.prefix(index * Self.pageSize)
            return try self.check(Data(cut), mustKeepAside: index > 0)
        }
        XCTAssert(result.failures.isEmpty, result.report)
    }

    /// Random bytes, random bytes after SQLite's header, and a healthy file with bytes changed.
    func testRandomAndDamagedFiles() {
        let result = FuzzCampaign("DatabaseFileFuzzTests", cases: 150).run { index, random in
            switch index % 3 {
            case 0:
                let bytes = (0..<(1 + random.below(3 * Self.pageSize))).map { _ in UInt8.random(in: 0...255, using: &random) }
                return try self.check(Data(bytes), mustKeepAside: true)
            case 1:
                var bytes = Self.healthy.prefix(100 + random.below(200))
                bytes += (0..<random.below(8 * Self.pageSize)).map { _ in UInt8.random(in: 0...255, using: &random) }
                return try self.check(bytes, mustKeepAside: true)
            default:
                // A change may land in unused space and harm nothing: opened or kept aside.
                var bytes = Self.healthy
                for _ in 0...random.below(20) {
                    bytes[random.below(bytes.count)] = UInt8.random(in: 0...255, using: &random)
                }
                return try self.check(bytes, mustKeepAside: false)
            }
        }
        XCTAssert(result.failures.isEmpty, result.report)
    }

    /// Valid SQLite files that are not a database this Flick can use: another application's,
    /// and Flick's with tables, columns or triggers missing or its migrations forgotten.
    func testForeignAndBrokenSchemas() {
        let changes: [(String, String)] = [
            ("foreign", "PRAGMA application_id = 0"),
            ("other application", "PRAGMA application_id = 1234"),
            ("migrations forgotten", "DELETE FROM grdb_migrations"),
            ("last migration forgotten", "DELETE FROM grdb_migrations WHERE identifier = 'v\(Schema.version)'"),
            ("no item table", "DROP TABLE item"),
            ("no list table", "PRAGMA foreign_keys = OFF; DROP TABLE list"),
            ("no setting table", "DROP TABLE setting"),
            ("no account table", "PRAGMA foreign_keys = OFF; DROP TABLE account"),
            ("no ical column", "DROP TRIGGER item_base_rank_inserted; DROP TRIGGER item_base_rank; DROP TRIGGER item_deleted_kept; "
                + "DROP TRIGGER list_deleted_kept; ALTER TABLE item DROP COLUMN ical"),
            ("no name column", "DROP TRIGGER list_modified; DROP TRIGGER item_deleted_kept; DROP TRIGGER list_deleted_kept; "
                + "ALTER TABLE list DROP COLUMN name"),
            ("no trigger keeping deletions", "DROP TRIGGER item_deleted_kept"),
        ]
        let result = FuzzCampaign("DatabaseFileFuzzTests", cases: changes.count, scales: false).run { index, _ in
            let (name, sql) = changes[index]
            let bytes = try Self.healthy(changedBy: sql)
            if let problem = try self.check(bytes, mustKeepAside: true) { return "\(name): \(problem)" }
            return nil
        }
        XCTAssert(result.failures.isEmpty, result.report)
    }

    /// A newer Flick's file (by `user_version` or by a migration this one does not know) is
    /// refused, byte for byte as it was, and never set aside (issue 74).
    func testNewerSchemasAreRefusedAndLeftAsTheyAre() {
        let changes: [(String, String)] = [
            ("newer version", "PRAGMA user_version = \(Schema.version + 1)"),
            ("much newer version", "PRAGMA user_version = 2147483647"),
            ("unknown migration", "INSERT INTO grdb_migrations VALUES ('v\(Schema.version + 1)')"),
            ("unknown migration name", "INSERT INTO grdb_migrations VALUES ('x-sync-v9')"),
        ]
        let result = FuzzCampaign("DatabaseFileFuzzTests", cases: changes.count, scales: false).run { index, _ in
            let (name, sql) = changes[index]
            let bytes = try Self.healthy(changedBy: sql)
            let db = TestDatabase()
            try db.writeFile(bytes)
            do {
                let store = try TodoStore(databaseURL: db.url, now: self.when)
                try? store.queue.close()
                return "\(name): opened, kept aside: \(store.keptAside.map { "\($0.reason)" } ?? "no")"
            } catch is NewerDatabase {
                return (try? Data(contentsOf: db.url)) == bytes ? nil : "\(name): refused, but the file changed"
            } catch {
                return "\(name): \(error)"
            }
        }
        XCTAssert(result.failures.isEmpty, result.report)
    }

    /// The healthy database after `sql`, without its journal.
    private static func healthy(changedBy sql: String) throws -> Data {
        let db = TestDatabase()
        try db.writeFile(healthy)
        let queue = try DatabaseQueue(path: db.url.path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: sql)
            try db.checkpoint(.truncate)
        }
        try queue.close()
        return try Data(contentsOf: db.url)
    }

    /// Opens a store on `bytes`. What went wrong, or nil: opening must not throw; a file kept
    /// aside must be kept byte for byte with a reason; with `mustKeepAside`, it must be; a file
    /// opened must be usable (its lists and their items read).
    private func check(_ bytes: Data, mustKeepAside: Bool) throws -> String? {
        let db = TestDatabase()
        try db.writeFile(bytes)
        let store: TodoStore
        do {
            store = try TodoStore(databaseURL: db.url, now: when)
        } catch {
            if (try? Data(contentsOf: db.url)) != bytes { return "opening failed (\(error)) and changed the file" }
            return "opening failed instead of keeping the file aside: \(error)"
        }
        defer { try? store.queue.close() }
        if let aside = store.keptAside {
            if (try? Data(contentsOf: aside.keptAsideURL)) != bytes { return "the file kept aside is not the original" }
            if aside.detail.isEmpty { return "kept aside without SQLite's words for it" }
        } else if mustKeepAside {
            return "opened instead of being kept aside"
        }
        do {
            for list in try store.lists() { _ = try store.document(listID: list.id)?.wholeItems }
            _ = try store.listsDocument()
        } catch {
            return "opened, but cannot be used: \(error)"
        }
        return nil
    }
}
