import Foundation

/// When an item is due (DESIGN 3): a date without a time or zone, or a date and a wall-clock
/// time in an IANA time zone. It is kept as the user said it, never as an instant, so a
/// daylight-saving change moves nothing.
///
/// Every item row in memory may carry one, so it is stored as the database keeps it: the day as
/// one number (yyyymmdd) and the minute of the day, not as five separate integers.
public struct DueDate: Sendable, Equatable, Hashable {
    /// The date as yyyymmdd (20261224), which also sorts dates in order.
    public let dayNumber: Int32
    /// Minutes after midnight, or -1 for a date alone.
    private let minuteOfDay: Int16
    /// The IANA zone of a date-time (nil for a date alone).
    public let timeZone: String?

    public init(year: Int, month: Int, day: Int, hour: Int? = nil, minute: Int? = nil, timeZone: String? = nil) {
        dayNumber = Int32(year * 10_000 + month * 100 + day)
        minuteOfDay = hour.map { Int16($0 * 60 + (minute ?? 0)) } ?? -1
        self.timeZone = hour == nil ? nil : timeZone
    }

    /// The form the database keeps: nil when `dayNumber` is not a real calendar date's shape.
    public init?(dayNumber: Int32, minuteOfDay: Int?, timeZone: String?) {
        let month = Int(dayNumber / 100 % 100), day = Int(dayNumber % 100)
        guard (1...12).contains(month), (1...31).contains(day) else { return nil }
        if let minuteOfDay, !(0..<1440).contains(minuteOfDay) { return nil }
        self.init(year: Int(dayNumber / 10_000), month: month, day: day,
                  hour: minuteOfDay.map { $0 / 60 }, minute: minuteOfDay.map { $0 % 60 }, timeZone: timeZone)
    }

    public var year: Int { Int(dayNumber / 10_000) }
    public var month: Int { Int(dayNumber / 100 % 100) }
    public var day: Int { Int(dayNumber % 100) }
    /// The time of day, or nil for a date alone.
    public var hour: Int? { minuteOfDay < 0 ? nil : Int(minuteOfDay) / 60 }
    public var minute: Int? { minuteOfDay < 0 ? nil : Int(minuteOfDay) % 60 }
    /// Minutes after midnight, or nil for a date alone (the database's `due_minute`).
    public var minutesAfterMidnight: Int? { minuteOfDay < 0 ? nil : Int(minuteOfDay) }

    public var hasTime: Bool { minuteOfDay >= 0 }

    /// The same day with no time.
    public var dateOnly: DueDate { DueDate(year: year, month: month, day: day) }

    /// The instant a date-time stands for, in its zone; nil for a date alone or an unknown zone.
    public var instant: Date? {
        guard let hour, let zoneName = timeZone, let zone = TimeZone(identifier: zoneName) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute ?? 0))
    }

    /// The day number of the calendar day that contains `date` in `zone` (for "due today").
    public static func dayNumber(of date: Date, in zone: TimeZone) -> Int32 {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return Int32(parts.year! * 10_000 + parts.month! * 100 + parts.day!)
    }
}

extension DueDate {
    /// Whether this is later than `other`: a later day, or the same day at a later time (a
    /// date alone counts as before every time of its day).
    public func isLater(than other: DueDate) -> Bool {
        (dayNumber, minutesAfterMidnight ?? -1) > (other.dayNumber, other.minutesAfterMidnight ?? -1)
    }
}

extension DueDate {
    /// Today's date in `zone`, without a time.
    public static func today(in zone: TimeZone = .current, now: Date = Date()) -> DueDate {
        let number = dayNumber(of: now, in: zone)
        return DueDate(year: Int(number / 10_000), month: Int(number / 100 % 100), day: Int(number % 100))
    }
}

extension DueDate {
    /// The same time of day (and zone) `days` calendar days later, or earlier when negative.
    public func addingDays(_ days: Int) -> DueDate {
        let calendar = Self.utcCalendar
        let start = calendar.date(from: DateComponents(year: year, month: month, day: day))!
        let parts = calendar.dateComponents([.year, .month, .day], from: calendar.date(byAdding: .day, value: days, to: start)!)
        return DueDate(year: parts.year!, month: parts.month!, day: parts.day!, hour: hour, minute: minute, timeZone: timeZone)
    }

    /// How many calendar days `other`'s date is before this one's (their times aside).
    public func days(since other: DueDate) -> Int {
        let calendar = Self.utcCalendar
        let from = calendar.date(from: DateComponents(year: other.year, month: other.month, day: other.day))!
        let to = calendar.date(from: DateComponents(year: year, month: month, day: day))!
        return calendar.dateComponents([.day], from: from, to: to).day!
    }

    /// Counting calendar days: in UTC, no day is 23 or 25 hours long.
    private static var utcCalendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }
}
