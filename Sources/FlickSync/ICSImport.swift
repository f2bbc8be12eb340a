import FlickCore
import Foundation

/// Reading an .ics file into lists for `TodoStore.importLists` (issue 10: import).
public enum ICSImport {
    /// The lists of the file `data`: one per VCALENDAR that holds VTODOs, each item with the
    /// iCalendar text it came as. The whole file is checked first, so a broken one is refused
    /// (with the line and reason) before anything is stored.
    public static func lists(from data: Data, localZone: TimeZone = .current,
                             now: Date = Date()) throws(ICalendarError) -> [ImportedList] {
        let file = try ICalendarFile(data: data)
        return file.calendars.filter { !$0.todos.isEmpty }.map { calendar in
            ImportedList(name: calendar.name,
                         items: calendar.todos.map { item(from: $0, localZone: localZone, now: now) })
        }
    }

    /// An item for `todo`. Without X-APPLE-SORT-ORDER it is placed by its CREATED time, as
    /// Nextcloud Tasks, tasks.org and Planify place it (DESIGN 6), or by `now` without one.
    static func item(from todo: VTodo, localZone: TimeZone, now: Date) -> ImportedItem {
        let fields = todo.fields(localZone: localZone)
        let sortOrder = fields.sortOrder ?? VTodo.appleSortOrder(forCreated: fields.createdAt ?? now)
        return ImportedItem(
            uid: fields.uid, title: fields.title, notes: fields.notes, isCompleted: fields.completed,
            completedAt: fields.completedAt, due: fields.due, reminder: fields.reminder,
            repeatRule: fields.repeatRule, createdAt: fields.createdAt, modifiedAt: fields.modifiedAt,
            sortOrder: sortOrder, ical: ICalendarWriter.calendarText(for: [todo]))
    }
}
