import GRDB

extension TodoStore {
    /// The items of every list that match `text` (see `ItemSearch`), as a document whose rows
    /// have the usual gestures; what is added there goes to the first list. Nil when there is
    /// no list at all.
    public func searchDocument(text: String, limit: Int = 200) throws -> ListDocument? {
        guard let first = try lists().first?.id else { return nil }
        let items: [TodoItem] = try queue.readKeepingStatements { db in
            let found = try ItemSearch.run(text, in: db, limit: limit)
            guard !found.isEmpty else { return [] }
            let rows = try TodoItem.filter(keys: found.map(\.id)).fetchAll(db)
            let byID = Dictionary(uniqueKeysWithValues: rows.map { ($0.id!, $0) })
            return found.compactMap { byID[$0.id] }  // In the search's order.
        }
        let standIn = TodoList(id: nil, name: text, rank: 0, uid: "")
        return tagged(ListDocument(list: standIn, items: items, queue: queue, scope: .search(text: text, defaultListID: first)))
    }
}
