import Foundation
import GRDB
import XCTest
@testable import FlickCore

/// The daily backup: made once a day, private, whole, thinned to 7 days and 4 weeks, and put
/// back in place with the current file kept beside it.
final class DatabaseBackupsTests: XCTestCase {
    private var directory: URL!
    private var calendar = Calendar(identifier: .iso8601)

    override func setUpWithError() throws {
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin")!
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("flick-backups-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    private func day(_ text: String) -> Date {
        let parts = text.split(separator: "-").map { Int($0)! }
        return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: 12))!
    }

    func testSevenDaysAndTheLastOfFourWeeksAreKept() {
        // Every day from 1 to 31 October 2026 (Thursday the 1st).
        let days = (1...31).map { day(String(format: "2026-10-%02d", $0)) }
        let kept = DatabaseBackups.kept(days, calendar: calendar).map { calendar.component(.day, from: $0) }.sorted()
        // The last 7 days, 25–31, then the newest day of each of four weeks (Monday to Sunday)
        // before them: 24 (its week's Sunday, the 25th, is among the days), 18, 11 and 4.
        XCTAssertEqual(kept, [4, 11, 18, 24, 25, 26, 27, 28, 29, 30, 31])
    }

    func testABackupADayPrivateAndWhole() throws {
        let database = directory.appendingPathComponent("flick.sqlite")
        let store = try TodoStore(databaseURL: database)
        let items = try store.queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM item") }
        let first = try XCTUnwrap(DatabaseBackups.backUpIfDue(database, now: day("2026-11-27"), calendar: calendar))
        XCTAssertEqual(first.lastPathComponent, "flick-backup-2026-11-27.sqlite")
        XCTAssertNil(try DatabaseBackups.backUpIfDue(database, now: day("2026-11-27"), calendar: calendar), "once a day")
        let mode = try FileManager.default.attributesOfItem(atPath: first.path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
        XCTAssertEqual(SetAsideDatabase.itemCountIfSound(first), items)
        for date in ["2026-11-01", "2026-11-10", "2026-11-20", "2026-11-21", "2026-11-22", "2026-11-23", "2026-11-24",
                     "2026-11-25", "2026-11-26", "2026-11-28"] {
            try DatabaseBackups.backUpIfDue(database, now: day(date), calendar: calendar)
        }
        let names = DatabaseBackups.all(besides: database, calendar: calendar).map(\.lastPathComponent)
        // 22–28 as days; 21 for its week (the 20th goes), 10 and 1 for theirs.
        XCTAssertEqual(names, ["28", "27", "26", "25", "24", "23", "22", "21", "10", "01"].map { "flick-backup-2026-11-\($0).sqlite" })
        store.close()
    }

    func testABackupPutBackKeepsTheCurrentFileBesideIt() throws {
        let database = directory.appendingPathComponent("flick.sqlite")
        let store = try TodoStore(databaseURL: database)
        try DatabaseBackups.backUpIfDue(database, now: day("2026-11-27"), calendar: calendar)
        store.close()
        try Data("damaged".utf8).write(to: database)
        let backup = try XCTUnwrap(DatabaseBackups.newestSound(besides: database))
        let replaced = try XCTUnwrap(DatabaseBackups.restore(backup.url, as: database))
        XCTAssertEqual(try String(contentsOf: replaced, encoding: .utf8), "damaged")
        XCTAssertEqual(SetAsideDatabase.itemCountIfSound(database), backup.items)
        XCTAssertTrue(FileManager.default.fileExists(atPath: backup.url.path), "the backup stays")
    }
}
