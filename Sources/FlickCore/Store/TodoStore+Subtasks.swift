import GRDB

extension TodoStore {
    /// The subtasks of an item as a document of their own: one level below its list,
    /// with the list's gestures, undo and changes from the store. Nil when the item is gone.
    public func subtaskDocument(parentID: Int64) throws -> ListDocument? {
        try queue.readKeepingStatements { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT list_id, uid FROM item WHERE id = ?", arguments: [parentID]),
                  let list = try TodoList.fetchOne(db, key: row[0] as Int64), let listID = list.id else { return nil }
            let uid: String = row[1]
            let items = try ItemTree.children(ofUID: uid, inList: listID, db).filter { $0.id != parentID }
            return tagged(ListDocument(list: list, items: items, queue: queue, scope: .subtasks(parentID: parentID, parentUID: uid)))
        }
    }

    /// The items above this one, from its list's top level down to its parent, with their
    /// titles: the subtask levels to open to show it (a search result). Empty for a top-level item.
    public func ancestors(of itemID: Int64) throws -> [(id: Int64, title: String)] {
        try queue.readKeepingStatements { db in try ItemTree.ancestors(of: itemID, db) }
    }
}
