import FlickCore
import Foundation
@preconcurrency import CGtk

/// Quick dates while typing (issue 9): the parser for the language Flick speaks and the
/// locale's order of day and month, and what a typed title leaves once its date is taken off.
@MainActor
enum QuickDates {
    /// The words of the first language the user prefers that Flick has words for (the order
    /// gettext follows too), with the locale's day/month order and time zone.
    static let parser = QuickDateParser(words: QuickDateWords.forLanguage(languageCode), order: dateOrder,
                                        timeZone: .current)

    /// The title without its trailing date phrase and the date it says, if it ends in one.
    static func split(_ title: String, now: Date = Date()) -> (title: String, due: DueDate)? {
        parser.parse(title, now: now)
    }

    /// Takes a trailing date phrase off the item's title and makes it the due date, as a step
    /// of its own (one undo gives back the title as typed); the due date, or nil when the title
    /// ends in none.
    static func apply(to id: Int64, in document: ListDocument) throws -> DueDate? {
        guard let item = document.item(id), let (title, due) = split(item.title) else { return nil }
        try document.update(id) { fields in
            fields.title = title
            fields.setDue(due)
        }
        return due
    }

    static var languageCode: String {
        let shipped = ["en", "de", "fr", "es", "he", "iw"]
        var names = g_get_language_names()
        while let name = names?.pointee {
            let code = String(String(cString: name).prefix(2))
            if shipped.contains(code) { return code }
            names = names?.advanced(by: 1)
        }
        return "en"
    }

    /// Whether the locale writes the day before the month in a short numeric date.
    private static var dateOrder: QuickDateParser.DateOrder {
        let format = DateFormatter.dateFormat(fromTemplate: "dM", options: 0, locale: .current) ?? "M/d"
        guard let day = format.firstIndex(of: "d"), let month = format.firstIndex(of: "M") else { return .monthDay }
        return day < month ? .dayMonth : .monthDay
    }
}
