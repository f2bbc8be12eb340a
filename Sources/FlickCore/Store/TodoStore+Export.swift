extension TodoStore {
    /// The lists with these ids (every list when nil) and their items, for an .ics file.
    public func exportedLists(ids: [Int64]?) throws -> [ExportedList] {
        try queue.readKeepingStatements { db in try ListExport.read(db, listIDs: ids) }
    }
}
