import FlickCore
import Foundation

/// A date or date-time as the exports write them: ISO 8601 ("2026-03-14", "2026-03-14T09:30:00",
/// with seconds' fractions, "Z" or an offset) or iCalendar's basic form ("20260314T093000"),
/// which Errands writes. Parsed by hand: Foundation's ISO8601DateFormatter takes only one shape
/// per setting, and these files mix them.
struct ArrivalDate: Equatable {
    var year: Int, month: Int, day: Int
    /// Nil for a date alone.
    var hour: Int?, minute: Int?, second: Int?
    /// Seconds east of UTC, for a time written with "Z" or an offset; nil for a floating time.
    var offset: Int?

    init?(_ text: String) {
        let scalars = Array(text.trimmingCharacters(in: .whitespaces).unicodeScalars)
        var reader = Reader(scalars: scalars)
        guard let year = reader.number(4) else { return nil }
        let dashed = reader.skip("-")
        guard let month = reader.number(2), !dashed || reader.skip("-"), let day = reader.number(2) else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
        if reader.skip("T") || reader.skip(" ") {
            guard let hour = reader.number(2) else { return nil }
            let coloned = reader.skip(":")
            guard let minute = reader.number(2) else { return nil }
            var second = 0
            if !coloned || reader.skip(":") {
                if let value = reader.number(2) { second = value } else if coloned { return nil }
            }
            if reader.skip(".") { reader.skipDigits() }
            (self.hour, self.minute, self.second) = (hour, minute, second)
            guard let offset = reader.offset() else { return nil }
            self.offset = offset
        }
        guard reader.atEnd, Self.isValid(month: month, day: day, hour: hour ?? 0, minute: minute ?? 0,
                                         second: second ?? 0) else { return nil }
    }

    private static func isValid(month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Bool {
        (1...12).contains(month) && (1...31).contains(day) && hour < 24 && minute < 60 && second < 61
    }

    var hasTime: Bool { hour != nil }

    /// As a due or start date: a date alone, or the wall-clock time in `zone` (a time with an
    /// offset is moved into `zone` first). `midnightIsDateOnly`: the format writes a date alone
    /// as its midnight (Errands, Planify), so 00:00:00 is read as the day.
    func dueDate(in zone: TimeZone, midnightIsDateOnly: Bool = false) -> DueDate? {
        guard let hour, let minute else { return DueDate(year: year, month: month, day: day) }
        if midnightIsDateOnly, hour == 0, minute == 0, (second ?? 0) == 0, offset == nil {
            return DueDate(year: year, month: month, day: day)
        }
        guard offset != nil, let instant = instant(in: zone) else {
            return DueDate(year: year, month: month, day: day, hour: hour, minute: minute, timeZone: zone.identifier)
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let local = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
        return DueDate(year: local.year!, month: local.month!, day: local.day!, hour: local.hour!, minute: local.minute!,
                       timeZone: zone.identifier)
    }

    /// The instant: a floating time or a date alone (its midnight) in `zone`.
    func instant(in zone: TimeZone) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = offset.flatMap { TimeZone(secondsFromGMT: $0) } ?? zone
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour ?? 0,
                                                  minute: minute ?? 0, second: second ?? 0))
    }

    /// Reads `text` as a due date, nil when it is empty; throws `badDate` naming `field` when
    /// there is text that is no date.
    static func due(_ text: String?, field: String, _ format: ArrivalFormat, zone: TimeZone,
                    midnightIsDateOnly: Bool = false) throws(ArrivalError) -> DueDate? {
        guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        guard let date = ArrivalDate(text), let due = date.dueDate(in: zone, midnightIsDateOnly: midnightIsDateOnly) else {
            throw ArrivalError(format, .badDate(field: field, value: String(text.prefix(40))))
        }
        return due
    }

    /// Reads `text` as an instant (a creation or completion time); nil when empty or unreadable:
    /// such times only order and stamp, and the item is worth more than its stamp.
    static func instant(_ text: String?, zone: TimeZone) -> Date? {
        text.flatMap(ArrivalDate.init)?.instant(in: zone)
    }

    private struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0

        var atEnd: Bool { index == scalars.count }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard index < scalars.count, scalars[index] == character else { return false }
            index += 1
            return true
        }

        mutating func number(_ digits: Int) -> Int? {
            guard index + digits <= scalars.count else { return nil }
            var value = 0
            for scalar in scalars[index..<index + digits] {
                guard let digit = scalar.properties.numericType == .decimal ? Int(String(scalar)) : nil,
                      scalar.isASCII else { return nil }
                value = value * 10 + digit
            }
            index += digits
            return value
        }

        mutating func skipDigits() {
            while index < scalars.count, scalars[index].isASCII, ("0"..."9").contains(scalars[index]) { index += 1 }
        }

        /// "Z", "+01:00", "+0100", "-05", or nothing (0 seconds is still an offset); nil when
        /// something else follows.
        mutating func offset() -> Int?? {
            if atEnd { return .some(nil) }
            if skip("Z") { return .some(0) }
            let sign: Int
            if skip("+") { sign = 1 } else if skip("-") { sign = -1 } else { return nil }
            guard let hours = number(2) else { return nil }
            _ = skip(":")
            let minutes = atEnd ? 0 : number(2)
            guard let minutes, hours < 24, minutes < 60 else { return nil }
            return .some(sign * (hours * 3600 + minutes * 60))
        }
    }
}
