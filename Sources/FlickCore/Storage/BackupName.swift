import Foundation

/// A backup's file name, `flick-backup-2026-11-27.sqlite`: the local day it was made.
enum BackupName {
    static let prefix = "flick-backup-"
    static let suffix = ".sqlite"

    static func fileName(for date: Date, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return prefix + String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0) + suffix
    }

    /// The day a backup's name says (the start of that day), nil for any other file.
    static func day(of name: String, calendar: Calendar) -> Date? {
        guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
        let numbers = name.dropFirst(prefix.count).dropLast(suffix.count).split(separator: "-").compactMap { Int($0) }
        guard numbers.count == 3 else { return nil }
        return calendar.date(from: DateComponents(year: numbers[0], month: numbers[1], day: numbers[2]))
    }
}
