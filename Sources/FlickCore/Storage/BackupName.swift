import Foundation

/// A backup's file name, `flick-backup-2026-11-27.sqlite`: the local day it was made.
enum BackupName {
    static let prefix = "flick-backup-"
    static let suffix = ".sqlite"

    static func fileName(for date: Date, calendar: Calendar) -> String {
        prefix + dayText(for: date, calendar: calendar) + suffix
    }

    /// The day a backup's name says (the start of that day), nil for any other file.
    static func day(of name: String, calendar: Calendar) -> Date? {
        guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
        return day(in: name.dropFirst(prefix.count).dropLast(suffix.count), calendar: calendar)
    }

    /// `2026-11-27`, as the copies' names give their day.
    static func dayText(for date: Date, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// The start of the day `2026-11-27` names; nil for other text.
    static func day(in text: Substring, calendar: Calendar) -> Date? {
        let numbers = text.split(separator: "-").compactMap { Int($0) }
        guard numbers.count == 3 else { return nil }
        return calendar.date(from: DateComponents(year: numbers[0], month: numbers[1], day: numbers[2]))
    }
}
