import Foundation
import GRDB
import GRDBSQLite

/// Folds the write-ahead log into the database file on a connection and a thread of its own,
/// so that no edit waits for it. SQLite's own automatic checkpoint runs inside the commit that
/// takes the log past 1,000 pages: that commit then also copies those pages into the file and
/// syncs it. A Clear Completed of 1,428 items among 10,000 and its undo write about 1,400 pages
/// between them, so one of the two paid for a checkpoint each time (the bench's undo of that
/// Clear took 52-54 ms with SQLite's checkpoint, 45-47 with none at all). Here the writer's
/// commit hook (`sqlite3_wal_hook`, which takes the place of the automatic checkpoint) asks at
/// the same 1,000 pages for a passive checkpoint, which runs beside the writer and its readers
/// and never waits for them.
///
/// The checkpoint's connection is opened when first needed (most runs of the command line never
/// reach 1,000 pages) and closed by `close()`, before the writer's own close folds what is left.
final class WalCheckpointer: @unchecked Sendable {
    /// Pages of log after which a checkpoint is asked for: SQLite's own default.
    static let pagesBeforeCheckpoint: Int32 = 1_000

    private let path: String
    /// Runs the checkpoints, one at a time, off the writer's thread and the main thread.
    private let worker = DispatchQueue(label: "flick-checkpoint")
    /// Only touched on `worker`.
    private var connection: OpaquePointer?
    /// Set by `close()`, on `worker`: no connection is opened after it.
    private var isClosed = false
    private let lock = NSLock()
    /// A checkpoint is queued and has not started: more commits meanwhile need no other.
    private var queued = false

    init(path: String) {
        self.path = path
    }

    /// Replaces `db`'s automatic checkpoint with this one. The hook holds this object weakly:
    /// once it is gone, the hook checkpoints inline, as SQLite's own does.
    func install(on db: Database) {
        // Released never: the connection may call its hook until it closes (a few bytes a store).
        let box = Unmanaged.passRetained(WalHookTarget(self)).toOpaque()
        sqlite3_wal_hook(db.sqliteConnection, walHook, box)
    }

    /// Called by the hook, on the writer's thread, after a commit left `pages` pages of log.
    func logGrew(to pages: Int32) {
        guard pages >= Self.pagesBeforeCheckpoint else { return }
        lock.lock()
        defer { lock.unlock() }
        guard !queued else { return }
        queued = true
        worker.async { [self] in
            lock.withLock { queued = false }
            checkpoint()
        }
    }

    /// Only on `worker`. A failure (a full disk) leaves the log whole; the next one tries again.
    private func checkpoint() {
        guard !isClosed else { return }
        if connection == nil {
            var opened: OpaquePointer?
            // A connection learns that the file is in WAL mode when it first reads it: until
            // then a checkpoint does nothing.
            guard sqlite3_open_v2(path, &opened, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK,
                  sqlite3_exec(opened, "SELECT count(*) FROM sqlite_master", nil, nil, nil) == SQLITE_OK else {
                sqlite3_close(opened)
                return
            }
            connection = opened
        }
        sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
    }

    /// Returns once the checkpoints asked for so far have run (for tests).
    func waitForCheckpoints() {
        worker.sync {}
    }

    /// Waits for a checkpoint under way and closes this connection, so that the writer's close
    /// is the last one and folds the whole log into the file.
    func close() {
        worker.sync {
            sqlite3_close(connection)
            connection = nil
            isClosed = true
        }
    }

    deinit {
        sqlite3_close(connection)
    }
}

/// `sqlite3_wal_hook`'s callback: with no checkpointer left, the checkpoint SQLite's own hook
/// would make, inline.
private let walHook: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Int32 = {
    box, db, _, pages in
    guard let box else { return SQLITE_OK }
    if let checkpointer = Unmanaged<WalHookTarget>.fromOpaque(box).takeUnretainedValue().checkpointer {
        checkpointer.logGrew(to: pages)
    } else if pages >= WalCheckpointer.pagesBeforeCheckpoint {
        sqlite3_wal_checkpoint(db, nil)
    }
    return SQLITE_OK
}
