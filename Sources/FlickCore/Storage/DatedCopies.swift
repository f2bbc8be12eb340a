import Foundation

/// Thins copies of the database that pile up by date (the daily backups, the copies made before
/// an upgrade, the files set aside and replaced) by one rule, the daily backups'
/// (`DatabaseBackups.kept`): every copy of the 7 newest days that have one, and of the newest
/// such day in each of the 4 weeks before them. The rule counts days with a copy, not days
/// gone by, so the newest copy is always kept, however old it is.
enum DatedCopies {
    /// Removes the files of `files` (with their -wal and -shm) whose day the rule does not keep.
    static func prune(_ files: [(url: URL, day: Date)], calendar: Calendar) {
        let days = files.map { calendar.startOfDay(for: $0.day) }
        let keep = DatabaseBackups.kept(Array(Set(days)), calendar: calendar)
        for (file, day) in zip(files, days) where !keep.contains(day) {
            for suffix in ["", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: file.url.path + suffix)
            }
        }
    }
}
