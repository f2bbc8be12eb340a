import GRDB

/// Items stored before schema v8 keep their priority, tags and parent in their iCalendar text
/// only (`SchemaV8.unread`). FlickSync reads them from it, a few at a time after start-up or
/// one item before its details open, and they are stored here. Reading a file is not an edit:
/// nothing is sent to a server, and the item's modification time stays as it was.
extension TodoStore {
    /// Up to `limit` items whose iCalendar text has not been read for these fields: their ids
    /// and texts (`itemIDs` narrows them to those items). Found through `item_unread` (v9).
    public func unreadOrganisingItems(limit: Int, itemIDs: [Int64]? = nil) throws -> [(id: Int64, ical: String)] {
        try queue.readKeepingStatements { db in
            let narrowing = itemIDs == nil ? "" : " AND id IN (\(IDArray.values))"
            let arguments: StatementArguments = itemIDs.map { [IDArray.argument($0), limit] } ?? [limit]
            return try Row.fetchAll(db, sql: """
                SELECT id, ical FROM item WHERE priority = \(SchemaV8.unread) AND ical IS NOT NULL\(narrowing) LIMIT ?
                """, arguments: arguments).map { ($0[0], $0[1]) }
        }
    }

    /// Stores what was read, for items still unread (an import or a pull may have set them in
    /// the meantime), in one transaction, under the sync guard, with each modification time
    /// put back. A priority out of 0...9 is stored as none.
    public func fillUnreadOrganisingFields(_ read: [ReadOrganisingFields]) throws {
        guard !read.isEmpty else { return }
        try queue.save { db in
            try db.execute(sql: "INSERT INTO sync_guard (pulling) VALUES (1)")
            for fields in read {
                guard let modifiedAt = try Int64.fetchOne(db, sql: """
                    SELECT modified_at FROM item WHERE id = ? AND priority = \(SchemaV8.unread)
                    """, arguments: [fields.itemID]) else { continue }
                try db.execute(sql: "UPDATE item SET priority = ?, tags = ?, parent_uid = ? WHERE id = ?",
                               arguments: [(0...9).contains(fields.priority) ? fields.priority : 0,
                                           ItemTags.stored(fields.tags), fields.parentUID, fields.itemID])
                // The trigger of v8 counted that as a change of the item; it was not one.
                try db.execute(sql: "UPDATE item SET modified_at = ? WHERE id = ?", arguments: [modifiedAt, fields.itemID])
            }
            try db.execute(sql: "DELETE FROM sync_guard")
        }
    }
}
