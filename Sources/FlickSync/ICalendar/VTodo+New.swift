import FlickCore
import Foundation

/// VTODOs for items that have none yet.
extension VTodo {
    /// A VTODO that says `fields`: UID, DTSTAMP (`now`), CREATED and LAST-MODIFIED (the fields'
    /// times, else `now`), SUMMARY, DESCRIPTION when there are notes, STATUS (with COMPLETED and
    /// PERCENT-COMPLETE when done), DUE, DTSTART, RRULE, X-APPLE-SORT-ORDER, PRIORITY, CATEGORIES, the
    /// parent's RELATED-TO and a VALARM for the reminder.
    /// `localZone` is the zone of wall clocks without one (an absolute reminder is written in UTC).
    public static func new(from fields: VTodoFields, localZone: TimeZone, now: Date) -> VTodo {
        var todo = VTodo(builtLines: [
            ContentLine(name: "BEGIN", value: "VTODO"),
            ContentLine(name: "UID", value: fields.uid),
            ContentLine(name: "DTSTAMP", value: utcText(now)),
            ContentLine(name: "CREATED", value: utcText(fields.createdAt ?? now)),
            ContentLine(name: "LAST-MODIFIED", value: utcText(fields.modifiedAt ?? now)),
            ContentLine(name: "END", value: "VTODO"),
        ].map(RawLine.init))
        todo.writeText("SUMMARY", fields.title, keepWhenEmpty: true)
        todo.writeText("DESCRIPTION", fields.notes, keepWhenEmpty: false)
        todo.setProperty("STATUS", to: ContentLine(name: "STATUS", value: "NEEDS-ACTION"))
        if fields.completed {
            let open = VTodoFields(uid: fields.uid)
            todo.writeCompletion(from: open, to: fields, now: now)
        }
        if let due = fields.due { todo.setProperty("DUE", to: dateLine("DUE", due, keeping: nil)) }
        if let start = fields.start.map({ startFitting($0, due: fields.due, localZone: localZone) }) {
            todo.setProperty("DTSTART", to: dateLine("DTSTART", start, keeping: nil))
        }
        if let rule = fields.repeatRule { todo.writeRepeatRule(rule) }
        if let order = fields.sortOrder { todo.writeSortOrder(order) }
        if fields.priority != 0 { todo.writePriority(fields.priority) }
        if !fields.tags.isEmpty { todo.writeTags(fields.tags) }
        if let parent = fields.parentUID { todo.writeParent(parent) }
        if let reminder = fields.reminder { todo.appendAlarm(reminder, title: fields.title, localZone: localZone) }
        return todo
    }
}
