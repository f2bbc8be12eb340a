import Foundation
import GRDB
import XCTest
@testable import FlickCore

/// A file of an older schema is copied into `backups/` before its migration, whole, private
/// and named after the version it had; the copies are thinned as the daily backups are.
final class UpgradeCopyTests: XCTestCase {
    private var calendar = Calendar.current

    /// Noon of `text`'s day ("2026-11-27") in the calendar's time zone.
    private func day(_ text: String) -> Date {
        let parts = text.split(separator: "-").map { Int($0)! }
        return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: 12))!
    }

    /// A data folder whose database was left by a Flick of schema `version`, holding one item.
    private func folderFromAFlick(ofSchema version: Int) throws -> TestDatabase {
        let db = TestDatabase()
        try DataDirectory.prepare(db.directory)
        let queue = try DatabaseQueue(path: db.url.path)
        try Schema.migrator.migrate(queue, upTo: "v\(version)")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO list (name, rank) VALUES ('Home', 0); "
                               + "INSERT INTO item (list_id, title, rank) VALUES (1, 'Pay rent', 0)")
        }
        try queue.close()
        return db
    }

    private func copies(besides db: TestDatabase) -> [String] {
        UpgradeCopy.all(besides: db.url, calendar: calendar).map(\.lastPathComponent)
    }

    /// The schema version, the schema and every table's rows of the database at `url`.
    private func contents(of url: URL) throws -> String {
        let queue = try DatabaseQueue(path: url.path, configuration: BusyWait.readOnly())
        defer { try? queue.close() }
        return try queue.read { db in
            var text = "user_version \(try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0)\n"
            for (name, sql) in try Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_master ORDER BY name").map({ ($0[0] as String, $0[1] as String?) }) {
                text += "\(name): \(sql ?? "")\n"
                guard try db.tableExists(name) else { continue }
                text += try Row.fetchAll(db, sql: "SELECT * FROM \(name.quotedDatabaseIdentifier)").map(\.description).joined(separator: "\n") + "\n"
            }
            return text
        }
    }

    func testAnOlderFileIsCopiedAsItWasBeforeItsMigration() throws {
        let db = try folderFromAFlick(ofSchema: 13)
        let original = try contents(of: db.url)
        let store = try TodoStore(databaseURL: db.url, now: day("2026-11-27"))
        XCTAssertEqual(copies(besides: db), ["flick-before-upgrade-from-version-13-2026-11-27.sqlite"])
        let copy = DatabaseBackups.folder(besides: db.url).appendingPathComponent(try XCTUnwrap(copies(besides: db).first))
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: copy.path)[.posixPermissions] as? Int, 0o600)
        XCTAssertEqual(try contents(of: copy), original, "the file as it was, its schema and every row")
        XCTAssertEqual(SetAsideDatabase.itemCountIfSound(copy), 1, "whole: it passes the full check")
        XCTAssertEqual(try store.queue.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") }, Schema.version)
        XCTAssertEqual(try store.lists().map(\.name), ["Home"])
        store.close()
        _ = try TodoStore(databaseURL: db.url, now: day("2026-11-28"))
        XCTAssertEqual(copies(besides: db).count, 1, "a current file is not copied")
    }

    func testANewFileIsNotCopied() throws {
        let db = TestDatabase()
        _ = try TodoStore(databaseURL: db.url, now: day("2026-11-27"))
        XCTAssertEqual(copies(besides: db), [])
        let emptyFile = TestDatabase()
        try emptyFile.writeFile(Data())
        _ = try TodoStore(databaseURL: emptyFile.url, now: day("2026-11-27"))
        XCTAssertEqual(copies(besides: emptyFile), [])
    }

    /// A second upgrade from the same version on one day (an old backup put back twice) keeps
    /// both copies: they may differ.
    func testASecondCopyTheSameDayIsNumbered() throws {
        let db = try folderFromAFlick(ofSchema: 12)
        try UpgradeCopy.make(of: db.url, fromVersion: 12, now: day("2026-11-27"), calendar: calendar)
        try UpgradeCopy.make(of: db.url, fromVersion: 12, now: day("2026-11-27"), calendar: calendar)
        XCTAssertEqual(copies(besides: db), ["flick-before-upgrade-from-version-12-2026-11-27-2.sqlite",
                                             "flick-before-upgrade-from-version-12-2026-11-27.sqlite"])
    }

    /// The daily backups' rule (`DatabaseBackupsTests`): 7 days that have a copy, then the
    /// newest of each of 4 weeks before them; the daily backups are not touched.
    func testCopiesAreThinnedByTheBackupsRule() throws {
        calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        let db = try folderFromAFlick(ofSchema: 11)
        let backup = try XCTUnwrap(DatabaseBackups.backUpIfDue(db.url, now: day("2026-10-01"), calendar: calendar))
        for date in (1...31).map({ String(format: "2026-10-%02d", $0) }) {
            try UpgradeCopy.make(of: db.url, fromVersion: 11, now: day(date), calendar: calendar)
        }
        let days = copies(besides: db).map { String($0.dropFirst("flick-before-upgrade-from-version-11-2026-10-".count).prefix(2)) }
        XCTAssertEqual(days, ["04", "11", "18", "24", "25", "26", "27", "28", "29", "30", "31"])
        XCTAssertTrue(FileManager.default.fileExists(atPath: backup.path))
    }

    func testANameGivesItsDay() {
        calendar = Calendar(identifier: .iso8601)
        let name = UpgradeCopyName.fileName(fromVersion: 9, on: day("2026-03-05"), calendar: calendar, counter: 3)
        XCTAssertEqual(name, "flick-before-upgrade-from-version-9-2026-03-05-3.sqlite")
        XCTAssertEqual(UpgradeCopyName.day(of: name, calendar: calendar), calendar.startOfDay(for: day("2026-03-05")))
        XCTAssertNil(UpgradeCopyName.day(of: "flick-backup-2026-03-05.sqlite", calendar: calendar))
        XCTAssertNil(UpgradeCopyName.day(of: name + ".partial", calendar: calendar))
    }
}
