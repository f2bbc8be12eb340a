import GRDB

/// What Sort compares of one item (`ItemSortOrder`), read for all the open items in one
/// statement: the rows in memory keep no titles, due dates or priorities (`ItemRow`).
struct ItemSortKey: Equatable {
    var id: Int64
    var title: String
    /// The due day as yyyymmdd, or nil for an item without a due date.
    var dueDay: Int32?
    /// The due time in minutes after midnight, or nil for a date alone.
    var dueMinute: Int?
    var priority: ItemPriority

    /// The day, then the minute in it: undated items last; on a day, a date alone (0) before
    /// any time of it (1 to 1,440).
    var dueOrder: Int64 {
        Int64(dueDay ?? .max) * 1441 + Int64((dueMinute ?? -1) + 1)
    }

    /// High (0) to low (2), then none (3).
    var priorityOrder: Int {
        switch priority {
        case .high: return 0
        case .medium: return 1
        case .low: return 2
        case .none: return 3
        }
    }

    /// The keys of the items `ids`, by id.
    static func fetch(_ ids: [Int64], _ db: Database) throws -> [Int64: ItemSortKey] {
        let rows = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT id, title, due_day, due_minute, priority FROM item WHERE id IN (\(IDArray.values))
            """), arguments: [IDArray.argument(ids)])
        var keys: [Int64: ItemSortKey] = [:]
        keys.reserveCapacity(ids.count)
        while let row = try rows.next() {
            let key = ItemSortKey(id: row[0], title: row[1], dueDay: row[2], dueMinute: row[3],
                                  priority: ItemPriority(icalendar: row[4]))
            keys[key.id] = key
        }
        return keys
    }
}
