import FlickCore
import Foundation

/// A repeating task read with the changed occurrences that came with it. Thunderbird
/// and eM Client complete one occurrence of a repeating task by writing a second VTODO of its
/// UID with that occurrence's RECURRENCE-ID, leaving the task's own DUE where it was. Flick shows
/// the task at its next open occurrence: the first one, from its DUE on, that no changed
/// occurrence marks done (completed or cancelled) and no EXDATE removes (jtx Board writes an
/// EXDATE for an occurrence deleted from a series).
extension VTodo {
    /// The fields of this task with `occurrences` (its changed occurrences) taken into account:
    /// the due date moves past every occurrence they mark done or an EXDATE removes, and a COUNT
    /// in the rule counts from there. Every other field is the task's.
    public func fields(localZone: TimeZone, occurrences: [VTodo]) -> VTodoFields {
        var fields = fields(localZone: localZone)
        let due = fields.due
        (fields.due, fields.repeatRule) = nextOpenOccurrence(from: fields, occurrences: occurrences, localZone: localZone)
        // The start of the occurrence shown: as many days before its due date as the task's.
        if let due, let shown = fields.due, let start = fields.start {
            fields.start = start.addingDays(shown.days(since: due))
        }
        return fields
    }

    /// The first occurrence from `fields.due` on that is open, with the rule as it reads from
    /// there (COUNT lower by the rule's occurrences passed, `RepeatRule.countingDone`); `fields.due`
    /// and the rule as they are when the task does not repeat, is done, or has no later occurrence.
    func nextOpenOccurrence(from fields: VTodoFields, occurrences: [VTodo],
                            localZone: TimeZone) -> (due: DueDate?, repeatRule: String?) {
        guard var due = fields.due, !fields.completed, let text = fields.repeatRule,
              let rule = RepeatRule(rrule: text) else { return (fields.due, fields.repeatRule) }
        let skipped = occurrences.filter { $0.fields(localZone: localZone).completed }
            .compactMap { $0.recurrenceDate(localZone: localZone) } + excludedDates(localZone: localZone)
        guard !skipped.isEmpty else { return (due, text) }
        let anchor = self.fields(localZone: localZone).due ?? due
        let start = dateValue("DTSTART").flatMap { resolver.dueDate(of: $0, localZone: localZone) }
        // The series as it runs from the task's own due date: the rule's occurrences and its
        // RDATEs (`RepeatSeries`); what is done or excluded is `skipped`, matched by start or due.
        // At most one step per occurrence skipped: a series whose every occurrence given is done
        // stops at the one after the last.
        let added = RepeatExceptions(ical: self.text, like: due).added
        let ruled = rule.occurrences(after: due, through: .max, limit: skipped.count)
        let following = RepeatSeries(rule: rule, exceptions: RepeatExceptions(excluded: [], added: added))
            .occurrences(after: due, through: .max, limit: skipped.count)
        var passed = 0, ruledPassed = 0
        for next in following {
            let occurrenceStart = start.map { $0.addingDays(due.days(since: anchor)) }
            guard skipped.contains(where: { Self.names($0, occurrenceDue: due, start: occurrenceStart) }) else { break }
            due = next
            passed += 1
            if ruled.contains(next) { ruledPassed += 1 }
        }
        // COUNT lower by the rule's occurrences passed, as `RepeatSeries.next` counts it.
        let counted = rule.countingDone(ruledPassed)
        return (due, passed > 0 && counted.count != nil ? counted.rrule : text)
    }

    /// The occurrence a changed occurrence stands for (its RECURRENCE-ID), as Flick keeps dates.
    func recurrenceDate(localZone: TimeZone) -> DueDate? {
        dateValue("RECURRENCE-ID").flatMap { resolver.dueDate(of: $0, localZone: localZone) }
    }

    /// The occurrences the task's EXDATE lines remove (one line may list several, RFC 5545
    /// §3.8.5.1), as Flick keeps dates.
    func excludedDates(localZone: TimeZone) -> [DueDate] {
        Self.topLevelIndices(of: "EXDATE", in: lines).flatMap { index in
            let line = lines[index].content
            return line.value.split(separator: ",").compactMap { value in
                DateTimeValue(ContentLine(name: "EXDATE", parameterText: line.parameterText, value: String(value)))
                    .flatMap { resolver.dueDate(of: $0, localZone: localZone) }
            }
        }
    }

    /// Whether a RECURRENCE-ID or EXDATE value names the occurrence due at `occurrenceDue`.
    /// RFC 5545 §3.8.4.4 names an occurrence by its start: jtx Board's RECURRENCE-ID is the
    /// occurrence's DTSTART, 09:00, for a task due at 17:00. Without a DTSTART, or from a
    /// program that names it by its due date (as Thunderbird does for a task without one), the
    /// due date counts.
    private static func names(_ value: DueDate, occurrenceDue: DueDate, start: DueDate?) -> Bool {
        isSameOccurrence(value, occurrenceDue) || start.map { isSameOccurrence(value, $0) } ?? false
    }

    /// Whether a RECURRENCE-ID and a due date name the same occurrence: the same instant when
    /// both have a time (their zones may be written differently), else the same day.
    private static func isSameOccurrence(_ recurrence: DueDate, _ due: DueDate) -> Bool {
        if let one = recurrence.instant, let other = due.instant { return one == other }
        return (recurrence.year, recurrence.month, recurrence.day) == (due.year, due.month, due.day)
            && recurrence.hasTime == due.hasTime
    }
}
