import GRDB

/// The part of an item's row that no row in memory keeps (see `TodoItem`): read when an item
/// is deleted, so undoing the deletion puts the whole item back, UID and times included.
struct ItemDetails: Sendable, Equatable {
    var uid: String
    var notes: String
    var reminder: String?
    var remindedAt: Int64?
    var snoozedUntil: Int64?
    var rrule: String?
    var createdAt: Int64
    var modifiedAt: Int64
    var completedAt: Int64?
    /// The iCalendar text the item came in as (schema v3), if any.
    var ical: String?
    /// Its priority, tags (as stored) and parent task's UID (schema v8).
    var priority: Int = 0
    var tags: String?
    var parentUID: String?
    /// Its start date as stored (schema v12; `SchemaV12.unread` kept as it is).
    var startDay: Int32?
    var startMinute: Int?
    var startZone: String?

    static func fetch(_ db: Database, itemIDs: [Int64]) throws -> [Int64: ItemDetails] {
        var details: [Int64: ItemDetails] = [:]
        let rows = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT id, uid, notes, reminder, reminded_at, snoozed_until, rrule, created_at, modified_at, completed_at, ical,
                priority, tags, parent_uid, start_day, start_minute, start_zone
            FROM item WHERE id IN (\(IDArray.values))
            """), arguments: [IDArray.argument(itemIDs)])
        while let row = try rows.next() {
            details[row[0]] = ItemDetails(uid: row[1], notes: row[2], reminder: row[3], remindedAt: row[4],
                                          snoozedUntil: row[5], rrule: row[6], createdAt: row[7], modifiedAt: row[8],
                                          completedAt: row[9], ical: row[10], priority: row[11], tags: row[12],
                                          parentUID: row[13], startDay: row[14], startMinute: row[15],
                                          startZone: row[16])
        }
        return details
    }
}
