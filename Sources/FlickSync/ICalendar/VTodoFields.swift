import FlickCore
import Foundation

/// What Flick owns of a VTODO (DESIGN 6): the values it reads from one and the only ones it ever
/// writes into one. Everything else in the component is kept as it came.
public struct VTodoFields: Equatable, Sendable {
    /// UID.
    public var uid: String
    /// SUMMARY, unescaped; "" when absent.
    public var title: String
    /// DESCRIPTION, unescaped; "" when absent.
    public var notes: String
    /// STATUS:COMPLETED, or a COMPLETED time.
    public var completed: Bool
    /// COMPLETED (UTC); nil when STATUS says completed without one. Written, nil is no
    /// particular time: a patch keeps the VTODO's, and completing writes the patch's `now`.
    public var completedAt: Date?
    /// DUE: a date alone, or a wall-clock time in an IANA zone.
    public var due: DueDate?
    /// The RRULE value exactly as written, without "RRULE:".
    public var repeatRule: String?
    /// The one VALARM Flick owns (see `VTodo`), if any.
    public var reminder: Reminder?
    /// CREATED.
    public var createdAt: Date?
    /// LAST-MODIFIED.
    public var modifiedAt: Date?
    /// X-APPLE-SORT-ORDER; nil when absent (the caller falls back to CREATED, see
    /// `VTodo.appleSortOrder(forCreated:)`).
    public var sortOrder: Int64?
    /// PRIORITY: 0 for none, 1 (highest) to 9 (lowest).
    public var priority: Int
    /// CATEGORIES, in order, cleaned (`ItemTags.cleaned`).
    public var tags: [String]
    /// The parent task's UID (RELATED-TO, RELTYPE=PARENT or none).
    public var parentUID: String?
    /// DTSTART: not before. Written in DUE's form (`VTodo.startFitting`).
    public var start: DueDate?

    public init(uid: String, title: String = "", notes: String = "", completed: Bool = false,
                completedAt: Date? = nil, due: DueDate? = nil, repeatRule: String? = nil,
                reminder: Reminder? = nil, createdAt: Date? = nil, modifiedAt: Date? = nil,
                sortOrder: Int64? = nil, priority: Int = 0, tags: [String] = [], parentUID: String? = nil,
                start: DueDate? = nil) {
        self.uid = uid
        self.title = title
        self.notes = notes
        self.completed = completed
        self.completedAt = completedAt
        self.due = due
        self.repeatRule = repeatRule
        self.reminder = reminder
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt
        self.sortOrder = sortOrder
        self.priority = priority
        self.tags = tags
        self.parentUID = parentUID
        self.start = start
    }
}
