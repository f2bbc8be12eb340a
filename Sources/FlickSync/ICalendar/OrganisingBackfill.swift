import FlickCore
import Foundation

/// Reads what items stored before a schema version have in their iCalendar text only, and
/// stores it, so the details, the rows and the search see it: the priority, tags and parent
/// (before v8, `SchemaV8.unread`) and the start date (before v12, `SchemaV12.unread`). A text
/// that cannot be read any more gives none of them; the text itself stays.
public enum OrganisingBackfill {
    /// Reads up to `limit` unread items of each kind (of `itemIDs`, if given) and stores what
    /// they say; returns how many there were of the kind with more, 0 once none is left.
    @discardableResult
    public static func run(_ store: TodoStore, limit: Int = 200, itemIDs: [Int64]? = nil,
                           localZone: TimeZone = .current) throws -> Int {
        let unread = try store.unreadOrganisingItems(limit: limit, itemIDs: itemIDs)
        try store.fillUnreadOrganisingFields(unread.map { item in
            let todo = try? ICalendarFile(text: item.ical).task
            return ReadOrganisingFields(itemID: item.id, priority: todo?.priority ?? 0, tags: todo?.tags ?? [],
                                        parentUID: todo?.parentUID)
        })
        let unreadStarts = try store.unreadStartItems(limit: limit, itemIDs: itemIDs)
        try store.fillUnreadStarts(unreadStarts.map { item in
            let file = try? ICalendarFile(text: item.ical)
            return (item.id, file?.task?.fields(localZone: localZone, occurrences: file?.occurrences ?? []).start)
        })
        return max(unread.count, unreadStarts.count)
    }
}
