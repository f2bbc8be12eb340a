import FlickCore
import Foundation

/// Writing lists as .ics text (`flick --export`, Export in the window): one VCALENDAR per list,
/// named after it.
/// An item that came from iCalendar is written from the text it came as, changed only where
/// Flick changed it (DESIGN 6, "Patch, never rebuild"); other items get a new VTODO.
public enum ICSExport {
    public static func text(for lists: [ExportedList], localZone: TimeZone = .current) -> String {
        lists.map { list in
            ICalendarWriter.calendarText(for: list.items.flatMap { todos(for: $0, localZone: localZone) }, name: list.name)
        }.joined()
    }

    /// The text of one CalDAV resource for `item` (a VCALENDAR holding its VTODO, the changed
    /// occurrences that came with it, and the VTIMEZONEs they need), and whether it says anything
    /// its base text does not: an item whose changes left what Flick owns as the base has it
    /// needs no PUT.
    public static func resource(for item: ExportedItem, localZone: TimeZone = .current) -> (text: String, changed: Bool) {
        let stored = storedTodo(of: item)
        let todo = self.todo(for: item, localZone: localZone)
        return (ICalendarWriter.calendarText(for: [todo] + storedOccurrences(of: item)), stored.map { $0 != todo } ?? true)
    }

    /// The item's VTODO, then the changed occurrences of it that came with it, as they came
    /// (a second VTODO of the UID with a RECURRENCE-ID, which Thunderbird and eM Client write for
    /// one occurrence done: without it, that occurrence reads as open again).
    static func todos(for item: ExportedItem, localZone: TimeZone) -> [VTodo] {
        [todo(for: item, localZone: localZone)] + storedOccurrences(of: item)
    }

    private static func storedOccurrences(of item: ExportedItem) -> [VTodo] {
        guard let text = item.ical, let file = try? ICalendarFile(text: text), file.task?.uid == item.uid else { return [] }
        return file.occurrences
    }

    /// The VTODO that says `item`, stamped with the item's own modification time (so writing
    /// the same list twice gives the same text).
    static func todo(for item: ExportedItem, localZone: TimeZone) -> VTodo {
        guard let stored = storedTodo(of: item) else {
            return VTodo.new(from: fields(of: item, stored: nil), localZone: localZone, now: item.modifiedAt)
        }
        let occurrences = storedOccurrences(of: item)
        let storedFields = stored.fields(localZone: localZone, occurrences: occurrences)
        return stored.patched(to: fields(of: item, stored: storedFields), localZone: localZone, now: item.modifiedAt,
                              occurrences: occurrences) ?? stored
    }

    /// What Flick says of the item, in the terms of its base text (see `fields(of:stored:)`):
    /// the local side of a merge.
    static func localFields(of item: ExportedItem, localZone: TimeZone) -> VTodoFields {
        fields(of: item, stored: storedTodo(of: item)?.fields(localZone: localZone, occurrences: storedOccurrences(of: item)))
    }

    /// The VTODO the item came as; nil for an item made in Flick (or text that no longer reads).
    private static func storedTodo(of item: ExportedItem) -> VTodo? {
        guard let text = item.ical, let todo = try? ICalendarFile(text: text).task,
              todo.uid == item.uid else { return nil }
        return todo
    }

    /// What Flick says of the item, in the stored VTODO's terms where both say the same:
    /// an order that is only the CREATED fallback is not written as X-APPLE-SORT-ORDER, and a
    /// completion that came without a time is not given one. A reminder before a due date the
    /// item no longer has is no reminder: an alarm RELATED=END needs a DUE (RFC 5545 §3.8.6.3).
    private static func fields(of item: ExportedItem, stored: VTodoFields?) -> VTodoFields {
        var sortOrder: Int64? = item.rank
        var priority = item.priority, tags = ItemTags.cleaned(item.tags), parent = item.parentUID
        if item.priorityTagsAndParentUnread {
            (priority, tags, parent) = (stored?.priority ?? 0, stored?.tags ?? [], stored?.parentUID)
        }
        var completedAt = item.completedAt
        if let stored {
            // An order Flick derived for a file without one is not written back until the item
            // is moved (SchemaV6); for a base set before v6, the CREATED fallback it was.
            if stored.sortOrder == nil, item.rank == item.baseRank || item.rank == VTodo.appleSortOrder(of: stored) {
                sortOrder = nil
            }
            if stored.completed, item.isCompleted, stored.completedAt == nil { completedAt = nil }
        }
        return VTodoFields(uid: item.uid, title: item.title, notes: item.notes, completed: item.isCompleted,
                           completedAt: completedAt, due: item.due, repeatRule: item.repeatRule,
                           reminder: reminder(of: item, stored: stored), createdAt: item.createdAt,
                           modifiedAt: item.modifiedAt, sortOrder: sortOrder, priority: priority, tags: tags,
                           parentUID: parent, start: item.startUnread ? stored?.start : item.start)
    }

    /// A reminder before a due date the item no longer has goes with the due date. One that came
    /// without a due date (Evolution's TRIGGER:-PT30M on a task with no DUE or DTSTART) and is
    /// still as it came stays: removing it would delete another program's alarm and mark the
    /// task edited.
    private static func reminder(of item: ExportedItem, stored: VTodoFields?) -> Reminder? {
        guard case .beforeDue = item.reminder, item.due == nil else { return item.reminder }
        if let stored, stored.due == nil, VTodoFields.sameReminder(stored.reminder, item.reminder) { return item.reminder }
        return nil
    }
}
