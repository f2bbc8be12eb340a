import Foundation

/// One item as an .ics file is written from it: what Flick keeps of it, its place, and the
/// iCalendar text it came in as, if any (written back with only Flick's changes).
public struct ExportedItem: Sendable, Equatable {
    public var uid: String
    public var title: String
    public var notes: String
    public var isCompleted: Bool
    public var completedAt: Date?
    public var due: DueDate?
    public var reminder: Reminder?
    public var repeatRule: String?
    /// PRIORITY: 0 for none, 1 (highest) to 9 (lowest).
    public var priority: Int
    /// CATEGORIES, in their order (`ItemTags.cleaned`).
    public var tags: [String]
    /// RELATED-TO with RELTYPE=PARENT (or none): the UID of the task this is a subtask of.
    public var parentUID: String?
    /// DTSTART, Flick's start date (`SchemaV12`).
    public var start: DueDate?
    /// Stored before schema v12 with a DTSTART in its text, not read from it yet
    /// (`SchemaV12.unread`): the text's DTSTART is written out as it is.
    public var startUnread: Bool = false
    public var createdAt: Date
    public var modifiedAt: Date
    public var rank: Int64
    public var ical: String?
    /// The rank when `ical` was last set (SchemaV6): equal to `rank`, the item was not moved since.
    public var baseRank: Int64?

    public init(uid: String, title: String, notes: String = "", isCompleted: Bool = false, completedAt: Date? = nil,
                due: DueDate? = nil, reminder: Reminder? = nil, repeatRule: String? = nil, createdAt: Date,
                modifiedAt: Date, rank: Int64, ical: String? = nil, baseRank: Int64? = nil, priority: Int = 0,
                tags: [String] = [], parentUID: String? = nil, start: DueDate? = nil, startUnread: Bool = false) {
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
        self.startUnread = startUnread
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt
        self.rank = rank
        self.ical = ical
        self.baseRank = baseRank
    }

    /// Stored before schema v8 with its iCalendar text, whose priority, tags and parent were
    /// not read from it (SchemaV8): the text's own are written out.
    public var priorityTagsAndParentUnread: Bool { priority == SchemaV8.unread }
}
