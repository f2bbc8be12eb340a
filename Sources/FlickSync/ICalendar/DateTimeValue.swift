import Foundation

/// A DATE or DATE-TIME property value (DUE, DTSTART, COMPLETED, …) as written: its numbers and
/// what they are relative to. Turning it into an instant or a wall clock elsewhere needs the
/// VTODO's time zones (`TimeZoneResolver`).
struct DateTimeValue: Equatable, Sendable {
    enum Anchor: Equatable, Sendable {
        /// VALUE=DATE (or a bare yyyymmdd): a day, no time.
        case date
        /// A time with neither "Z" nor TZID: the same wall clock everywhere.
        case floating
        /// A time ending in "Z".
        case utc
        /// A time with TZID=`tzid` (as written, quotes removed).
        case zone(String)
    }

    var year: Int
    var month: Int
    var day: Int
    var hour = 0
    var minute = 0
    var second = 0
    var anchor: Anchor

    var isDate: Bool { anchor == .date }

    /// Reads the value of `line`, or nil when it is not a valid date or date-time. VALUE=DATE
    /// with a time, or a date-time with a "Z" and a TZID, are refused; a bare yyyymmdd without
    /// VALUE=DATE is read as a date (some clients forget the parameter).
    init?(_ line: ContentLine) {
        let value = line.value.trimmingCharacters(in: .whitespaces)
        guard let shape = Self.shape(of: value) else { return nil }
        let declaredDate = line.parameter("VALUE")?.uppercased() == "DATE"
        if declaredDate, shape != .date { return nil }
        // The numbers come from libical; the strict shape check above and the ranges below are
        // ours, because libical also reads "2026-03-01", month 13 and 30 February.
        guard let time = LibicalBridge.parseTime(value) else { return nil }
        year = time.year
        month = time.month
        day = time.day
        guard (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day) else { return nil }
        switch shape {
        case .date:
            anchor = .date
        case .utc, .local:
            hour = time.hour
            minute = time.minute
            second = time.second
            // 60 is a leap second (RFC 5545 §3.3.12).
            guard hour < 24, minute < 60, second <= 60 else { return nil }
            let tzid = line.parameter("TZID")
            if shape == .utc {
                anchor = .utc
            } else if let tzid, !tzid.isEmpty {
                anchor = .zone(tzid)
            } else {
                anchor = .floating
            }
        }
    }

    /// A value built by Flick.
    init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, anchor: Anchor) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.anchor = anchor
    }

    /// The value as written after the colon: yyyymmdd, yyyymmddThhmmss, or with a final Z.
    var valueText: String {
        if isDate { return String(format: "%04d%02d%02d", year, month, day) }
        return String(format: "%04d%02d%02dT%02d%02d%02d", year, month, day, hour, minute, second)
            + (anchor == .utc ? "Z" : "")
    }

    private enum Shape { case date, local, utc }

    /// yyyymmdd, yyyymmddThhmmss or yyyymmddThhmmssZ, and nothing else.
    private static func shape(of text: String) -> Shape? {
        let bytes = Array(text.utf8)
        func digits(_ range: Range<Int>) -> Bool { range.allSatisfy { bytes[$0] >= 0x30 && bytes[$0] <= 0x39 } }
        switch bytes.count {
        case 8 where digits(0..<8):
            return .date
        case 15 where digits(0..<8) && bytes[8] == UInt8(ascii: "T") && digits(9..<15):
            return .local
        case 16 where digits(0..<8) && bytes[8] == UInt8(ascii: "T") && digits(9..<15) && bytes[15] == UInt8(ascii: "Z"):
            return .utc
        default:
            return nil
        }
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
