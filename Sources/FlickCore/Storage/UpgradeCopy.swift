import Foundation
import GRDB

/// A copy of the database as it was before a migration brought it up to this Flick's schema,
/// kept in `backups/` beside the daily backups. A migration changes the file for
/// good: once it has run, the older Flick the user may go back to refuses the file
/// (`NewerDatabase`), and a migration that went wrong would have nothing to go back to. Made
/// as the daily backups are (SQLite's online backup into a private file, `DatabaseBackups`),
/// named after the version it had (`UpgradeCopyName`) and thinned by the backups' rule
/// (`DatedCopies`).
enum UpgradeCopy {
    /// Copies the database `queue` has open when its schema is older than this Flick's, before
    /// anything is migrated; the copy, or nil when none was due (a new file, a current one).
    /// `calendar` (the user's, when nil) is made only when a copy is due: the user's calendar
    /// opens the locale's data in ICU, which every start would otherwise keep resident.
    @discardableResult
    static func makeIfDue(of queue: DatabaseQueue, now: Date, calendar: Calendar? = nil) throws -> URL? {
        let version = try queue.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 }
        guard version >= 1, version < Schema.version else { return nil }
        return try make(of: URL(fileURLWithPath: queue.path), fromVersion: version, now: now,
                        calendar: calendar ?? .current)
    }

    @discardableResult
    static func make(of databaseURL: URL, fromVersion version: Int, now: Date, calendar: Calendar) throws -> URL {
        let folder = DatabaseBackups.folder(besides: databaseURL)
        try PrivateFile.createFolders(folder)
        var counter = 1
        var target = folder.appendingPathComponent(UpgradeCopyName.fileName(fromVersion: version, on: now, calendar: calendar))
        while FileManager.default.fileExists(atPath: target.path) {
            counter += 1
            target = folder.appendingPathComponent(
                UpgradeCopyName.fileName(fromVersion: version, on: now, calendar: calendar, counter: counter))
        }
        try DatabaseBackups.copy(databaseURL, to: target)
        prune(folder, calendar: calendar)
        return target
    }

    /// The copies made before upgrades beside `databaseURL`, by name.
    static func all(besides databaseURL: URL, calendar: Calendar = .current) -> [URL] {
        let folder = DatabaseBackups.folder(besides: databaseURL)
        return dated(in: folder, calendar: calendar).map(\.url).sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    private static func prune(_ folder: URL, calendar: Calendar) {
        DatedCopies.prune(dated(in: folder, calendar: calendar), calendar: calendar)
    }

    private static func dated(in folder: URL, calendar: Calendar) -> [(url: URL, day: Date)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.compactMap { name in
            UpgradeCopyName.day(of: name, calendar: calendar).map { (url: folder.appendingPathComponent(name), day: $0) }
        }
    }
}
