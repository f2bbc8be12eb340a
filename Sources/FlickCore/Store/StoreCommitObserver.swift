import GRDB

/// Hears every committed transaction of the store's database connection and tells which items
/// and lists it inserted, changed or deleted (one change stream from the store, whoever
/// wrote). Pages take the changes in place, keeping their undo history, instead of reading
/// their list again.
///
/// GRDB calls it on the database's own queue, inside each write; `onCommit` is called there,
/// once per transaction that touched an item or a list, after the commit.
final class StoreCommitObserver: TransactionObserver, @unchecked Sendable {
    private let onCommit: @Sendable (StoreCommit) -> Void
    /// Which document is writing, if one is (`WriterTag`).
    private let writerTag: WriterTag
    /// What the transaction under way has touched; only used on the database's queue.
    private var touched = StoreCommit()
    /// The items of the transaction being committed, taken from `touched` when its commit
    /// begins and told only once it has succeeded. A COMMIT that fails on the disk (SQLITE_IOERR,
    /// SQLITE_FULL) is rolled back by SQLite itself, and GRDB then tells neither a commit nor a
    /// rollback: the items of that transaction, kept in `touched`, were told with the next
    /// commit, even one that touched no item, and the open list took them in through the
    /// change runner, which hid the problem notice and its Retry (a read-only disk, then a
    /// setting saved: Retry did nothing and the item stayed open).
    private var committing = StoreCommit()

    init(writerTag: WriterTag, onCommit: @escaping @Sendable (StoreCommit) -> Void) {
        self.writerTag = writerTag
        self.onCommit = onCommit
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        [TodoItem.databaseTableName, TodoList.databaseTableName, DeletedItem.tableName].contains(eventKind.tableName)
    }

    func databaseDidChange(with event: DatabaseEvent) {
        // GRDB chooses the statements to hear by the tables they write, and then tells every
        // row they change, those of the triggers' tables (the search index, the sync's) too.
        touched.writer = touched.isEmpty ? writerTag.current : (touched.writer == writerTag.current ? touched.writer : nil)
        switch event.tableName {
        case TodoItem.databaseTableName: touched.itemIDs.insert(event.rowID)
        case TodoList.databaseTableName: touched.listIDs.insert(event.rowID)
        case DeletedItem.tableName: touched.changedRecentlyDeleted = true
        default: break
        }
    }

    func databaseWillCommit() throws {
        // Called for every transaction that commits, those that touched nothing heard here too:
        // what a commit that failed left here is replaced.
        committing = touched
        touched = StoreCommit()
    }

    func databaseDidCommit(_ db: Database) {
        let commit = committing
        committing = StoreCommit()
        guard !commit.isEmpty else { return }
        onCommit(commit)
    }

    func databaseDidRollback(_ db: Database) {
        touched = StoreCommit()
        committing = StoreCommit()
    }
}
