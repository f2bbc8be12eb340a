import GRDB

extension TodoStore {
    /// The list an item is in, or nil when there is no such item (it was deleted).
    public func listID(ofItem itemID: Int64) throws -> Int64? {
        try queue.readKeepingStatements { db in try Int64.fetchOne(db, sql: "SELECT list_id FROM item WHERE id = ?", arguments: [itemID]) }
    }

    /// Every item with its list's name, in the lists' order and each list's: what the command
    /// line looks through for a title.
    public func titledItems() throws -> [TitledItem] {
        try queue.readKeepingStatements { db in
            try Row.fetchAll(db, sql: """
                SELECT item.id, item.title, list.name FROM item JOIN list ON list.id = item.list_id
                ORDER BY list.rank, item.rank, item.id
                """).map { TitledItem(id: $0[0], title: $0[1], listName: $0[2]) }
        }
    }

    /// Deletes the item and its subtasks in one transaction, as a deletion in the window does
    /// (a change written by something other than a page: the window takes it in). Recently
    /// Deleted keeps them (schema v11), and a synced list's tombstones are left by the triggers.
    public func deleteItem(_ itemID: Int64) throws {
        try queue.save { db in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM item WHERE id = ?)", arguments: [itemID]) == true else {
                throw StoreError.itemNotFound(itemID)
            }
            let ids = [itemID] + (try ItemTree.descendants(of: itemID, db))
            try db.execute(sql: "DELETE FROM item WHERE id IN (\(IDArray.values))", arguments: [IDArray.argument(ids)])
        }
    }
}
