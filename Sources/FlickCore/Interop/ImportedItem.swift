import Foundation

/// One item read from an .ics file (FlickSync makes one of each VTODO) or from another app's
/// export (FlickSync's Arrivals), ready to be stored: what it says (`ItemContent`, read through
/// as `item.title`), its dates and place, and its source text.
@dynamicMemberLookup
public struct ImportedItem: Sendable, Equatable {
    public var content: ItemContent
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
        content = ItemContent(uid: uid, title: title, notes: notes, isCompleted: isCompleted, completedAt: completedAt,
                              due: due, reminder: reminder, repeatRule: repeatRule, priority: priority, tags: tags,
                              parentUID: parentUID, start: start)
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt
        self.sortOrder = sortOrder
        self.ical = ical
    }

    public subscript<Value>(dynamicMember field: WritableKeyPath<ItemContent, Value>) -> Value {
        get { content[keyPath: field] }
        set { content[keyPath: field] = newValue }
    }
}
