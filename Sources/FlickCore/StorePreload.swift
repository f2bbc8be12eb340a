import Foundation
import GRDB

/// Reads the database on a background thread while GTK connects to the display and starts its
/// renderer, which keeps the main thread busy for most of start-up: the read-only check that
/// `DatabaseOpener` makes (`PRAGMA integrity_check` unless Flick closed the file cleanly, the
/// application id, the schema version) and the items of the list the window will show. The
/// main thread then takes the result, so the check still happens on every start (in full when
/// another program, a copy or a crash may have changed the file) but no longer stands between
/// exec and the first frame.
///
/// The preload only reads: a process that turns out to be a second instance, which hands its
/// command line to the first and exits, has changed nothing. Anything unusual (no file yet, a
/// problem found, an error, a different schema version) yields no result, and the store opens
/// the way it does without a preload.
public final class StorePreload: @unchecked Sendable {
    /// What the preload read: the database passed the check, this list's rows, and the whole
    /// items of the first of them (those the first frame shows).
    public struct Result: Sendable {
        public var databaseURL: URL
        public var list: TodoList?
        public var rows: [ItemRow]
        public var firstItems: [TodoItem]
    }

    /// How many rows' whole items are read ahead: about what GTK 4.8 binds at the first frame.
    private static let firstItemCount = 256

    private let done = DispatchSemaphore(value: 0)
    private var result: Result?
    private var taken = false

    /// Starts reading `databaseURL` on a new thread; `listID` is the list the window will open
    /// (nil or unknown: the first list, as `TodoStore.document(listID:)` picks it).
    public init(databaseURL: URL, listID: Int64?) {
        Thread.detachNewThread { [self] in
            result = Self.read(databaseURL, listID: listID)
            done.signal()
        }
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

    private static func read(_ url: URL, listID: Int64?) -> Result? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "flick-preload"
        BusyWait.apply(to: &configuration)
        // One pass over the list's index: SQLite's page cache (2 MiB by default) would only
        // hold pages read once, and stay in this thread's malloc arena after the read.
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA cache_size = -256") }
        let closedCleanly = CleanCloseMark.isCurrent(for: url)
        do {
            let queue = try DatabaseQueue(path: url.path, configuration: configuration)
            defer { try? queue.close() }
            return try queue.read { db -> Result? in
                guard try DatabaseOpener.problem(in: db, closedCleanly: closedCleanly) == nil,
                      try Int.fetchOne(db, sql: "PRAGMA user_version") == Schema.version else { return nil }
                let lists = try TodoList.order(Column("rank")).fetchAll(db)
                guard let list = lists.first(where: { $0.id == listID }) ?? lists.first, let id = list.id else {
                    return Result(databaseURL: url, list: nil, rows: [], firstItems: [])
                }
                let rows = try ItemTree.topLevel(inList: id, db)
                let firstItems = try TodoItem.stored(rows.prefix(firstItemCount).map(\.id), db)
                return Result(databaseURL: url, list: list, rows: rows, firstItems: firstItems)
            }
        } catch {
            return nil
        }
    }
}
