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

    /// The date phrases at the end of the title, the last one first (a due date, a start
    /// date, or one of each; `QuickDateParser.phrases`).
    static func phrases(_ title: String, now: Date = Date()) -> [QuickDatePhrase] {
        parser.phrases(title, now: now)
    }

    /// Takes the trailing date phrases off the item's title and makes them its due date and
    /// start date, each as a step of its own (one undo after another gives back the title as
    /// typed); what was read.
    static func apply(to id: Int64, in document: ListDocument) throws -> [QuickDatePhrase] {
        guard let item = document.item(id) else { return [] }
        let read = phrases(item.title)
        for phrase in read {
            try document.update(id) { fields in
                fields.title = phrase.titleLeft
                switch phrase.kind {
                case .due: fields.setDue(phrase.date)
                case .start: fields.setStart(phrase.date)
                }
            }
        }
        return read
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
