import FlickCore
import Foundation

/// The small label a row shows for its due date: "Today", "Tomorrow", "Yesterday",
/// a weekday within the coming week ("Fri"), else the day and month ("12 Dec"), with the year
/// when it is not this one, and the time when there is one, all in the locale's forms. Overdue
/// labels are drawn in a warning colour; the spoken form goes into the row's accessible name.
enum DueChip {
    struct Label: Equatable {
        let text: String
        let isOverdue: Bool
    }

    static func label(for due: DueDate, now: Date, timeZone: TimeZone = .current, locale: Locale = .current) -> Label {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.locale = locale
        let today = calendar.startOfDay(for: now)
        // A time is shown on the user's clock, its day too (a task due 14:00 in Chicago
        // showed "2:00 PM" in Berlin, where it is due at 20:00); a time of another zone is named
        // beside it in that zone's clock, as calendar apps do.
        let instant = due.instant
        let day = instant.map { calendar.startOfDay(for: $0) }
            ?? calendar.date(from: DateComponents(year: due.year, month: due.month, day: due.day)) ?? today
        let days = calendar.dateComponents([.day], from: today, to: day).day ?? 0
        let text = [dayText(days: days, day: day, today: today, calendar: calendar, locale: locale),
                    timeText(for: due, timeZone: timeZone, locale: locale)].compactMap { $0 }.joined(separator: " ")
        let overdue = instant.map { $0 < now } ?? (days < 0)
        return Label(text: text, isOverdue: overdue)
    }

    /// The time of day alone ("14:00", "14:00 (08:00 Chicago)"), nil for a day without a time:
    /// what a row under a heading that names the day shows (Upcoming).
    static func timeText(for due: DueDate, timeZone: TimeZone = .current, locale: Locale = .current) -> String? {
        guard let instant = due.instant else { return nil }
        var text = formatted(instant, template: "jmm", timeZone: timeZone, locale: locale)
        if let name = due.timeZone, let zone = TimeZone(identifier: name),
           zone.secondsFromGMT(for: instant) != timeZone.secondsFromGMT(for: instant) {
            text += " " + tr("({time} {place})", ["time": formatted(instant, template: "jmm", timeZone: zone, locale: locale),
                                                   "place": placeName(name)])
        }
        return text
    }

    /// "Chicago" for America/Chicago, "Buenos Aires" for America/Argentina/Buenos_Aires, "UTC".
    private static func placeName(_ zoneName: String) -> String {
        let city = zoneName.split(separator: "/").last.map(String.init) ?? zoneName
        return city.replacingOccurrences(of: "_", with: " ")
    }

    private static func dayText(days: Int, day: Date, today: Date, calendar: Calendar, locale: Locale) -> String {
        switch days {
        case 0: return tr("Today")
        case 1: return tr("Tomorrow")
        case -1: return tr("Yesterday")
        case 2...6: return formatted(day, template: "EEE", timeZone: calendar.timeZone, locale: locale)
        default:
            let sameYear = calendar.component(.year, from: day) == calendar.component(.year, from: today)
            return formatted(day, template: sameYear ? "dMMM" : "dMMMy", timeZone: calendar.timeZone, locale: locale)
        }
    }

    private static func formatted(_ date: Date, template: String, timeZone: TimeZone, locale: Locale) -> String {
        formatters.formatter(template: template, timeZone: timeZone, locale: locale).string(from: date)
    }

    /// Rows bind while scrolling: a formatter is made once per form, not once per row.
    private static let formatters = DateFormatterCache()
}
