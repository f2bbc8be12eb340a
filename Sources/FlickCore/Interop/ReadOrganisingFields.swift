/// An item's priority, tags and parent as read from its stored iCalendar text, for an item
/// stored before schema v8 (`SchemaV8.unread`): FlickCore cannot read iCalendar, FlickSync
/// reads them and `TodoStore.fillUnreadOrganisingFields` stores them.
public struct ReadOrganisingFields: Sendable, Equatable {
    public var itemID: Int64
    public var priority: Int
    public var tags: [String]
    public var parentUID: String?

    public init(itemID: Int64, priority: Int, tags: [String], parentUID: String?) {
        self.itemID = itemID
        self.priority = priority
        self.tags = tags
        self.parentUID = parentUID
    }
}
