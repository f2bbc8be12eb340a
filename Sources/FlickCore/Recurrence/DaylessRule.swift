import Foundation

/// Rules that name no day at all because the days of the month they ask for are in none of the
/// months they ask for: "every 30 February" (`BYMONTH=2;BYMONTHDAY=30`), "every 31 April, June,
/// September and November". libical looks for one up to the year 2037 before it gives up: 0.07 s
/// for a yearly rule, 0.3-0.5 s for a monthly or daily one (libical 3.0.16), each time Upcoming or
/// a completion asks, so such a rule is known here as having no occurrence without asking it.
enum DaylessRule {
    /// The most days each month can have (February in a leap year).
    private static let longestMonths = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

    /// Whether `rrule` has a BYMONTH and a BYMONTHDAY no month of it has a day for.
    static func namesNoDay(_ rrule: String) -> Bool {
        guard let months = numbers(of: "BYMONTH", in: rrule), let days = numbers(of: "BYMONTHDAY", in: rrule) else {
            return false
        }
        return !months.contains { month in
            (1...12).contains(month) && days.contains { $0 != 0 && abs($0) <= longestMonths[month - 1] }
        }
    }

    /// The values of one part ("BYMONTH=4,6"), nil without it or with a value that is no number.
    private static func numbers(of name: String, in rrule: String) -> [Int]? {
        for part in rrule.split(separator: ";") {
            let pieces = part.split(separator: "=", maxSplits: 1)
            guard pieces.count == 2, pieces[0].uppercased() == name else { continue }
            let values = pieces[1].split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
            return values.contains(nil) ? nil : values.compactMap { $0 }
        }
        return nil
    }
}
