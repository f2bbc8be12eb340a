import FlickCore
import Foundation

/// A repeating task read with the changed occurrences that came with it (issue 29). Thunderbird
/// and eM Client complete one occurrence of a repeating task by writing a second VTODO of its
/// UID with that occurrence's RECURRENCE-ID, leaving the task's own DUE where it was. Flick shows
/// the task at its next open occurrence: the first one, from its DUE on, that no changed
/// occurrence marks done (completed or cancelled).
extension VTodo {
    /// The fields of this task with `occurrences` (its changed occurrences) taken into account:
    /// the due date moves past every occurrence they mark done. Every other field is the task's.
    public func fields(localZone: TimeZone, occurrences: [VTodo]) -> VTodoFields {
        var fields = fields(localZone: localZone)
        fields.due = nextOpenDue(of: fields, occurrences: occurrences, localZone: localZone)
        return fields
    }

    private func nextOpenDue(of fields: VTodoFields, occurrences: [VTodo], localZone: TimeZone) -> DueDate? {
        guard var due = fields.due, !fields.completed, let text = fields.repeatRule,
              let rule = RepeatRule(rrule: text) else { return fields.due }
        let done = occurrences.filter { $0.fields(localZone: localZone).completed }
            .compactMap { $0.recurrenceDate(localZone: localZone) }
        // At most one step per occurrence done: a series whose every occurrence given is done
        // stops at the one after the last.
        for _ in done.indices {
            guard done.contains(where: { Self.isSameOccurrence($0, due) }), let next = rule.next(after: due) else { break }
            due = next
        }
        return due
    }

    /// The occurrence a changed occurrence stands for (its RECURRENCE-ID), as Flick keeps dates.
    func recurrenceDate(localZone: TimeZone) -> DueDate? {
        dateValue("RECURRENCE-ID").flatMap { resolver.dueDate(of: $0, localZone: localZone) }
    }

    /// Whether a RECURRENCE-ID and a due date name the same occurrence: the same instant when
    /// both have a time (their zones may be written differently), else the same day.
    private static func isSameOccurrence(_ recurrence: DueDate, _ due: DueDate) -> Bool {
        if let one = recurrence.instant, let other = due.instant { return one == other }
        return (recurrence.year, recurrence.month, recurrence.day) == (due.year, due.month, due.day)
            && recurrence.hasTime == due.hasTime
    }
}
