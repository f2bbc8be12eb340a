import GRDB

/// One list and its items in order, with undo and redo. Each change is written in one
/// transaction before the in-memory items change and observers are told.
public final class ListDocument {
    public private(set) var list: TodoList
    /// One list, or Today or a search over every list (whose `list` is then a stand-in).
    public let scope: ListScope
    /// The list's top-level items, or the subtasks of one of them, ordered by rank: their rows,
    /// without titles (`ItemRow` says why); `item(at:)` gives one whole.
    /// Set by the writes and by `absorb`, in files of their own: hence `internal(set)`.
    public internal(set) var items: [ItemRow]
    /// Told of the changes of each write once it has been committed, in order and all in one
    /// call: a clearing of many items, or its undo, is one call (the window then refreshes
    /// its rows once, not once per item).
    public var onChanges: (([ListChange]) -> Void)?

    let queue: DatabaseQueue
    /// Names this document's writes in the store's commits; nil for a document made without
    /// the store (tests), whose commits name no writer.
    var writerTag: WriterTag?
    /// This document as the store's commits name it.
    public var asWriter: StoreWriter { StoreWriter(self) }
    /// Each step with the count of `outsideReorders` when its positions were taken.
    var history = UndoHistory<RecordedListEdit>()
    /// How many times a change taken in from another writer (`absorb`) added, removed or moved
    /// rows. A step recorded since the last one finds the rows where it left them, so its
    /// positions are exact; an older step's may be off, and an item it puts back goes by rank.
    var outsideReorders = 0
    /// While an undo or a redo is applied: whether the step's positions are exact.
    var recordedPositionsHold = false
    /// What rows in memory do not keep of the items this document deleted (notes, UID, times),
    /// by id, so that undoing a deletion puts the whole item back.
    var deletedDetails: [Int64: ItemDetails] = [:]
    /// While the parts of a sequence are written: its transaction, which every part writes in,
    /// and the changes observers are told once it has committed.
    var sequenceDatabase: Database?
    var pendingChanges: [ListChange] = []
    /// `subtaskProgress` as last read; nil after a change, until asked again.
    var cachedProgress: [Int64: SubtaskProgress]?
    /// The titles of the parents of the subtasks among the items `parentTitle(at:)` has read
    /// about (`parentTitlesRead`), on Today, Upcoming and a search; nil after a change.
    var cachedParentTitles: [Int64: String]?
    /// The items whose parent's title has been read since the last change, subtasks or not.
    var parentTitlesRead: Set<Int64> = []
    /// The whole items of the rows shown last; an item written here is forgotten, and read again.
    var cache = ItemCache()
    /// How many rows around one not cached are read with it: GTK binds rows in runs as they
    /// scroll into view, and one statement for a run costs about what one for a row does.
    private static let readAhead = 96

    init(list: TodoList, queue: DatabaseQueue) throws {
        self.list = list
        self.queue = queue
        scope = .list
        let listID = list.id!
        items = try queue.readKeepingStatements { db in try ItemTree.topLevel(inList: listID, db) }
    }

    /// A document over rows already read in order (`StorePreload`), with the whole items of
    /// some of them (the first rows the window shows).
    init(list: TodoList, rows: [ItemRow], cached: [TodoItem], queue: DatabaseQueue) {
        self.list = list
        self.queue = queue
        items = rows
        scope = .list
        for item in cached { cache.store(item) }
    }

    /// A document over items already read in order (the Today list, a search, subtasks).
    convenience init(list: TodoList, items: [TodoItem], queue: DatabaseQueue, scope: ListScope) {
        self.init(list: list, rows: items.map(ItemRow.init), scope: scope, queue: queue)
        for item in items.prefix(cache.capacity) { cache.store(item) }
    }

    private init(list: TodoList, rows: [ItemRow], scope: ListScope, queue: DatabaseQueue) {
        self.list = list
        self.queue = queue
        items = rows
        self.scope = scope
    }

    /// The database file the document is stored in.
    public var databasePath: String { queue.path }

    public var canUndo: Bool { history.canUndo }
    public var canRedo: Bool { history.canRedo }

    public func index(of itemID: Int64) -> Int? {
        items.firstIndex { $0.id == itemID }
    }

    public func item(_ itemID: Int64) -> TodoItem? {
        index(of: itemID).map(item(at:))
    }

    /// Every item whole, in order: read through the cache, a run of rows at a time. For a
    /// command or a test, not for drawing rows (that is `item(at:)`, for the rows shown).
    public var wholeItems: [TodoItem] {
        items.indices.map(item(at:))
    }

