import Foundation

/// How an item repeats, kept in iCalendar's RRULE form (RFC 5545 §3.3.10, DESIGN 3) so it can be
/// exported and synced as it is: FREQ (daily, weekly, monthly, yearly), INTERVAL, BYDAY for
/// weekly rules, BYMONTHDAY for monthly ones, and UNTIL. Any other part a rule came with (COUNT, BYSETPOS, WKST, …) is kept
/// and written back unchanged; `next(after:)` follows every part (`occurrences`).
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
    /// For a monthly rule, the days of the month it falls on (1 to 31; -1 is the last day, as
    /// RFC 5545 counts them), ascending; empty means the day of the due date.
    public var monthDays: [Int]
    /// The last date it may fall on, if any.
    public var until: DueDate?
    /// UNTIL as the rule came with it, kept while `until` is the day it names.
    private var untilAsWritten: RepeatUntil?
    /// Parts Flick does not read, in their order, as "NAME=VALUE".
    public var otherParts: [String]

    public init(frequency: Frequency, interval: Int = 1, weekdays: Set<Int> = [], monthDays: [Int] = [],
                until: DueDate? = nil, otherParts: [String] = []) {
        self.frequency = frequency
        self.interval = max(1, interval)
        self.weekdays = weekdays
        self.monthDays = monthDays
        self.until = until
        self.otherParts = otherParts
    }

    /// COUNT, when the rule has one: how many occurrences are left from the due date on. Flick,
    /// like tasks.org, moves a repeating item's DUE and DTSTART to the next occurrence when one is
    /// done, so the series starts anew there with one occurrence fewer (`countingOneDone`); the
    /// count from where it started would end it later in every other program.
    public var count: Int? {
        otherParts.lazy.compactMap { part -> Int? in
            let pieces = part.split(separator: "=", maxSplits: 1)
            guard pieces.count == 2, pieces[0].uppercased() == "COUNT" else { return nil }
            return Int(pieces[1].trimmingCharacters(in: .whitespaces))
        }.first
    }

    /// The rule once the occurrence at the due date is done: COUNT one lower, in its place
    /// (tasks.org's RepeatTaskHelper.handleRepeat does the same); a rule without COUNT as it is.
    public var countingOneDone: RepeatRule { countingDone(1) }

    /// The rule once `occurrences` of it from the due date on are passed: COUNT that much lower,
    /// never below 1 (the series' last occurrence); a rule without COUNT as it is.
    public func countingDone(_ occurrences: Int) -> RepeatRule {
        guard let count, count > 1, occurrences > 0 else { return self }
        var rule = self
        let left = max(1, count - occurrences)
        rule.otherParts = otherParts.map { $0.uppercased().hasPrefix("COUNT=") ? "COUNT=\(left)" : $0 }
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
        var untilAsWritten: RepeatUntil?
        var other: [String] = []
        // BYDAY and BYMONTHDAY stay among the other parts, where they came, unless Flick reads
        // them: a rule from another client is written back as it came.
        var byDay: (part: String, place: Int)?
        var byMonthDay: (part: String, place: Int)?
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
                byDay = (String(part), other.count)
                other.append(String(part))
            case "BYMONTHDAY":
                byMonthDay = (String(part), other.count)
                other.append(String(part))
            case "UNTIL":
                guard let written = RepeatUntil(pieces[1]) else { return nil }
                untilAsWritten = written
            default:
                other.append(String(part))
            }
        }
        guard let frequency else { return nil }
        // A weekly rule's plain weekdays are read; anything else ("1MO" in a monthly rule) is kept.
        var read: [Int] = []
        if let byDay {
            let names = byDay.part.dropFirst("BYDAY=".count).split(separator: ",").map { $0.uppercased() }
            let indices = names.compactMap { Self.dayNames.firstIndex(of: $0) }
            if frequency == .weekly, indices.count == names.count {
                weekdays = Set(indices.map { $0 + 1 })
                read.append(byDay.place)
            }
        }
        // A monthly rule's days of the month are read; a yearly rule's (every month's 1st in a
        // yearly rule, RFC 5545's table of BYxxx parts) is kept as it came.
        var monthDays: [Int] = []
        if let byMonthDay {
            let values = byMonthDay.part.dropFirst("BYMONTHDAY=".count).split(separator: ",").map { Int($0) }
            let days = values.compactMap { $0 }.filter { (1...31).contains(abs($0)) }
            if frequency == .monthly, !values.isEmpty, days.count == values.count {
                monthDays = Set(days).sorted()
                read.append(byMonthDay.place)
            }
        }
        // The later place first, so the earlier one does not move.
        for place in read.sorted(by: >) { other.remove(at: place) }
        self.init(frequency: frequency, interval: interval, weekdays: weekdays, monthDays: monthDays,
                  until: untilAsWritten?.localDay, otherParts: other)
        self.untilAsWritten = untilAsWritten
    }

    /// The RRULE value: FREQ, INTERVAL (when not 1), BYDAY, BYMONTHDAY, UNTIL, then the other
    /// parts; a new UNTIL as a date.
    public var rrule: String { rrule(due: nil) }

    /// The RRULE value for a series due like `due`: UNTIL as it came while it names `until` in
    /// a form that fits the due date, else in the form RFC 5545 asks beside it
    /// (`RepeatUntil.written`): a time set on an item repeating until a date moves UNTIL to a time.
    public func rrule(due: DueDate?) -> String {
        var parts = ["FREQ=\(frequency.rawValue)"]
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        if frequency == .weekly, !weekdays.isEmpty {
            // Monday first, as calendars write them.
            let order = [2, 3, 4, 5, 6, 7, 1].filter(weekdays.contains)
            parts.append("BYDAY=" + order.map { Self.dayNames[$0 - 1] }.joined(separator: ","))
        }
        if frequency == .monthly, !monthDays.isEmpty {
            parts.append("BYMONTHDAY=" + monthDays.map(String.init).joined(separator: ","))
        }
        if let until {
            let kept = currentUntil.flatMap { due == nil || $0.fits(due) ? $0 : nil }
            parts.append("UNTIL=" + (kept?.text ?? RepeatUntil.written(lastDay: until, for: due)))
        }
        return (parts + otherParts).joined(separator: ";")
    }

    /// UNTIL as written, unless `until` was changed since.
    private var currentUntil: RepeatUntil? {
        untilAsWritten.flatMap { $0.localDay == until ? $0 : nil }
    }

    /// The last moment of a series due like `due`: UNTIL's own time where it has one, else the
    /// whole of its day.
    private func lastMoment(for due: DueDate) -> DueDate? {
        guard let until else { return nil }
        return currentUntil?.lastMoment(for: due) ?? until.dateOnly
    }

    // MARK: The next occurrence

    /// When the item is due next after `due` (its time and zone kept), or nil once past UNTIL or
    /// when COUNT says `due` is the last occurrence.
    public func next(after due: DueDate) -> DueDate? {
        occurrences(after: due, through: .max, limit: 1).first
    }

    /// The occurrences after `due`, the series beginning at `due`, up to `limit` of them and
    /// none after `lastDay` (yyyymmdd) or UNTIL; COUNT counts `due` as the first. A rule of the
    /// parts Flick writes is stepped here; any other (BYSETPOS, BYDAY with an ordinal, a daily
    /// rule's BYDAY, …) is expanded by libical, as the other clients expand it. UNTIL bounds both
    /// alike, at its time where it has one (`lastMoment`).
    public func occurrences(after due: DueDate, through lastDay: Int32, limit: Int) -> [DueDate] {
        let end = lastMoment(for: due)
        let last = min(lastDay, end?.dayNumber ?? .max)
        let found: [DueDate]
        if isSteppedByFlick {
            found = steppedOccurrences(after: due, through: last, limit: limit)
        } else {
            var unbounded = self
            unbounded.until = nil
            found = LibicalRecurrence.occurrences(of: unbounded.rrule, after: due, limit: limit, through: last)
        }
        guard let end, end.hasTime, due.hasTime else { return found }
        return found.filter { !$0.isLater(than: end) }
    }

    /// Whether every part of the rule is one `nextDay` follows: the rules Flick's own editor and
    /// quick entry write, and their COUNT.
    var isSteppedByFlick: Bool {
        otherParts.allSatisfy { $0.uppercased().hasPrefix("COUNT=") }
    }

    /// Flick's own stepping, one occurrence after the other. A monthly or yearly rule skips
    /// months and years without that day, as RFC 5545 does: the 31st falls on the next month
    /// that has one, 29 February on the next leap year.
    private func steppedOccurrences(after due: DueDate, through lastDay: Int32, limit: Int) -> [DueDate] {
        var found: [DueDate] = []
        var rule = self, day = due
        while found.count < limit, let next = rule.nextStep(after: day), next.dayNumber <= lastDay {
            found.append(next)
            rule = rule.countingOneDone
            day = next
        }
        return found
    }

    /// The occurrence after `due` by Flick's stepping, COUNT and UNTIL aside but for a COUNT of 1.
    private func nextStep(after due: DueDate) -> DueDate? {
        if let count, count <= 1 { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let start = calendar.date(from: DateComponents(year: due.year, month: due.month, day: due.day)),
              let day = nextDay(after: start, calendar: calendar) else { return nil }
        let parts = calendar.dateComponents([.year, .month, .day], from: day)
        return DueDate(year: parts.year!, month: parts.month!, day: parts.day!, hour: due.hour, minute: due.minute,
                       timeZone: due.timeZone)
    }

    private func nextDay(after start: Date, calendar: Calendar) -> Date? {
        switch frequency {
        case .daily:
            return calendar.date(byAdding: .day, value: interval, to: start)
        case .weekly where weekdays.isEmpty:
            return calendar.date(byAdding: .day, value: 7 * interval, to: start)
        case .weekly:
            return nextWeekday(after: start, calendar: calendar)
        case .monthly where monthDays.isEmpty:
            return sameDay(after: start, stepping: .month, calendar: calendar)
        case .monthly:
            return nextMonthDay(after: start, calendar: calendar)
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

    /// The first day after `start` on one of `monthDays`, in a month a whole number of intervals
    /// from `start`'s month; a month without that day (the 31st, 30 February) has none of it, as
    /// in RFC 5545.
    private func nextMonthDay(after start: Date, calendar: Calendar) -> Date? {
        let first = calendar.dateComponents([.year, .month, .day], from: start)
        for step in 0...48 {
            let months = first.month! - 1 + step * interval
            let year = first.year! + months / 12, month = months % 12 + 1
            guard let monthStart = calendar.date(from: DateComponents(year: year, month: month, day: 1)),
                  let length = calendar.range(of: .day, in: .month, for: monthStart)?.count else { return nil }
            let days = Set(monthDays.map { $0 > 0 ? $0 : length + 1 + $0 }.filter { (1...length).contains($0) }).sorted()
            if let day = days.first(where: { step > 0 || $0 > first.day! }) {
                return calendar.date(from: DateComponents(year: year, month: month, day: day))
            }
        }
        return nil
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

    // MARK: The first occurrence

    /// The first day on or after `day` that the rule falls on (its time and zone kept): `day`
    /// itself unless the rule names weekdays or days of the month that it is not. A rule has no
    /// start of its own in Flick (its due date is the start), so a new rule begins on the first
    /// day it names: "every Friday" typed on a Saturday is due the next Friday, and a week apart
    /// from there, not from the Saturday.
    public func firstOccurrence(onOrAfter day: DueDate) -> DueDate {
        for ahead in 0..<400 {
            let candidate = day.addingDays(ahead)
            if fallsOn(candidate) { return candidate }
        }
        return day
    }

    /// Whether the day is one the rule's weekdays or days of the month name (any day when it
    /// names none); the interval is counted from the first occurrence, so it does not count here.
    func fallsOn(_ day: DueDate) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day)) else { return false }
        switch frequency {
        case .weekly where !weekdays.isEmpty:
            return weekdays.contains(calendar.component(.weekday, from: date))
        case .monthly where !monthDays.isEmpty:
            let length = calendar.range(of: .day, in: .month, for: date)?.count ?? 31
            return monthDays.contains { ($0 > 0 ? $0 : length + 1 + $0) == day.day }
        default:
            return true
        }
    }
}
