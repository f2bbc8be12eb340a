import FlickCore

/// Reads the priority, tags and parent of items stored before schema v8 from their iCalendar
/// text (see `SchemaV8.unread`) and stores them, so the details, the rows and the search see
/// them. A text that cannot be read any more gives none of the three; the text itself stays.
public enum OrganisingBackfill {
    /// Reads up to `limit` unread items (of `itemIDs`, if given) and stores what they say;
    /// returns how many there were, 0 once none is left.
    @discardableResult
    public static func run(_ store: TodoStore, limit: Int = 200, itemIDs: [Int64]? = nil) throws -> Int {
        let unread = try store.unreadOrganisingItems(limit: limit, itemIDs: itemIDs)
        try store.fillUnreadOrganisingFields(unread.map { item in
            let todo = try? ICalendarFile(text: item.ical).task
            return ReadOrganisingFields(itemID: item.id, priority: todo?.priority ?? 0, tags: todo?.tags ?? [],
                                        parentUID: todo?.parentUID)
        })
        return unread.count
    }
}
