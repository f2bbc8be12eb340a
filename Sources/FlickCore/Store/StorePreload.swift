import Foundation
import GRDB

/// Reads the database on a background thread while GTK connects to the display and starts its
/// renderer, which keeps the main thread busy for most of start-up: whether the file is
/// Flick's and of this schema version, and the items of the list the window will show. The
/// main thread then takes the result.
///
/// A file Flick did not close cleanly (a crash, a kill, another program, a copy) is also
/// checked in full (`PRAGMA integrity_check`), on the same thread, after the items were read
/// (and, for the window, after its first frame): the window shows them while the check runs,
/// and the store's commits wait for its verdict (`DeferredDatabaseCheck`). `checkingFirst` puts the check before the result instead, as
/// every start did before: a start that follows a failed check, which must not show the file.
///
/// The preload only reads: a process that turns out to be a second instance, which hands its
/// command line to the first and exits, has changed nothing. Anything unusual (no file yet, a
/// problem found, an error, a different schema version) yields no result, and the store opens
/// the way it does without a preload.
public final class StorePreload: @unchecked Sendable {
    /// What the preload read: the database is Flick's, this list's rows, and the whole items
    /// of the first of them (those the first frame shows).
    public struct Result: Sendable {
        public var databaseURL: URL
        public var list: TodoList?
        public var rows: [ItemRow]
        public var firstItems: [TodoItem]
        /// The full check still running, or nil when the file was closed cleanly or checked first.
        public var pendingCheck: DeferredDatabaseCheck?
    }

    /// How many rows' whole items are read ahead: about what GTK 4.8 binds at the first frame.
    private static let firstItemCount = 256

    private let done = DispatchSemaphore(value: 0)
    private var result: Result?
    private var taken = false

    /// Starts reading `databaseURL` on a new thread; `listID` is the list the window will open
    /// (nil or unknown: the first list, as `TodoStore.document(listID:)` picks it).
    /// Signalled once the window's first frame is painted (`firstFrameShown`), when the
    /// check is to wait for it.
    private let firstFrame: DispatchSemaphore?

    /// - Parameter checkingAfterFirstFrame: a deferred check starts once `firstFrameShown` is
    ///   called (or after a second, for a start without a window). On two cores, the check,
    ///   the main thread building the first frame and the display server shared them, and the
    ///   first frame came 40 ms later than after a clean end at 100,000 items.
    public init(databaseURL: URL, listID: Int64?, checkingFirst: Bool = false, checkingAfterFirstFrame: Bool = false) {
        let firstFrame = checkingAfterFirstFrame ? DispatchSemaphore(value: 0) : nil
        self.firstFrame = firstFrame
        Thread.detachNewThread { [self] in
            Self.read(databaseURL, listID: listID, checkingFirst: checkingFirst, firstFrame: firstFrame) {
                result = $0
                done.signal()
            }
        }
    }

    /// The window's first frame is on screen: a deferred check may take the processor now.
    public func firstFrameShown() {
        firstFrame?.signal()
    }

    /// Waits for the background read and returns its result, once; nil when it found nothing
    /// it could vouch for, or when it read another file than `databaseURL`.
    public func take(for databaseURL: URL) -> Result? {
        guard !taken else { return nil }
        taken = true
        done.wait()
        guard let result, result.databaseURL.standardizedFileURL == databaseURL.standardizedFileURL else { return nil }
        return result
    }

    /// Reads the file, hands the result to `deliver`, then runs the deferred check, if any.
    private static func read(_ url: URL, listID: Int64?, checkingFirst: Bool, firstFrame: DispatchSemaphore?,
                             deliver: (Result?) -> Void) {
        // A newer Flick's file is not opened at all: the store refuses it, and SQLite would leave
        // a -wal and a -shm file beside it.
        guard FileManager.default.fileExists(atPath: url.path), NewerDatabase.inHeader(of: url) == nil else {
            return deliver(nil)
        }
        let closedCleanly = CleanCloseMark.isCurrent(for: url)
        guard let queue = try? DatabaseQueue(path: url.path, configuration: configuration()) else { return deliver(nil) }
        defer { try? queue.close() }
        let checkNow = !closedCleanly && checkingFirst
        guard var result = try? queue.read({ db in try items(of: url, listID: listID, checkingInFull: checkNow, db) }) else {
            return deliver(nil)
        }
        let check = closedCleanly || checkNow ? nil : DeferredDatabaseCheck()
        result.pendingCheck = check
        deliver(result)
        guard let check else { return }
        _ = firstFrame?.wait(timeout: .now() + .seconds(1))
        check.finish(verdict(of: queue))
    }

    private static func configuration() -> Configuration {
        var configuration = BusyWait.readOnly(label: "flick-preload")
        // One pass over the list's index: SQLite's page cache (2 MiB by default) would only
        // hold pages read once, and stay in this thread's malloc arena after the read.
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA cache_size = -256") }
        return configuration
    }

    /// The list's rows and first items, in one read transaction, once the file is known to be
    /// Flick's (and, `checkingInFull`, undamaged); nil when it is not.
    private static func items(of url: URL, listID: Int64?, checkingInFull: Bool, _ db: Database) throws -> Result? {
        guard try DatabaseOpener.problem(in: db, closedCleanly: !checkingInFull) == nil,
              try Int.fetchOne(db, sql: "PRAGMA user_version") == Schema.version else { return nil }
        let lists = try TodoList.order(Column("rank")).fetchAll(db)
        guard let list = lists.first(where: { $0.id == listID }) ?? lists.first, let id = list.id else {
            return Result(databaseURL: url, list: nil, rows: [], firstItems: [])
        }
        let rows = try ItemTree.topLevel(inList: id, db)
        let firstItems = try TodoItem.stored(rows.prefix(firstItemCount).map(\.id), db)
        return Result(databaseURL: url, list: list, rows: rows, firstItems: firstItems)
    }

    /// The full check, in a read transaction of its own: the store's connection, open by
    /// now, commits nothing until it ends, and another program's commit changes nothing of it.
    private static func verdict(of queue: DatabaseQueue) -> DeferredDatabaseCheck.Verdict {
        do {
            let problem = try queue.read { db in try DatabaseOpener.damage(in: db) }
            return problem.map { .failed(detail: $0.detail) } ?? .sound
        } catch {
            return .failed(detail: "\(error)")
        }
    }
}
