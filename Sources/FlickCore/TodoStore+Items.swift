import GRDB

extension TodoStore {
    /// The list an item is in, or nil when there is no such item (it was deleted).
    public func listID(ofItem itemID: Int64) throws -> Int64? {
        try queue.readKeepingStatements { db in try Int64.fetchOne(db, sql: "SELECT list_id FROM item WHERE id = ?", arguments: [itemID]) }
    }
}
