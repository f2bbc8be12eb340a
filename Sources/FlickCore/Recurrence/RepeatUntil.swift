import Foundation

/// A rule's UNTIL as it was written (RFC 5545 §3.3.10): a date beside a date-only DTSTART; beside
/// a date-time, a date-time, in UTC when the start has a zone ("20260310T225959Z"), floating when
/// the start floats. libical and python-dateutil read a date UNTIL beside a timed start as that
/// day's midnight, so "until 10 March" written as a date ended a daily 09:00 on 9 March for them.
/// A rule from another client keeps its UNTIL as it came (`RepeatRule.rrule(due:)`).
struct RepeatUntil: Sendable, Equatable {
    /// The value as written.
    let text: String
    private let year: Int, month: Int, day: Int
    /// Hour, minute and second, for a date-time.
    private let time: (hour: Int, minute: Int, second: Int)?
    private let isUTC: Bool

    init?(_ text: String) {
        let value = text.trimmingCharacters(in: .whitespaces).uppercased()
        let digits = value.prefix(8)
        guard digits.count == 8, digits.allSatisfy(\.isASCIIDigitForUntil), let date = Int(digits) else { return nil }
        (year, month, day) = (date / 10_000, date / 100 % 100, date % 100)
        guard (1...12).contains(month), (1...31).contains(day) else { return nil }
        let rest = value.dropFirst(8)
        if rest.isEmpty {
            time = nil
            isUTC = false
        } else {
            let clock = rest.dropFirst().prefix(6)
            guard rest.first == "T", clock.count == 6, clock.allSatisfy(\.isASCIIDigitForUntil), let number = Int(clock),
                  rest.count == 7 || rest.dropFirst(7) == "Z" else { return nil }
            time = (number / 10_000, number / 100 % 100, number % 100)
            isUTC = rest.hasSuffix("Z")
        }
        self.text = text
    }

    static func == (left: RepeatUntil, right: RepeatUntil) -> Bool { left.text == right.text }

    /// The last day the rule may fall on, as the editor shows it: a UTC time's day in the
    /// machine's zone.
    var localDay: DueDate {
        lastMoment(for: nil).dateOnly
    }

    /// The last moment an occurrence of a series due like `due` may have: a date UNTIL ends with
    /// its day; a floating time is the due date's wall clock; a UTC time is read in the due
    /// date's zone (the machine's for a floating or date-only one).
    func lastMoment(for due: DueDate?) -> DueDate {
        guard let time else { return DueDate(year: year, month: month, day: day) }
        let zone = due?.timeZone
        guard isUTC, let instant = DueDate(year: year, month: month, day: day, hour: time.hour, minute: time.minute,
                                            timeZone: "UTC").instant?.addingTimeInterval(TimeInterval(time.second)) else {
            return DueDate(year: year, month: month, day: day, hour: time.hour, minute: time.minute, timeZone: zone)
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone.flatMap(TimeZone.init(identifier:)) ?? .current
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
        return DueDate(year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour, minute: parts.minute,
                       timeZone: zone)
    }

    /// Whether this is the form RFC 5545 asks beside `due`: a date beside a date, a floating time
    /// beside a floating time, UTC beside a zoned time.
    func fits(_ due: DueDate?) -> Bool {
        guard let due, due.hasTime else { return time == nil }
        return time != nil && isUTC == (due.timeZone != nil)
    }

    /// UNTIL for a series due like `due` ending on `lastDay`, in the form RFC 5545 asks of it:
    /// the date; for a floating time, that day's last second; for a zoned time, that day's last
    /// second in the zone, in UTC.
    static func written(lastDay: DueDate, for due: DueDate?) -> String {
        let date = String(format: "%04d%02d%02d", lastDay.year, lastDay.month, lastDay.day)
        guard let due, due.hasTime else { return date }
        guard let zoneName = due.timeZone, let zone = TimeZone(identifier: zoneName) else { return date + "T235959" }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        guard let end = calendar.date(from: DateComponents(year: lastDay.year, month: lastDay.month, day: lastDay.day,
                                                          hour: 23, minute: 59, second: 59)) else { return date }
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let utc = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: end)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", utc.year!, utc.month!, utc.day!, utc.hour!, utc.minute!, utc.second!)
    }
}

private extension Character {
    var isASCIIDigitForUntil: Bool { isASCII && isNumber }
}
