import GRDB
import GRDBSQLite

/// Holds every commit of the store's connection until the file's deferred check has ended
/// (`DeferredDatabaseCheck`), and refuses it if the check found damage (or could not end):
/// nothing is written into a damaged file, which is then set aside whole, as it was. A commit
/// waits at most as long as the check has left to run (a third of a second at 100,000 items);
/// what it changed is held by SQLite meanwhile and rolled back if refused.
///
/// SQLite calls the commit hook, and so this, for every transaction that commits, a single
/// statement's own included, on the thread that writes. GRDB calls it too when a transaction
/// that only read ends (`readKeepingStatements`): those pass at once, or the first frame would
/// wait for the check after all.
final class CheckedCommitGate: TransactionObserver, @unchecked Sendable {
    private let check: DeferredDatabaseCheck
    /// The store's connection, to tell a write from a read.
    private let connection: OpaquePointer

    init(check: DeferredDatabaseCheck, connection: OpaquePointer) {
        self.check = check
        self.connection = connection
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        false  // Only the commit matters, not what it changes.
    }

    func databaseDidChange(with event: DatabaseEvent) {}

    func databaseWillCommit() throws {
        guard sqlite3_txn_state(connection, nil) == SQLITE_TXN_WRITE else { return }
        if case let .failed(detail) = check.wait() {
            throw DatabaseError(resultCode: .SQLITE_CORRUPT, message: "the database failed its check (\(detail)); nothing was written")
        }
    }

    func databaseDidCommit(_ db: Database) {}

    func databaseDidRollback(_ db: Database) {}
}
