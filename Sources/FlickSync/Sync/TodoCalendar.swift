/// One VCALENDAR of an .ics text: its name and its VTODOs. A file may hold several (one per
/// list, as Flick exports all lists).
public struct TodoCalendar: Sendable {
    /// X-WR-CALNAME, or nil.
    public let name: String?
    /// The VTODOs, in the order they came.
    public let todos: [VTodo]
}
