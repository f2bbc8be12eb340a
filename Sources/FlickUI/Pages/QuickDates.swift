import FlickCore
import Foundation
@preconcurrency import CGtk

/// Quick dates while typing, and repeats: the parsers for the language
/// Flick speaks and the locale's order of day and month, and what a typed title leaves once its
/// date and repeat are taken off.
@MainActor
enum QuickDates {
    /// The words of the first language the user prefers that Flick has words for (the order
    /// gettext follows too), with the locale's day/month order and time zone.
    static let parser = QuickDateParser(words: QuickDateWords.forLanguage(languageCode), order: dateOrder,
                                        timeZone: .current)

    /// Repeats read with the due date, in the same language.
    static let planParser = QuickPlanParser(dates: parser,
                                            repeats: QuickRepeatParser(words: QuickRepeatWords.forLanguage(languageCode)))

    /// The steps that take trailing date, repeat and start phrases off the title, if it ends in any.
    static func plan(_ title: String, now: Date = Date()) -> QuickPlan? {
        planParser.parse(title, now: now)
    }

    /// Takes a trailing date phrase, repeat phrase and start phrase off the item's title and
    /// makes them the due date, the repeat rule and the start date, each a step of its own (one
    /// undo gives back one part of the title as typed; `QuickPlanParser` says why a due date that
    /// comes from the rule is a step before it); what was read (`plan` of its title).
    static func apply(_ plan: QuickPlan, to id: Int64, in document: ListDocument) throws -> QuickPlan {
        for step in plan.steps {
            try document.update(id) { fields in
                switch step {
                case let .due(due, title):
                    fields.title = title
                    fields.setDue(due)
                case let .repeats(rule, title):
                    fields.title = title
                    fields.repeatRule = rule
                case let .start(start, title):
                    fields.title = title
                    fields.setStart(start)
                }
            }
        }
        return plan
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
