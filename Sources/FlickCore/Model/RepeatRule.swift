import Foundation

/// How an item repeats, kept in iCalendar's RRULE form (RFC 5545 §3.3.10, DESIGN 3) so it can be
/// exported and synced as it is: FREQ (daily, weekly, monthly, yearly), INTERVAL, BYDAY for
/// weekly rules, and UNTIL. Any other part a rule came with (COUNT, BYSETPOS, WKST, …) is kept
/// and written back unchanged; `next(after:)` follows the parts it knows, and COUNT.
public struct RepeatRule: Sendable, Equatable {
    public enum Frequency: String, Sendable, CaseIterable {
        case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY"
    }

    public var frequency: Frequency
    /// Every `interval` days, weeks, months or years (1 or more).
    public var interval: Int
    /// For a weekly rule, the weekdays it falls on (Calendar's numbering: 1 is Sunday); empty
    /// means the weekday of the due date.
    public var weekdays: Set<Int>
    /// The last date it may fall on, if any.
    public var until: DueDate?
    /// Parts Flick does not read, in their order, as "NAME=VALUE".
    public var otherParts: [String]

    public init(frequency: Frequency, interval: Int = 1, weekdays: Set<Int> = [], until: DueDate? = nil,
                otherParts: [String] = []) {
        self.frequency = frequency
        self.interval = max(1, interval)
        self.weekdays = weekdays
        self.until = until
        self.otherParts = otherParts
    }

    /// COUNT, when the rule has one: how many occurrences are left from the due date on. Flick,
    /// like tasks.org, moves a repeating item's DUE and DTSTART to the next occurrence when one is
    /// done, so the series starts anew there with one occurrence fewer (`countingOneDone`); the
    /// count from where it started would end it later in every other program (issue 57).
    public var count: Int? {
        otherParts.lazy.compactMap { part -> Int? in
            let pieces = part.split(separator: "=", maxSplits: 1)
            guard pieces.count == 2, pieces[0].uppercased() == "COUNT" else { return nil }
            return Int(pieces[1].trimmingCharacters(in: .whitespaces))
        }.first
    }

    /// The rule once the occurrence at the due date is done: COUNT one lower, in its place
    /// (tasks.org's RepeatTaskHelper.handleRepeat does the same); a rule without COUNT as it is.
    public var countingOneDone: RepeatRule {
        guard let count, count > 1 else { return self }
        var rule = self
        rule.otherParts = otherParts.map { $0.uppercased().hasPrefix("COUNT=") ? "COUNT=\(count - 1)" : $0 }
        return rule
    }

    /// Monday to Friday.
    public static var weekdaysOnly: RepeatRule { RepeatRule(frequency: .weekly, weekdays: [2, 3, 4, 5, 6]) }

