extension TodoStore {
    /// The items of every list whose title or notes match what the user typed (see
    /// `ItemSearch`), read in one transaction.
    public func search(_ text: String, limit: Int = 200) throws -> [SearchResult] {
        try queue.readKeepingStatements { db in try ItemSearch.run(text, in: db, limit: limit) }
    }

    /// The items with these ids, with their lists' names, in the order given (see
    /// `ItemSearch.results(ids:in:)`).
    public func searchResults(ids: [Int64]) throws -> [SearchResult] {
        try queue.readKeepingStatements { db in try ItemSearch.results(ids: ids, in: db) }
    }
}
