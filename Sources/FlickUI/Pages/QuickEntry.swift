import FlickCore
import Foundation

/// What a new item's typed title says besides its title: tags
/// ("#errands"), a priority ("!high", "!1"), a due date ("tomorrow"), a repeat ("every Friday")
/// and a start date ("from Monday"), read from its end in that order (the dates and the repeat
/// in any order, `QuickPlanParser`) and each made a step of its own, so one Ctrl+Z after another
/// gives the title back as typed, one part at a time.
@MainActor
enum QuickEntry {
    struct Result {
        var tags: [String] = []
        var priority: Int?
        var due: DueDate?
        var repeatRule: RepeatRule?
        /// Whether the due date is the repeat's first occurrence, no date having been typed.
        var dueIsFirstOccurrence = false
        /// A start date read ("from Monday").
        var start: DueDate?

        mutating func take(_ plan: QuickPlan?) {
            due = plan?.due
            repeatRule = plan?.rule
            dueIsFirstOccurrence = plan?.dueIsFirstOccurrence ?? false
            start = plan?.start
        }
    }

    static let marksParser = QuickMarksParser(words: QuickMarksWords.forLanguage(QuickDates.languageCode))

    static func apply(to id: Int64, in document: ListDocument) throws -> Result {
        var result = Result()
        if let title = document.item(id)?.title, let marks = marksParser.parse(title) {
            try applyMarks(marks, typed: title, to: id, in: document)
            (result.tags, result.priority) = (marks.tags, marks.priority)
        }
        // A title that ends in no date, repeat or start phrase leaves the due date as it is:
        // reading the item's fields before and after was a tenth of an insertion's work.
        guard let title = document.item(id)?.title, let plan = QuickDates.plan(title) else { return result }
        let dueBefore = try document.fields(of: id).due
        result.take(try QuickDates.apply(plan, to: id, in: document))
        // The due date as stored: a start read after it moves it to the start's day when it
        // was before ("Report from Tuesday by Monday" is due Tuesday; ItemFields.setStart).
        let dueAfter = try document.fields(of: id).due
        if dueAfter != dueBefore { result.due = dueAfter }
        return result
    }

    /// The tags first, leaving the priority words in the title, then the priority.
    private static func applyMarks(_ marks: QuickMarks, typed: String, to id: Int64, in document: ListDocument) throws {
        if !marks.tags.isEmpty {
            let priorityWords = typed.hasPrefix(marks.title)
                ? typed.dropFirst(marks.title.count).split(whereSeparator: \.isWhitespace).filter { $0.hasPrefix("!") }
                : []
            let untagged = ([Substring(marks.title)] + priorityWords).joined(separator: " ")
            try document.update(id) { fields in
                fields.title = untagged
                fields.tags = ItemTags.cleaned(fields.tags + marks.tags)
            }
        }
        guard let priority = marks.priority else { return }
        try document.update(id) { fields in
            fields.title = marks.title
            fields.priority = priority
        }
    }

    /// What the notice after adding says was read: "High priority, tagged errands, due
    /// Tomorrow", "Repeats every Friday, due Fri". Each part has a form to begin the sentence
    /// with and one to follow another.
    static func notice(for result: Result, now: Date) -> String? {
        var parts: [String] = []
        if let priority = result.priority {
            switch ItemPriority(icalendar: priority) {
            case .high: parts.append(tr("High priority"))
            case .medium: parts.append(tr("Medium priority"))
            case .low: parts.append(tr("Low priority"))
            case .none: break
            }
        }
        if !result.tags.isEmpty {
            let tags = result.tags.joined(separator: ", ")
            parts.append(parts.isEmpty ? tr("Tagged {tags}", ["tags": tags]) : tr("tagged {tags}", ["tags": tags]))
        }
        if let rule = result.repeatRule {
            let said = RepeatRuleText.text(for: rule)
            parts.append(parts.isEmpty ? tr("Repeats {rule}", ["rule": said]) : tr("repeats {rule}", ["rule": said]))
        }
        if let due = result.due {
            let date = DueChip.label(for: due, now: now).text
            parts.append(parts.isEmpty ? tr("Due {date}", ["date": date]) : tr("due {date}", ["date": date]))
        }
        if let start = result.start {
            let date = DueChip.label(for: start, now: now).text
            parts.append(parts.isEmpty ? tr("Starts {date}", ["date": date]) : tr("starts {date}", ["date": date]))
        }
        guard var text = parts.first else { return nil }
        for part in parts.dropFirst() { text = tr("{first}, {then}", ["first": text, "then": part]) }
        return text
    }
}