    /// The whole item at `index`, as a row shows it. When it cannot be read (the storage notice
    /// then says why), its row with an empty title: never written back, as edits read
    /// `storedItem(at:)`, which throws instead.
    public func item(at index: Int) -> TodoItem {
        (try? storedItem(at: index)) ?? TodoItem(id: items[index].id, listID: items[index].listID, title: "",
                                                 isCompleted: items[index].isCompleted, rank: items[index].rank)
    }

    /// The whole item at `index`: from the cache, or read with the rows around it.
    func storedItem(at index: Int) throws -> TodoItem {
        let row = items[index]
        var cached = cache.item(row.id)
        if cached == nil {
            try readItems(around: index)
            cached = cache.item(row.id)
        }
        guard var item = cached else { throw StoreError.itemNotFound(row.id) }
        item.listID = row.listID
        item.rank = row.rank
        item.isCompleted = row.isCompleted
        return item
    }

    /// Reads the whole items of the rows near `index` that are not cached, in one statement.
    private func readItems(around index: Int) throws {
        let window = max(0, index - Self.readAhead / 3)..<min(items.count, index + Self.readAhead)
        var wanted = items[window].map(\.id).filter { cache.item($0) == nil }
        if wanted.isEmpty { wanted = [items[index].id] }
        let read = try reading { db in try TodoItem.stored(wanted, db) }
        for item in read { cache.store(item) }
    }

    /// The whole item of this id, if it is here.
    private func storedItem(_ id: Int64) throws -> TodoItem {
        guard let index = index(of: id) else { throw StoreError.itemNotFound(id) }
        return try storedItem(at: index)
    }

    /// A read: in the sequence's transaction while one is written (the queue is not reentrant).
    private func reading<T>(_ body: (Database) throws -> T) throws -> T {
        if let sequenceDatabase { return try body(sequenceDatabase) }
        return try queue.readKeepingStatements(body)
    }

    /// The item's editable fields as stored (notes and all), read on demand.
    public func fields(of itemID: Int64) throws -> ItemFields {
        guard index(of: itemID) != nil,
              let fields = try queue.readKeepingStatements({ db in try ItemFields.fetch(db, itemID: itemID) }) else {
            throw StoreError.itemNotFound(itemID)
        }
        return fields
    }

    /// The item's tags, read when its row is shown (its marks say it has some): rows keep no
    /// tags in memory, like notes (`ItemRow`), and only tagged rows pay for one read by id.
    /// None when they cannot be read; the row then shows its other marks.
    public func tags(of item: TodoItem) -> [String] {
        guard let id = item.id else { return [] }
        let stored = try? queue.readKeepingStatements { db in try String.fetchOne(db, sql: "SELECT tags FROM item WHERE id = ?", arguments: [id]) }
        return ItemTags.tags(stored: stored ?? nil)
    }

    /// How many subtasks each item here has and how many are done, by item id:
    /// read when first asked after a change, from `item_parent`, which holds only subtasks.
    public var subtaskProgress: [Int64: SubtaskProgress] {
        if let cachedProgress { return cachedProgress }
        guard scope.isOneList, let listID = list.id else { return [:] }
        let read = (try? queue.readKeepingStatements { db in try ItemTree.progress(inList: listID, db) }) ?? [:]
        cachedProgress = read
        return read
    }

    /// On Today, Upcoming and a search, whose rows come from every level: the title of the
    /// item's parent when it is a subtask.
    public func parentTitle(of itemID: Int64) -> String? {
        index(of: itemID).flatMap(parentTitle(at:))
    }

    /// The title of the parent of the item at `index` when it is a subtask, read with those of
    /// the rows around it (as `readItems(around:)` reads), once after a change. Read for all the
    /// rows at once, the titles of the 1,100 items' parents were 0.7-0.9 ms of each opening of
    /// Upcoming on 100,000 items (`make bench`), of which the screen shown wanted 20.
    public func parentTitle(at index: Int) -> String? {
        guard scope.spansLists, items.indices.contains(index) else { return nil }
        let id = items[index].id
        if !parentTitlesRead.contains(id) { readParentTitles(around: index) }
        return cachedParentTitles?[id]
    }

    private func readParentTitles(around index: Int) {
        let window = max(0, index - Self.readAhead / 3)..<min(items.count, index + Self.readAhead)
        let wanted = items[window].map(\.id).filter { !parentTitlesRead.contains($0) }
        let read = (try? queue.readKeepingStatements { db in try ItemTree.parentTitles(of: wanted, db) }) ?? [:]
        cachedParentTitles = (cachedParentTitles ?? [:]).merging(read) { _, new in new }
        parentTitlesRead.formUnion(wanted)
    }

    /// Reads the list's own row again (its name, which a sync may change); items are taken in
    /// by `absorb`.
    public func readListAgain() throws {
        guard scope.isOneList, let id = list.id else { return }
        if let stored = try queue.readKeepingStatements({ db in try TodoList.fetchOne(db, key: id) }) { list = stored }
    }
}
