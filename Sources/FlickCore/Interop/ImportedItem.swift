import Foundation

/// One item read from an .ics file (FlickSync makes one of each VTODO) or from another app's
/// export (FlickSync's Arrivals), ready to be stored.
public struct ImportedItem: Sendable, Equatable {
    public var uid: String
    public var title: String
    public var notes: String
    public var isCompleted: Bool
    public var completedAt: Date?
    public var due: DueDate?
    public var reminder: Reminder?
    /// The RRULE value as the file has it, kept even when Flick cannot repeat by it.
    public var repeatRule: String?
    /// PRIORITY: 0 for none, 1 (highest) to 9 (lowest).
    public var priority: Int
    /// CATEGORIES, in their order (`ItemTags.cleaned`).
    public var tags: [String]
    /// RELATED-TO with RELTYPE=PARENT (or none): the UID of the task this is a subtask of.
    public var parentUID: String?
    /// DTSTART, or the source's own start date (`SchemaV12`): not before.
    public var start: DueDate?
    public var createdAt: Date?
    public var modifiedAt: Date?
    /// The item's place among the file's items, ascending: X-APPLE-SORT-ORDER, or what other
    /// clients use without it (seconds from 2001 to its creation).
    public var sortOrder: Int64
    /// The iCalendar text it came as (its VTODO and the VTIMEZONE its dates need), stored so
    /// that writing it out again keeps what Flick does not read. Nil for an item from another
    /// format: it is stored as one typed in Flick (no base text), and exported as a new VTODO.
    public var ical: String?

    public init(uid: String, title: String, notes: String = "", isCompleted: Bool = false, completedAt: Date? = nil,
                due: DueDate? = nil, reminder: Reminder? = nil, repeatRule: String? = nil, createdAt: Date? = nil,
                modifiedAt: Date? = nil, sortOrder: Int64, ical: String?, priority: Int = 0, tags: [String] = [],
                parentUID: String? = nil, start: DueDate? = nil) {
        self.uid = uid
        self.title = title
        self.notes = notes
        self.isCompleted = isCompleted
        self.completedAt = completedAt
        self.due = due
        self.reminder = reminder
        self.repeatRule = repeatRule
        self.priority = priority
        self.tags = tags
        self.parentUID = parentUID
        self.start = start
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt
        self.sortOrder = sortOrder
        self.ical = ical
    }
}
