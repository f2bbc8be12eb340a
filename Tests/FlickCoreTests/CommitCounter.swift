import GRDB

/// Calls `onCommit` at each commit of a connection that changed a row: a read is a
/// transaction too, which commits nothing. What the tests count of the transactions one
/// action takes (one for a whole selection, one for a sort).
final class CommitCounter: TransactionObserver {
    private let onCommit: () -> Void
    private var changed = false
    init(_ onCommit: @escaping () -> Void) { self.onCommit = onCommit }
    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { true }
    func databaseDidChange(with event: DatabaseEvent) { changed = true }
    func databaseDidCommit(_ db: Database) {
        if changed { onCommit() }
        changed = false
    }
    func databaseDidRollback(_ db: Database) { changed = false }
}
