import GRDB

extension DatabaseQueue {
    /// Reads in one deferred transaction, as GRDB's `read` does, but without its read-only mode.
    ///
    /// GRDB enters that mode with `PRAGMA query_only = 1` and leaves it with `= 0`, and SQLite
    /// makes every flag pragma expire every compiled statement of the connection. So after each
    /// `read` the next use of every cached statement compiled it again, the big inserts of an undo
    /// and their triggers included: 26 compilations in each round of make bench's Clear Completed
    /// and its undo, about 38 M instructions (callgrind, SQLite 3.40 with symbols).
    ///
    /// A read commits nothing, so the store's commit observer hears an empty transaction and tells
    /// nobody. For a connection opened read-only GRDB's `read` sets no pragma and is as good.
    func readKeepingStatements<T>(_ body: (Database) throws -> T) throws -> T {
        try unsafeRead { db in
            if db.isInsideTransaction { return try body(db) }
            var result: T?
            try db.inTransaction(.deferred) {
                result = try body(db)
                return .commit
            }
            return result!
        }
    }
}
