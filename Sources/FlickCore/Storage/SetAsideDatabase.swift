import Foundation
import GRDB

/// The database files Flick set aside as unreadable (`DatabaseOpener`), found again, and one
/// that passes the check after all put back in place (issue 53: a busy answer while opening
/// once set healthy files aside, and a new file with the first-run lists took their place).
/// The file it replaces is kept beside it, never deleted.
public enum SetAsideDatabase {
    /// A file set aside that passes the full check now.
    public struct Readable: Sendable, Equatable {
        public var url: URL
        public var items: Int

        public init(url: URL, items: Int) {
            self.url = url
            self.items = items
        }
    }

    /// The files set aside beside `databaseURL`, newest first (their names end in the UTC time
    /// they were set aside, then -2, -3 … within one second).
    public static func files(besides databaseURL: URL) -> [URL] {
        files(besides: databaseURL, label: DatabaseOpener.unreadableLabel)
    }

    /// The files kept aside with `label`: unreadable, or replaced by a file put back.
    static func files(besides databaseURL: URL, label: String) -> [URL] {
        let folder = databaseURL.deletingLastPathComponent()
        let prefix = databaseURL.lastPathComponent + "." + label + "-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
            .sorted { order(of: $0) > order(of: $1) }
            .map { folder.appendingPathComponent($0) }
    }

    /// The newest file set aside that passes the full check (as a start after a crash runs it).
    public static func newestReadable(besides databaseURL: URL) -> Readable? {
        for file in files(besides: databaseURL) {
            if let items = itemCountIfSound(file) { return Readable(url: file, items: items) }
        }
        return nil
    }

    /// How many items a sound Flick database holds; nil when it is not one (or cannot be read).
    public static func itemCountIfSound(_ url: URL) -> Int? {
        guard let queue = try? DatabaseQueue(path: url.path, configuration: BusyWait.readOnly()) else { return nil }
        defer { try? queue.close() }
        return try? queue.read { db -> Int? in
            guard try DatabaseOpener.problem(in: db) == nil else { return nil }
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM item") ?? 0
        }
    }

    /// Puts `setAside` (with its journal files) in place of the database at `databaseURL`, which
    /// is kept beside it as `<name>.replaced-<UTC time>`; returns where. No Flick may have the
    /// database open.
    public static func restore(_ setAside: URL, as databaseURL: URL, now: Date = Date()) throws -> URL? {
        var replaced: URL?
        if FileManager.default.fileExists(atPath: databaseURL.path) {
            replaced = try DatabaseOpener.keepAside(databaseURL, now: now, label: DatabaseOpener.replacedLabel)
        }
        CleanCloseMark.remove(for: databaseURL)  // The mark vouched for the file just moved away.
        for suffix in ["-wal", "-shm", ""] where FileManager.default.fileExists(atPath: setAside.path + suffix) {
            try FileManager.default.moveItem(atPath: setAside.path + suffix, toPath: databaseURL.path + suffix)
        }
        return replaced
    }

    /// The items of `database` whose UIDs `other` does not hold, but for those titled as in
    /// `ignoring` (the first-run lists a new file starts with): their count and the first
    /// titles, to say what the file kept beside holds that the reopened one does not.
    public static func itemsOnlyIn(_ database: URL, notIn other: URL, ignoring seeded: Set<String>,
                                   titles limit: Int) -> (count: Int, titles: [String]) {
        guard let mine = uidsAndTitles(database), let theirs = uidsAndTitles(other) else { return (0, []) }
        let known = Set(theirs.map(\.uid))
        let only = mine.filter { !known.contains($0.uid) && !seeded.contains($0.title) }
        return (only.count, only.prefix(limit).map(\.title))
    }

    private static func uidsAndTitles(_ url: URL) -> [(uid: String, title: String)]? {
        guard let queue = try? DatabaseQueue(path: url.path, configuration: BusyWait.readOnly()) else { return nil }
        defer { try? queue.close() }
        return try? queue.read { db in
            try Row.fetchAll(db, sql: "SELECT uid, title FROM item ORDER BY list_id, rank").map { ($0[0], $0[1]) }
        }
    }

    /// Thins the files set aside beside `databaseURL`, the unreadable ones and the replaced
    /// ones each apart, by the daily backups' rule (`DatedCopies`), when the backups are thinned:
    /// kept whole, a file set aside every day of a month would fill the disk.
    static func prune(besides databaseURL: URL, calendar: Calendar) {
        for label in [DatabaseOpener.unreadableLabel, DatabaseOpener.replacedLabel] {
            let dated = files(besides: databaseURL, label: label).compactMap { file in
                SetAsideStamp.date(in: file.lastPathComponent).map { (url: file, day: $0) }
            }
            DatedCopies.prune(dated, calendar: calendar)
        }
    }

    /// A file's place in time: its stamp, then its counter within the second (none is 1).
    private static func order(of name: String) -> (String, Int) {
        guard let stamp = SetAsideStamp.range(in: name) else { return ("", 0) }
        let counter = Int(name[stamp.upperBound...].dropFirst()) ?? 1
        return (String(name[stamp]), counter)
    }
}
