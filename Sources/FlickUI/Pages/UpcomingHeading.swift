import FlickCore
import Foundation

/// What an Upcoming heading says: "Overdue", "Today", "Tomorrow", then the weekday
/// and the day of the month ("Thursday 3"), in the locale's form, and how many rows it heads.
enum UpcomingHeading {
    static func title(of day: DueDate?, today: DueDate, locale: Locale = .current) -> String {
        guard let day else { return tr("Overdue") }
        switch day.days(since: today) {
        case 0: return tr("Today")
        case 1: return tr("Tomorrow")
        default:
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let date = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day)) ?? Date()
            return formatters.formatter(template: "EEEEd", timeZone: calendar.timeZone, locale: locale).string(from: date)
        }
    }

    /// A heading's row: no heat, no chip but its count; a screen reader hears it as a heading
    /// with the day and the count ("Tomorrow, heading, 2 items"): a row of a GtkListView has one
    /// accessible role for every row it is bound to, so the word says what the role cannot.
    static func content(of day: DueDate?, today: DueDate, count: Int) -> RowContent {
        let title = title(of: day, today: today)
        let items = trPlural("{count} item", "{count} items", count, ["count": String(count)])
        return RowContent(title: title, doneClass: "upcoming-heading",
                          accessibleName: tr("{day}, heading, {items}", ["day": title, "items": items]),
                          detail: count == 0 ? nil : String(count))
    }

    private static let formatters = DateFormatterCache()
}
