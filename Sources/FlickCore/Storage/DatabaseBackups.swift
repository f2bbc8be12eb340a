import Foundation
import GRDB

/// A copy of the database a day, in `backups/` beside it: the last 7 days and the
/// last of each of 4 weeks are kept, each file 0600. Made with SQLite's online backup from a
/// read-only connection, which sees one committed state and never holds up the window's writes
/// (a copy of the file itself could catch a write half done). The copies made before an
/// upgrade (`UpgradeCopy`) are kept in the same folder; the files set aside beside the
/// database are thinned with the backups, by their rule.
public enum DatabaseBackups {
    public static let folderName = "backups"
    static let daysKept = 7
    static let weeksKept = 4

    public static func folder(besides databaseURL: URL) -> URL {
        databaseURL.deletingLastPathComponent().appendingPathComponent(folderName, isDirectory: true)
    }

    /// Makes today's backup if there is none yet and lets the old ones go; returns the new file.
    @discardableResult
    public static func backUpIfDue(_ databaseURL: URL, now: Date = Date(), calendar: Calendar = .current) throws -> URL? {
        let folder = folder(besides: databaseURL)
        try PrivateFile.createFolders(folder)
        let target = folder.appendingPathComponent(BackupName.fileName(for: now, calendar: calendar))
        guard !FileManager.default.fileExists(atPath: target.path) else { return nil }
        try copy(databaseURL, to: target)
        prune(folder, calendar: calendar)
        SetAsideDatabase.prune(besides: databaseURL, calendar: calendar)
        return target
    }

    /// The backups, newest first.
    public static func all(besides databaseURL: URL, calendar: Calendar = .current) -> [URL] {
        let folder = folder(besides: databaseURL)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.compactMap { name in BackupName.day(of: name, calendar: calendar).map { (name, $0) } }
            .sorted { $0.1 > $1.1 }
            .map { folder.appendingPathComponent($0.0) }
    }

    /// The newest backup that passes the full check, with its item count.
    public static func newestSound(besides databaseURL: URL) -> SetAsideDatabase.Readable? {
        for backup in all(besides: databaseURL) {
            if let items = SetAsideDatabase.itemCountIfSound(backup) { return SetAsideDatabase.Readable(url: backup, items: items) }
        }
        return nil
    }

    /// Puts a copy of `backup` in place of the database at `databaseURL` (the backup stays);
    /// the database there is kept beside it as `<name>.replaced-<UTC time>`, returned.
    public static func restore(_ backup: URL, as databaseURL: URL, now: Date = Date()) throws -> URL? {
        let staged = URL(fileURLWithPath: databaseURL.path + ".restoring")
        try? FileManager.default.removeItem(at: staged)
        try copy(backup, to: staged)
        var replaced: URL?
        if FileManager.default.fileExists(atPath: databaseURL.path) {
            replaced = try DatabaseOpener.keepAside(databaseURL, now: now, label: DatabaseOpener.replacedLabel)
        }
        CleanCloseMark.remove(for: databaseURL)
        try FileManager.default.moveItem(at: staged, to: databaseURL)
        return replaced
    }

    /// The days whose backups stay: the `daysKept` newest, and before them the newest of each
    /// of the `weeksKept` weeks that have one (weeks as the user's calendar counts them).
    static func kept(_ days: [Date], calendar: Calendar) -> Set<Date> {
        let newestFirst = days.sorted(by: >)
        var kept = Set(newestFirst.prefix(daysKept))
        var weeks: [DateComponents] = []
        for day in newestFirst.dropFirst(daysKept) {
            let week = calendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: day)
            guard !weeks.contains(week) else { continue }
            guard weeks.count < weeksKept else { break }
            weeks.append(week)
            kept.insert(day)
        }
        return kept
    }

    private static func prune(_ folder: URL, calendar: Calendar) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let dated = names.compactMap { name in
            BackupName.day(of: name, calendar: calendar).map { (url: folder.appendingPathComponent(name), day: $0) }
        }
        DatedCopies.prune(dated, calendar: calendar)
    }

    /// SQLite's online backup of `source` into a new private file at `target`, written under a
    /// temporary name first: a backup cut off half way never looks like a backup.
    static func copy(_ source: URL, to target: URL) throws {
        let partial = URL(fileURLWithPath: target.path + ".partial")
        try? FileManager.default.removeItem(at: partial)
        try PrivateFile.write(Data(), to: partial)
        let from = try DatabaseQueue(path: source.path, configuration: BusyWait.readOnly())
        defer { try? from.close() }
        var writing = Configuration()
        BusyWait.apply(to: &writing)
        let to = try DatabaseQueue(path: partial.path, configuration: writing)
        try from.backup(to: to)
        // The copy as one file, as the backups are kept and read: no write-ahead log beside it.
        try to.writeWithoutTransaction { db in _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE") }
        try to.close()
        try FileManager.default.moveItem(at: partial, to: target)
    }
}
