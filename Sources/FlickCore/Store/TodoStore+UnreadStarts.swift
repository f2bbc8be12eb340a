import GRDB

/// Items stored before schema v12 with a DTSTART keep their start date in their iCalendar text
/// only (`SchemaV12.unread`). FlickSync reads it from there with the priority and tags
/// (`OrganisingBackfill`), and it is stored here. Reading a file is not an edit: nothing is sent
/// to a server, and the item's modification time stays as it was.
extension TodoStore {
    /// Up to `limit` items whose start has not been read from their text, with their texts
    /// (`itemIDs` narrows them to those items). Found through `item_start` (v12).
    public func unreadStartItems(limit: Int, itemIDs: [Int64]? = nil) throws -> [(id: Int64, ical: String)] {
        try queue.readKeepingStatements { db in
            let narrowing = itemIDs == nil ? "" : " AND id IN (\(IDArray.values))"
            let arguments: StatementArguments = itemIDs.map { [IDArray.argument($0), limit] } ?? [limit]
            return try Row.fetchAll(db, sql: """
                SELECT id, ical FROM item WHERE start_day = \(SchemaV12.unread) AND ical IS NOT NULL\(narrowing) LIMIT ?
                """, arguments: arguments).map { ($0[0], $0[1]) }
        }
    }

    /// Stores the starts read (nil: the text has none Flick can read), for items still unread,
    /// in one transaction under the sync guard, with each modification time put back.
    public func fillUnreadStarts(_ read: [(itemID: Int64, start: DueDate?)]) throws {
        guard !read.isEmpty else { return }
        try queue.save { db in
            try db.execute(sql: "INSERT INTO sync_guard (pulling) VALUES (1)")
            for (itemID, start) in read {
                guard let modifiedAt = try Int64.fetchOne(db, sql: """
                    SELECT modified_at FROM item WHERE id = ? AND start_day = \(SchemaV12.unread)
                    """, arguments: [itemID]) else { continue }
                try db.execute(sql: "UPDATE item SET start_day = ?, start_minute = ?, start_zone = ? WHERE id = ?",
                               arguments: [start?.dayNumber, start?.minutesAfterMidnight, start?.timeZone, itemID])
                // The trigger of v12 counted that as a change of the item; it was not one.
                try db.execute(sql: "UPDATE item SET modified_at = ? WHERE id = ?", arguments: [modifiedAt, itemID])
            }
            try db.execute(sql: "DELETE FROM sync_guard")
        }
    }
}
