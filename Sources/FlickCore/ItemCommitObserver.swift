import GRDB

/// Hears every committed transaction of the store's database connection and tells which items
/// it inserted, changed or deleted (issue 28: one change stream from the store). Pages take the
/// changes in place, keeping their undo history, instead of reading their list again.
///
/// GRDB calls it on the database's own queue, inside each write; `onCommit` is called there,
/// once per transaction that touched an item, after the commit.
final class ItemCommitObserver: TransactionObserver, @unchecked Sendable {
    private let onCommit: @Sendable (Set<Int64>) -> Void
    /// The items the transaction under way has touched; only used on the database's queue.
    private var touched: Set<Int64> = []

    init(onCommit: @escaping @Sendable (Set<Int64>) -> Void) {
        self.onCommit = onCommit
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        eventKind.tableName == TodoItem.databaseTableName
    }

    func databaseDidChange(with event: DatabaseEvent) {
        // GRDB chooses the statements to hear by the tables they write, and then tells every
        // row they change, those of the triggers' tables (the search index, the sync's) too.
        guard event.tableName == TodoItem.databaseTableName else { return }
        touched.insert(event.rowID)
    }

    func databaseDidCommit(_ db: Database) {
        guard !touched.isEmpty else { return }
        let items = touched
        touched = []
        onCommit(items)
    }

    func databaseDidRollback(_ db: Database) {
        touched = []
    }
}