    private static let dayNames = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]

    /// Reads an RRULE value ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH"); nil without a frequency
    /// Flick knows, or with a part it cannot read.
    public init?(rrule: String) {
        var frequency: Frequency?
        var interval = 1
        var weekdays: Set<Int> = []
        var until: DueDate?
        var other: [String] = []
        var byDay: String?
        for part in rrule.split(separator: ";") where !part.isEmpty {
            let pieces = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pieces.count == 2 else { return nil }
            switch pieces[0].uppercased() {
            case "FREQ":
                guard let known = Frequency(rawValue: pieces[1].uppercased()) else { return nil }
                frequency = known
            case "INTERVAL":
                guard let value = Int(pieces[1]), value >= 1 else { return nil }
                interval = value
            case "BYDAY":
                byDay = String(part)
            case "UNTIL":
                guard let date = Self.untilDate(pieces[1]) else { return nil }
                until = date
            default:
                other.append(String(part))
            }
        }
        guard let frequency else { return nil }
        // A weekly rule's plain weekdays are read; anything else ("1MO" in a monthly rule) is kept.
        if let byDay {
            let names = byDay.dropFirst("BYDAY=".count).split(separator: ",").map { $0.uppercased() }
            let indices = names.compactMap { Self.dayNames.firstIndex(of: $0) }
            if frequency == .weekly, indices.count == names.count {
                weekdays = Set(indices.map { $0 + 1 })
            } else {
                other.append(byDay)
            }
        }
        self.init(frequency: frequency, interval: interval, weekdays: weekdays, until: until, otherParts: other)
    }

    /// The RRULE value: FREQ, INTERVAL (when not 1), BYDAY, UNTIL, then the other parts.
    public var rrule: String {
        var parts = ["FREQ=\(frequency.rawValue)"]
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        if frequency == .weekly, !weekdays.isEmpty {
            // Monday first, as calendars write them.
            let order = [2, 3, 4, 5, 6, 7, 1].filter(weekdays.contains)
            parts.append("BYDAY=" + order.map { Self.dayNames[$0 - 1] }.joined(separator: ","))
        }
        if let until {
            parts.append(String(format: "UNTIL=%04d%02d%02d", until.year, until.month, until.day))
        }
        return (parts + otherParts).joined(separator: ";")
    }

    /// "20261224" or "20261224T235959Z": the date part (a date-time's day, as written).
    private static func untilDate(_ text: String) -> DueDate? {
        let digits = text.prefix(8)
        guard digits.count == 8, digits.allSatisfy(\.isASCII), let value = Int(digits) else { return nil }
        return DueDate(year: value / 10000, month: value / 100 % 100, day: value % 100)
    }

    // MARK: The next occurrence

    /// When the item is due next after `due` (its time and zone kept), or nil once past UNTIL or
    /// when COUNT says `due` is the last occurrence.
    /// A monthly or yearly rule skips months and years without that day, as RFC 5545 does: the
    /// 31st falls on the next month that has one, 29 February on the next leap year.
    public func next(after due: DueDate) -> DueDate? {
        if let count, count <= 1 { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let start = calendar.date(from: DateComponents(year: due.year, month: due.month, day: due.day)),
              let day = nextDay(after: start, calendar: calendar) else { return nil }
        let parts = calendar.dateComponents([.year, .month, .day], from: day)
        let next = DueDate(year: parts.year!, month: parts.month!, day: parts.day!, hour: due.hour, minute: due.minute,
                           timeZone: due.timeZone)
        if let until, (next.year, next.month, next.day) > (until.year, until.month, until.day) { return nil }
        return next
    }

    private func nextDay(after start: Date, calendar: Calendar) -> Date? {
        switch frequency {
        case .daily:
            return calendar.date(byAdding: .day, value: interval, to: start)
        case .weekly where weekdays.isEmpty:
            return calendar.date(byAdding: .day, value: 7 * interval, to: start)
        case .weekly:
            return nextWeekday(after: start, calendar: calendar)
        case .monthly:
            return sameDay(after: start, stepping: .month, calendar: calendar)
        case .yearly:
            return sameDay(after: start, stepping: .year, calendar: calendar)
        }
    }

    /// The first day after `start` on one of `weekdays`, in a week that is a whole number of
    /// intervals from `start`'s week (weeks begin on Monday, RFC 5545's default).
    private func nextWeekday(after start: Date, calendar: Calendar) -> Date? {
        let startWeek = mondayOf(start, calendar: calendar)
        for offset in 1...(7 * interval + 7) {
            guard let day = calendar.date(byAdding: .day, value: offset, to: start) else { return nil }
            let weeks = calendar.dateComponents([.day], from: startWeek, to: mondayOf(day, calendar: calendar)).day! / 7
            if weekdays.contains(calendar.component(.weekday, from: day)), weeks % interval == 0 { return day }
        }
        return nil
    }

    private func mondayOf(_ day: Date, calendar: Calendar) -> Date {
        let weekday = calendar.component(.weekday, from: day)
        return calendar.date(byAdding: .day, value: -((weekday + 5) % 7), to: day)!
    }

    /// The same day of the month `interval` months (or years) on, skipping those without it.
    private func sameDay(after start: Date, stepping unit: Calendar.Component, calendar: Calendar) -> Date? {
        let wanted = calendar.dateComponents([.year, .month, .day], from: start)
        for step in 1...48 {
            var target = wanted
            if unit == .month {
                let months = wanted.month! - 1 + step * interval
                target.year = wanted.year! + months / 12
                target.month = months % 12 + 1
            } else {
                target.year = wanted.year! + step * interval
            }
            if let date = calendar.date(from: target), calendar.component(.day, from: date) == wanted.day {
                return date
            }
        }
        return nil
    }
}
