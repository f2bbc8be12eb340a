import Foundation

/// One item as an .ics file is written from it: what it says (`ItemContent`, read through as
/// `item.title`), its place, and the iCalendar text it came in as, if any (written back with
/// only Flick's changes).
@dynamicMemberLookup
public struct ExportedItem: Sendable, Equatable {
    public var content: ItemContent
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
        content = ItemContent(uid: uid, title: title, notes: notes, isCompleted: isCompleted, completedAt: completedAt,
                              due: due, reminder: reminder, repeatRule: repeatRule, priority: priority, tags: tags,
                              parentUID: parentUID, start: start)
        self.startUnread = startUnread
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt
        self.rank = rank
        self.ical = ical
        self.baseRank = baseRank
    }

    public subscript<Value>(dynamicMember field: WritableKeyPath<ItemContent, Value>) -> Value {
        get { content[keyPath: field] }
        set { content[keyPath: field] = newValue }
    }

    /// Stored before schema v8 with its iCalendar text, whose priority, tags and parent were
    /// not read from it (SchemaV8): the text's own are written out.
    public var priorityTagsAndParentUnread: Bool { content.priority == SchemaV8.unread }
}
