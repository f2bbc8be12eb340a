import FlickCore
import Foundation

/// Reading an .ics file into lists for `TodoStore.importLists` (`flick --import`, Import in the
/// window, a file dropped on it).
public enum ICSImport {
    /// The lists of the file `data`: one per VCALENDAR that holds VTODOs, each item with the
    /// iCalendar text it came as. The whole file is checked first, so a broken one is refused
    /// (with the line and reason) before anything is stored.
    public static func lists(from data: Data, localZone: TimeZone = .current) throws(ICalendarError) -> [ImportedList] {
        let file = try ICalendarFile(data: data)
        let kept = latestCopies(of: file.todos, localZone: localZone)
        let occurrences = changedOccurrences(in: file.todos, localZone: localZone)
        return file.calendars.filter { !$0.todos.isEmpty }.map { calendar in
            ImportedList(name: calendar.name, items: calendar.todos.filter { kept.contains($0.text) }.map { todo in
                item(from: todo, occurrences: todo.isOccurrence ? [] : occurrences[todo.uid] ?? [], localZone: localZone)
            })
        }.filter { !$0.items.isEmpty }
    }

    /// The changed occurrences of each UID's task, in the file's order, the latest revision of
    /// each occurrence (RECURRENCE-ID) once.
    static func changedOccurrences(in todos: [VTodo], localZone: TimeZone) -> [String: [VTodo]] {
        var latest: [String: VTodo] = [:]
        var order: [String] = []
        for todo in todos where todo.isOccurrence {
            let key = todo.uid + "\u{0}" + (todo.property("RECURRENCE-ID")?.value ?? "")
            guard let kept = latest[key] else {
                latest[key] = todo
                order.append(key)
                continue
            }
            if revision(of: todo, localZone: localZone) > revision(of: kept, localZone: localZone) { latest[key] = todo }
        }
        return Dictionary(grouping: order.compactMap { latest[$0] }, by: \.uid)
    }

    /// Of several copies of one UID, the latest revision, not the first in the file (libical's
    /// test files hold later copies of higher SEQUENCE): a task itself before a changed
    /// occurrence of it (RECURRENCE-ID), then the higher SEQUENCE, then the later LAST-MODIFIED,
    /// then the first in the file. Returns the texts of the copies kept.
    static func latestCopies(of todos: [VTodo], localZone: TimeZone) -> Set<String> {
        var best: [String: VTodo] = [:]
        for todo in todos {
            guard let kept = best[todo.uid] else {
                best[todo.uid] = todo
                continue
            }
            if revision(of: todo, localZone: localZone) > revision(of: kept, localZone: localZone) { best[todo.uid] = todo }
        }
        return Set(best.values.map(\.text))
    }

    /// What orders copies of a UID: a master first, then SEQUENCE, then LAST-MODIFIED.
    private static func revision(of todo: VTodo, localZone: TimeZone) -> Revision {
        Revision(isMaster: todo.property("RECURRENCE-ID") == nil,
                 sequence: todo.property("SEQUENCE").flatMap { Int($0.value.trimmingCharacters(in: .whitespaces)) } ?? 0,
                 modified: todo.fields(localZone: localZone).modifiedAt ?? .distantPast)
    }

    /// An item for `todo`, placed where Nextcloud Tasks places it (`VTodo.appleSortOrder(of:)`).
    static func item(from todo: VTodo, occurrences: [VTodo] = [], localZone: TimeZone) -> ImportedItem {
        let fields = todo.fields(localZone: localZone, occurrences: occurrences)
        let sortOrder = VTodo.appleSortOrder(of: fields)
        return ImportedItem(
            uid: fields.uid, title: fields.title, notes: fields.notes, isCompleted: fields.completed,
            completedAt: fields.completedAt, due: fields.due, reminder: fields.reminder,
            repeatRule: fields.repeatRule, createdAt: fields.createdAt, modifiedAt: fields.modifiedAt,
            sortOrder: sortOrder, ical: ICalendarWriter.calendarText(for: [todo] + occurrences),
            priority: fields.priority, tags: fields.tags, parentUID: fields.parentUID, start: fields.start)
    }
}
