import Foundation
import GRDB

/// Flick's database: the lists, and the document for each. Every method that changes data
/// runs in one transaction which has committed when the method returns.
public final class TodoStore {
    public let queue: DatabaseQueue
    /// Set when the previous database could not be read and was kept aside.
    public let keptAside: UnreadableDatabase?
    /// True when this store was just created (first run, or after keeping a file aside).
    public let isNew: Bool

    /// The items a `StorePreload` read, used once by `document(listID:)`.
    private var preloaded: StorePreload.Result?
    /// Checkpoints the write-ahead log away from the commits (`WalCheckpointer`).
    let checkpointer: WalCheckpointer
    /// The preload's check of the file, still running when the store opened: the commits wait
    /// for it (`CheckedCommitGate`). Nil when the file was checked before it opened.
    public let pendingCheck: DeferredDatabaseCheck?
    /// Upcoming's last read, used again while the file is unchanged.
    let upcomingCache = UpcomingReadCache()
    /// Which of its documents is writing, for its commits to say.
    let writerTag = WriterTag()
    let changeListeners = StoreChangeListeners()

    /// - Parameter preload: what a `StorePreload` of this file read, if it vouched for it.
    public convenience init(databaseURL: URL, now: Date = Date(), preload: StorePreload.Result? = nil) throws {
        try self.init(opened: DatabaseOpener.open(at: databaseURL, now: now, checked: preload != nil), preload: preload)
    }

    /// The store of a file opened already (`StoreOpening`, on a thread of its own), with `preload`,
    /// what a `StorePreload` of the file read, if it vouched for it (and so the file was opened `checked`).
    init(opened: DatabaseOpener.Opened, preload: StorePreload.Result?) {
        queue = opened.queue
        keptAside = opened.keptAside
        isNew = opened.isNew
        preloaded = opened.isNew ? nil : preload
        pendingCheck = preloaded?.pendingCheck
        checkpointer = WalCheckpointer(path: opened.queue.path)
        queue.inDatabase { db in checkpointer.install(on: db) }
        if let pendingCheck {
            queue.inDatabase { db in
                db.add(transactionObserver: CheckedCommitGate(check: pendingCheck, connection: db.sqliteConnection!),
                       extent: .databaseLifetime)
            }
        }
    }

    /// Closes the database at the end of the process (SQLite folds its write-ahead log into the
    /// file) and notes the file as closed cleanly (`CleanCloseMark`), so the next start need
    /// not check every page of it. A file whose deferred check failed is left as it was found,
    /// log and all, for the next start to set aside: closing would write the log into it. The
    /// store must not be used after.
    public func close() {
        if case .failed = pendingCheck?.wait() { return }
        let url = URL(fileURLWithPath: queue.path)
        checkpointer.close()
        do {
            try queue.close()
            CleanCloseMark.record(for: url)
        } catch {
            // A statement still in use: the file stays as SQLite left it, and is checked in full next time.
        }
    }

    /// Calls `handler` after each committed transaction of this store that inserted, changed
    /// or deleted items or lists, with their ids: a sync's, an import's, a document's own. It is
    /// called on the database's queue, inside the write; the caller takes it to its own thread.
    public func observeCommits(_ handler: @escaping @Sendable (StoreCommit) -> Void) {
        queue.add(transactionObserver: StoreCommitObserver(writerTag: writerTag, onCommit: handler), extent: .databaseLifetime)
    }

    /// Calls `handler` with every change of what the store holds (`StoreChange`): each commit of
    /// this store (on the database's queue, inside the write), another program's commit
    /// (`fileMayHaveChanged`) and the end of a writer's run (`writerFinished`), on the thread
    /// that tells them. The caller takes them to its own thread.
    public func observeChanges(_ handler: @escaping @Sendable (StoreChange) -> Void) {
        observeCommits { handler(.committed($0)) }
        changeListeners.add(handler, version: try? dataVersion())
    }

    /// The file changed on disk (its write-ahead log did: every commit writes it, this
    /// process's too): when another program committed, which SQLite's `data_version` tells,
    /// the listeners hear `.otherProgram`.
    public func fileMayHaveChanged() {
        guard let version = try? dataVersion(), changeListeners.versionMoved(to: version) else { return }
        changeListeners.tell(.otherProgram)
    }

    /// A writer of this process ended a run of commits that changed what the pages show (a
    /// sync, an import, an account's setup or removal): the listeners hear it, after the
    /// commits. A writer that changed nothing does not call it (`StoreChange.writerFinished`).
    public func writerFinished() {
        changeListeners.tell(.writerFinished)
    }

    /// SQLite's `data_version` for this store's connection: it changes when another connection
    /// (another program, another Flick) commits to the file, and not for this one's own commits.
    public func dataVersion() throws -> Int64 {
        try queue.readKeepingStatements { db in try Int64.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
    }

    public func lists() throws -> [TodoList] {
        try queue.readKeepingStatements { db in try TodoList.order(Column("rank")).fetchAll(db) }
    }

    /// Whether the file has any list: one row looked for, where `lists()` reads them all, and
    /// GRDB reads the table's columns for its query first (1 M instructions at every start).
    public func hasLists() throws -> Bool {
        try queue.read { db in try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM list)") ?? false }
    }

    @discardableResult
    public func createList(name: String, titles: [String] = []) throws -> TodoList {
        try queue.save { db in
            let lastRank = try Int64.fetchOne(db, sql: "SELECT max(rank) FROM list")
            var list = TodoList(name: name, rank: SparseRank.between(lastRank, nil) ?? 0)
            try list.insert(db)
            for (title, rank) in zip(titles, SparseRank.evenlySpaced(count: titles.count)) {
                var item = TodoItem(listID: list.id!, title: title, rank: rank)
                try item.insert(db)
            }
            return list
        }
    }

    /// `document` with its writes named in the store's commits (`WriterTag`).
    func tagged(_ document: ListDocument) -> ListDocument {
        document.writerTag = writerTag
        return document
    }

    /// Opens the list with this id, or the first list when the id is nil or unknown.
    public func document(listID: Int64?) throws -> ListDocument? {
        let all = try lists()
        guard let list = all.first(where: { $0.id == listID }) ?? all.first else { return nil }
        defer { preloaded = nil }
        if let preloaded, preloaded.list == list {
            return tagged(ListDocument(list: list, rows: preloaded.rows, cached: preloaded.firstItems, queue: queue))
        }
        return tagged(try ListDocument(list: list, queue: queue))
    }

    /// The lists with their unfinished counts, for the lists overview; without counting them
    /// yet when `countingNow` is false (see `ListsDocument.init`).
    public func listsDocument(countingNow: Bool = true) throws -> ListsDocument {
        let document = try ListsDocument(queue: queue, countingNow: countingNow)
        document.writerTag = writerTag
        return document
    }

    public func setting(_ key: String) throws -> String? {
        try queue.readKeepingStatements { db in try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key]) }
    }

    public func setSetting(_ key: String, to value: String) throws {
        try queue.save { db in
            try db.execute(sql: "INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)", arguments: [key, value])
        }
    }
}
