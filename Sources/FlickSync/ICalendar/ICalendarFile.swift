import Foundation

/// A whole .ics text (one or more VCALENDARs) read for its VTODOs.
///
/// Reading checks the structure (BEGIN/END balanced, nothing cut short) and the values of the
/// properties Flick reads in each VTODO, and refuses the text at the first problem with its line.
/// The VTODOs keep their text as it came, each with the VTIMEZONEs it names; the other
/// components (VEVENT, VJOURNAL, …) are kept as their text, untouched.
public struct ICalendarFile: Sendable {
    /// The VTODOs, in the order they came.
    public var todos: [VTodo] { calendars.flatMap(\.todos) }

    /// The task a CalDAV resource or an item's base text holds: its first VTODO that is not a
    /// changed occurrence of a repeating task (RECURRENCE-ID), which may come before it
    /// in the file; the first VTODO when all are occurrences.
    public var task: VTodo? { todos.first { !$0.isOccurrence } ?? todos.first }

    /// The changed occurrences of the task (VTODOs of its UID with a RECURRENCE-ID), which Flick
    /// keeps and writes back as they came.
    public var occurrences: [VTodo] {
        guard let task else { return [] }
        return todos.filter { $0.isOccurrence && $0.uid == task.uid && $0.text != task.text }
    }

    /// What the task says, its due date moved past the occurrences its changed occurrences mark
    /// done (`VTodo.fields(localZone:occurrences:)`).
    public func taskFields(localZone: TimeZone) -> VTodoFields? {
        task?.fields(localZone: localZone, occurrences: occurrences)
    }
    /// Each VCALENDAR with its name and VTODOs, in the order they came.
    public let calendars: [TodoCalendar]
    /// The text of every other component at calendar level (VEVENT, VJOURNAL, VFREEBUSY, …; not
    /// the VTIMEZONEs, which travel with the VTODOs that name them), exactly as it came.
    public let otherComponents: [String]

    /// Reads `text`.
    public init(text: String) throws(ICalendarError) {
        try self.init(bytes: Array(text.utf8))
    }

    /// Reads the bytes of a file, which must be UTF-8 (an invalid sequence is refused with its
    /// line).
    public init(data: Data) throws(ICalendarError) {
        try self.init(bytes: [UInt8](data))
    }

    private init(bytes: [UInt8]) throws(ICalendarError) {
        let lines: [RawLine]
        do {
            lines = try LineReader.read(bytes)
        } catch where error.line == 1 && error.kind == .malformedLine {
            // A first line that is no content line at all (a CSV, a text file): not iCalendar.
            throw ICalendarError(line: 1, kind: .notICalendar)
        }
        guard let first = lines.first else { throw ICalendarError(line: 1, kind: .empty) }
        guard first.isBegin("VCALENDAR") else { throw ICalendarError(line: first.number, kind: .notICalendar) }
        var calendars: [TodoCalendar] = []
        var others: [String] = []
        var index = 0
        while index < lines.count {
            guard lines[index].isBegin("VCALENDAR") else {
                throw ICalendarError(line: lines[index].number, kind: .textAfterCalendar)
            }
            let calendar = try CalendarReader(lines: lines, start: index)
            calendars.append(TodoCalendar(name: calendar.name, todos: calendar.todos))
            others += calendar.otherComponents
            index = calendar.end + 1
        }
        self.calendars = calendars
        otherComponents = others
    }
}
