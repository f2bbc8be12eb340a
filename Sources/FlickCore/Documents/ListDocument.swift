import GRDB

/// One list and its items in order, with undo and redo. Each change is written in one
/// transaction before the in-memory items change and observers are told.
public final class ListDocument {
    public private(set) var list: TodoList
    /// One list, or Today or a search over every list (whose `list` is then a stand-in).
    public let scope: ListScope
    /// The list's top-level items, or the subtasks of one of them, ordered by rank: their rows,
    /// without titles (issue 30); `item(at:)` gives one whole.
    public private(set) var items: [ItemRow]
    /// Told of the changes of each write once it has been committed, in order and all in one
    /// call: a clearing of many items, or its undo, is one call (the window then refreshes
    /// its rows once, not once per item).
    public var onChanges: (([ListChange]) -> Void)?

    private let queue: DatabaseQueue
    /// Each step with the count of `outsideReorders` when its positions were taken.
    private var undoStack: [(edit: ListEdit, reorders: Int)] = []
    private var redoStack: [(edit: ListEdit, reorders: Int)] = []
    /// How many times a change taken in from another writer (`absorb`) added, removed or moved
    /// rows. A step recorded since the last one finds the rows where it left them, so its
    /// positions are exact; an older step's may be off, and an item it puts back goes by rank.
    private var outsideReorders = 0
    /// While an undo or a redo is applied: whether the step's positions are exact.
    private var recordedPositionsHold = false
    /// What rows in memory do not keep of the items this document deleted (notes, UID, times),
    /// by id, so that undoing a deletion puts the whole item back.
    private var deletedDetails: [Int64: ItemDetails] = [:]
    /// While the parts of a sequence are written: its transaction, which every part writes in,
    /// and the changes observers are told once it has committed.
    private var sequenceDatabase: Database?
    private var pendingChanges: [ListChange] = []
    /// `subtaskProgress` as last read; nil after a change, until asked again.
    private var cachedProgress: [Int64: SubtaskProgress]?
    /// `parentTitle(of:)` as last read, on Today and a search.
    private var cachedParentTitles: [Int64: String]?
    /// The whole items of the rows shown last; an item written here is forgotten, and read again.
    private var cache = ItemCache()
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

    public var canUndo: Bool { !undoStack.isEmpty }
    public var canRedo: Bool { !redoStack.isEmpty }

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
    private func storedItem(at index: Int) throws -> TodoItem {
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

    // MARK: User actions

    /// Inserts a new item so that it ends up at `index` (clamped to the list).
    @discardableResult
    public func insert(title: String, at index: Int) throws -> TodoItem {
        var item = TodoItem(listID: list.id ?? -1, title: title, rank: 0)
        switch scope {
        case .list, .subtasks:
            break
        case let .today(day, defaultListID):
            // Today's new items go to the default list, due today.
            item.listID = defaultListID
            item.due = day
        case let .search(_, defaultListID):
            item.listID = defaultListID
        }
        let inserted = try perform(.insert(item, at: min(max(index, 0), items.count)))
        return inserted!
    }

    public func rename(_ itemID: Int64, to title: String) throws {
        guard let index = index(of: itemID) else { return }
        let old = try storedItem(at: index)
        guard old.title != title else { return }
        try perform(.rename(itemID: itemID, from: old.title, to: title))
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
    /// tags in memory, like notes (issue 30), and only tagged rows pay for one read by id.
    /// None when they cannot be read; the row then shows its other marks.
    public func tags(of item: TodoItem) -> [String] {
        guard let id = item.id else { return [] }
        let stored = try? queue.readKeepingStatements { db in try String.fetchOne(db, sql: "SELECT tags FROM item WHERE id = ?", arguments: [id]) }
        return ItemTags.tags(stored: stored ?? nil)
    }

    /// Changes the item's editable fields in one transaction, one undoable step.
    public func update(_ itemID: Int64, _ change: (inout ItemFields) -> Void) throws {
        let old = try fields(of: itemID)
        var new = old
        change(&new)
        guard new != old else { return }
        try perform(.update(itemID: itemID, from: old, to: new))
    }

    /// Completes or reopens the item. Completing an item that repeats and has a due date moves
    /// its due date to the next occurrence instead, leaving it open (one undoable step), and
    /// returns that date; once its rule has ended, it is completed like any other. Completing
    /// an item completes its open subtasks at every depth in the same step; reopening it leaves
    /// them as they are (issue 32).
    @discardableResult
    public func setCompleted(_ itemID: Int64, _ completed: Bool) throws -> DueDate? {
        guard let index = index(of: itemID), items[index].isCompleted != completed else { return nil }
        let old = try storedItem(at: index)
        if completed, old.marks.contains(.repeats), let due = old.due {
            let fields = try fields(of: itemID)
            if let next = fields.repeatRule?.next(after: due) {
                try perform(.update(itemID: itemID, from: fields, to: fields.nextOccurrence(due: next)))
                return next
            }
        }
        let completion = ListEdit.setCompleted(itemID: itemID, from: old.isCompleted, to: completed)
        let openBelow = completed ? try openSubtaskIDs(below: itemID) : []
        try perform(openBelow.isEmpty ? completion : .sequence([completion, .setCompletedBelow(itemIDs: openBelow, to: true)]))
        return nil
    }

    /// The open subtasks at every depth below the item, but not items of this document (a
    /// loop of parents may bring one here).
    private func openSubtaskIDs(below itemID: Int64) throws -> [Int64] {
        try queue.readKeepingStatements { db in
            let below = try ItemTree.descendants(of: itemID, db)
            guard !below.isEmpty else { return [] }
            let open = Set(try Int64.fetchAll(db.cachedStatement(sql: "SELECT id FROM item WHERE completed = 0 AND id IN (\(IDArray.values))"),
                                              arguments: [IDArray.argument(below)]))
            return below.filter { open.contains($0) && index(of: $0) == nil }
        }
    }

    /// The subtasks at every depth below the item, whole, for a deletion's undo.
    private func subtree(below itemID: Int64) throws -> [SubtreeItem] {
        try queue.readKeepingStatements { db in
            let below = try ItemTree.descendants(of: itemID, db).filter { index(of: $0) == nil }
            guard !below.isEmpty else { return [] }
            let details = try ItemDetails.fetch(db, itemIDs: below)
            let rows = try TodoItem.stored(below, db)
            return rows.compactMap { row in details[row.id!].map { SubtreeItem(item: row, details: $0) } }
        }
    }

    @discardableResult
    public func toggleCompleted(_ itemID: Int64) throws -> DueDate? {
        guard let index = index(of: itemID) else { throw StoreError.itemNotFound(itemID) }
        return try setCompleted(itemID, !items[index].isCompleted)
    }

    @discardableResult
    public func delete(_ itemID: Int64) throws -> TodoItem {
        guard let index = index(of: itemID) else { throw StoreError.itemNotFound(itemID) }
        let removed = try storedItem(at: index)
        // Its subtasks go with it, in the same step (issue 32).
        let below = try subtree(below: itemID)
        try perform(below.isEmpty ? .delete(removed, at: index) : .sequence([.deleteBelow(below), .delete(removed, at: index)]))
        return removed
    }

    public func move(_ itemID: Int64, to newIndex: Int) throws {
        guard !scope.spansLists else { return }  // Today is in due order, a search in its own.
        guard let from = index(of: itemID) else { throw StoreError.itemNotFound(itemID) }
        let to = min(max(newIndex, 0), items.count - 1)
        guard from != to else { return }
        try perform(.move(itemID: itemID, from: from, to: to))
    }

    /// Moves the item to the top of another list in one transaction, one undoable step.
    public func move(_ itemID: Int64, toList listID: Int64) throws {
        guard listID != list.id else { return }
        guard let index = index(of: itemID) else { throw StoreError.itemNotFound(itemID) }
        // Its subtasks go with it, in the same step (issue 32).
        let below = try queue.readKeepingStatements { db in try ItemTree.descendants(of: itemID, db) }.filter { self.index(of: $0) == nil }
        let moveOut = ListEdit.moveOut(try storedItem(at: index), from: index, toList: listID)
        if below.isEmpty {
            try perform(moveOut)
        } else {
            try perform(.sequence([moveOut, .moveBelow(itemIDs: below, from: items[index].listID, to: listID)]))
        }
    }

    /// Where `settle` would move the item: just below the last other open item (to the top when
    /// there is none); nil when it is there already. Counting the open items is not enough: a
    /// list may hold completed items above open ones (from before sinking was on, or completed
    /// in place), and an index that counts them put the item above an open one (found by the
    /// kill trials).
    public func settledIndex(of itemID: Int64) -> Int? {
        guard !scope.spansLists, let from = index(of: itemID) else { return nil }
        let to = placeBelowLastOtherOpen(leaving: from)
        return to == from ? nil : to
    }

    /// Just below the last open item other than the one at `from` (the top when there is
    /// none), as an index counted as if that item were taken out first, which is how `move`
    /// reads it. Found without copying the items (a list may hold 100,000).
    private func placeBelowLastOtherOpen(leaving from: Int) -> Int {
        let lastOpen = items.indices.last { $0 != from && !items[$0].isCompleted }
        return lastOpen.map { $0 < from ? $0 + 1 : $0 } ?? 0
    }

    /// Where a move of the item to `index` stops while completed items sink below the open
    /// ones: an open item no lower than just below the last other open item, a completed one no
    /// higher (`settledIndex`'s place). Alt+End, Alt+Down and a dropped row then keep the rule.
    public func indexKeepingCompletedBelow(moving itemID: Int64, to index: Int) -> Int {
        guard !scope.spansLists, let from = self.index(of: itemID) else { return index }
        let boundary = placeBelowLastOtherOpen(leaving: from)
        return items[from].isCompleted ? max(index, boundary) : min(index, boundary)
    }

    /// Where a new (open) item asked for at `index` goes while completed items sink: no lower
    /// than just below the last open item (Ctrl+Return on a completed row, a pinch between two).
    public func indexKeepingCompletedBelow(newItemAt index: Int) -> Int {
        guard !scope.spansLists else { return index }
        let belowLastOpen = (items.lastIndex { !$0.isCompleted } ?? -1) + 1
        return min(index, belowLastOpen)
    }

    /// Where the item belongs by its state: a completed item sinks below the open ones, a
    /// reopened one rises to the end of them. Moves it there, as part of the same undoable
    /// step as its completion when that is the last step, else as a step of its own.
    public func settle(_ itemID: Int64) throws {
        guard let from = index(of: itemID), let to = settledIndex(of: itemID) else { return }
        let applied = try apply(.move(itemID: itemID, from: from, to: to))
        redoStack.removeAll()
        // Joined to the completion, the step keeps the completion's count: its positions are
        // only as exact as its oldest part's.
        if case .setCompleted(itemID, _, _)? = undoStack.last?.edit {
            undoStack[undoStack.count - 1].edit = .sequence([undoStack[undoStack.count - 1].edit, applied.recorded])
        } else if case let .sequence(parts)? = undoStack.last?.edit, case .setCompleted(itemID, _, _)? = parts.first {
            // A completion that completed subtasks too.
            undoStack[undoStack.count - 1].edit = .sequence(parts + [applied.recorded])
        } else {
            undoStack.append((applied.recorded, outsideReorders))
        }
    }

    /// Removes every completed item in one transaction, one undoable step; returns how many.
    /// Their subtasks go with them, as a deletion's do (issue 32): only items that have some
    /// are looked below (`subtaskProgress`, one probe of `item_parent` when none has).
    @discardableResult
    public func clearCompleted() throws -> Int {
        let positions = items.indices.filter { items[$0].isCompleted }
        guard !positions.isEmpty else { return 0 }
        // Whole, for the undo: read in one statement, as the rows keep no titles.
        let stored = try queue.readKeepingStatements { db in try TodoItem.stored(positions.map { items[$0].id }, db) }
        let byID = Dictionary(stored.map { ($0.id!, $0) }) { first, _ in first }
        let completed = try positions.map { position in
            guard let item = byID[items[position].id] else { throw StoreError.itemNotFound(items[position].id) }
            return PlacedItem(item: item, index: position)
        }
        let parents = completed.compactMap(\.item.id).filter { subtaskProgress[$0] != nil }
        let below = try parents.flatMap { try subtree(below: $0) }
        var seen: Set<Int64> = []
        let unique = below.filter { seen.insert($0.item.id ?? -1).inserted }
        try perform(unique.isEmpty ? .deleteAll(completed) : .sequence([.deleteBelow(unique), .deleteAll(completed)]))
        return completed.count
    }

    /// Takes in what was committed to the store for these items by another writer (a sync,
    /// an import): an item that left the list goes, one that came in takes its place by rank,
    /// a changed one is shown changed (and moved, if its rank changed). The undo and redo
    /// history stays (issue 28). Items as this document wrote them change nothing. On Today and
    /// a search, which gather items by a query, nothing is taken in: they are read again.
    public func absorb(changedItemIDs ids: Set<Int64>) throws {
        guard scope.isOneList, !ids.isEmpty else { return }
        let stored = try queue.readKeepingStatements { db in try members(among: ids, db) }
        let storedByID = Dictionary(uniqueKeysWithValues: stored.map { ($0.id!, $0) })
        var changes: [ListChange] = []
        let here = positions(of: ids).map { (index: $0, id: items[$0].id) }
        for entry in here.reversed() where storedByID[entry.id] == nil {
            items.remove(at: entry.index)
            changes.append(.removed(at: entry.index))
        }
        // What a row shows of an item is read again when it is shown; an item not cached may
        // still be on a row, so it is said to have changed. (This document's own writes leave
        // what they wrote in the cache, so they come back here as no change.)
        var shownBefore: [Int64: TodoItem] = [:]
        for id in ids {
            if let item = cache.item(id) { shownBefore[id] = item }
            cache.forget(id)
        }
        for now in stored { cache.store(now) }
        var reranked: [TodoItem] = []
        // The stored items found here: the others came into the list.
        var found: Set<Int64> = []
        var removedAbove = 0
        for entry in here {
            guard let now = storedByID[entry.id] else {
                removedAbove += 1
                continue
            }
            let index = entry.index - removedAbove
            found.insert(now.id!)
            var before = shownBefore[now.id!]
            before?.listID = items[index].listID
            before?.rank = items[index].rank
            before?.isCompleted = items[index].isCompleted
            guard now != before else { continue }
            if now.rank == items[index].rank {
                items[index] = ItemRow(now)
                changes.append(.updated(at: index))
            } else {
                reranked.append(now)
            }
        }
        for now in reranked {
            guard let from = index(of: now.id!) else { continue }
            items.remove(at: from)
            let to = insertionIndex(of: now)
            items.insert(ItemRow(now), at: to)
            changes += [.moved(from: from, to: to), .updated(at: to)]
        }
        for now in stored.sorted(by: Self.inListOrder) where !found.contains(now.id!) {
            let at = insertionIndex(of: now)
            items.insert(ItemRow(now), at: at)
            changes.append(.inserted(at: at))
        }
        // Progress counts subtasks, which are not rows here: when every id was a row here and
        // still is (this page's own commits, most of all), no count can have changed.
        let onlyRowsHere = here.count == ids.count && removedAbove == 0
        if changes.contains(where: \.placesRows) { outsideReorders += 1 }
        notify(changes + (onlyRowsHere ? [] : progressChanges()))
    }

    /// The positions of the rows whose ids are among `ids`, ascending, in one pass. Each of this
    /// page's own commits comes back to `absorb`, most with one id, and comparing each row with a
    /// few ids costs less than hashing every row's id (a list may hold 100,000).
    private func positions(of ids: Set<Int64>) -> [Int] {
        guard ids.count <= 8 else { return items.indices.filter { ids.contains(items[$0].id) } }
        let few = Array(ids)
        return items.indices.filter { few.contains(items[$0].id) }
    }

    /// The items among `ids` that belong here as stored: the list's top level (items without
    /// a parent, and those `ItemTree.promoted` shows there), or the subtasks shown.
    ///
    /// The items are found by id; the list is only checked (`+list_id`: the unary plus keeps
    /// SQLite's planner off the list's indexes). Given `list_id = ?`, it went through the whole
    /// list in `item_rows` to find a few ids, 12-20 ms at 100,000 items after every edit.
    private func members(among ids: Set<Int64>, _ db: Database) throws -> [TodoItem] {
        guard let listID = list.id else { return [] }
        let inList = SQL(sql: "id IN (\(IDArray.values)) AND +list_id = ?", arguments: [IDArray.argument(ids), listID])
        if case let .subtasks(parentID, parentUID) = scope {
            return try TodoItem.filter(inList && Column("parent_uid") == parentUID && Column("id") != parentID).fetchAll(db)
        }
        let candidates = try TodoItem.filter(inList).fetchAll(db)
        let withParent = Set(try Int64.fetchAll(db, TodoItem.select(Column("id")).filter(inList && Column("parent_uid") != nil)))
        guard !withParent.isEmpty else { return candidates }
        let promoted = ItemTree.promoted(try ItemTree.parents(inList: listID, db))
        return candidates.filter { !withParent.contains($0.id!) || promoted.contains($0.id!) }
    }

    /// How many subtasks each item here has and how many are done, by item id (issue 32):
    /// read when first asked after a change, from `item_parent`, which holds only subtasks.
    public var subtaskProgress: [Int64: SubtaskProgress] {
        if let cachedProgress { return cachedProgress }
        guard scope.isOneList, let listID = list.id else { return [:] }
        let read = (try? queue.readKeepingStatements { db in try ItemTree.progress(inList: listID, db) }) ?? [:]
        cachedProgress = read
        return read
    }

    /// On Today and a search, whose rows come from every level: the title of the item's parent
    /// when it is a subtask, read for all the rows at once when first asked after a change.
    public func parentTitle(of itemID: Int64) -> String? {
        guard scope.spansLists else { return nil }
        if cachedParentTitles == nil {
            let ids = items.map(\.id)
            cachedParentTitles = (try? queue.readKeepingStatements { db in try ItemTree.parentTitles(of: ids, db) }) ?? [:]
        }
        return cachedParentTitles?[itemID]
    }

    /// After a commit from elsewhere (a subtask completed on the level below, a sync): the
    /// rows whose progress changed. When it was not read since the last change, every row
    /// with subtasks is said to have changed, as it may show an older count.
    private func progressChanges() -> [ListChange] {
        let before = cachedProgress
        cachedProgress = nil
        let after = subtaskProgress
        var changed = Set(after.keys)
        if let before { changed = changed.union(before.keys).filter { before[$0] != after[$0] } }
        return changed.compactMap(index(of:)).sorted().map { .updated(at: $0) }
    }

    /// Takes in whatever another program committed to the file (which tells no ids): every item
    /// the list holds, here or in the file, is compared, as `absorb` does.
    public func absorbAllItems() throws {
        try absorb(changedItemIDs: try itemIDsHereAndStored())
    }

    /// The ids of the items in memory and of the list's items in the file.
    public func itemIDsHereAndStored() throws -> Set<Int64> {
        guard scope.isOneList, let listID = list.id else { return [] }
        let stored = try queue.readKeepingStatements { db in try Int64.fetchAll(db, sql: "SELECT id FROM item WHERE list_id = ?", arguments: [listID]) }
        return Set(stored).union(items.map(\.id))
    }

    /// Reads the list's own row again (its name, which a sync may change); items are taken in
    /// by `absorb`.
    public func readListAgain() throws {
        guard scope.isOneList, let id = list.id else { return }
        if let stored = try queue.readKeepingStatements({ db in try TodoList.fetchOne(db, key: id) }) { list = stored }
    }

    /// The list's order: by rank, then by id (`TodoItem.ordered(inList:)`).
    private static func inListOrder(_ a: TodoItem, _ b: TodoItem) -> Bool {
        orderKey(a) < orderKey(b)
    }

    /// Where an item stands in the list's order: its rank, then its id.
    private static func orderKey(_ item: TodoItem) -> (Int64, Int64) { (item.rank, item.id ?? 0) }

    private static func orderKey(_ row: ItemRow) -> (Int64, Int64) { (row.rank, row.id) }

    /// Where `item` goes among the items in memory, by the list's order: after every item
    /// ordered before it. They are in that order, so a binary search finds the place; a walk
    /// from the top made taking in an import of 40,000 items quadratic (a minute, debug build).
    private func insertionIndex(of item: TodoItem) -> Int {
        let key = Self.orderKey(item)
        var low = 0
        var high = items.count
        while low < high {
            let middle = (low + high) / 2
            if Self.orderKey(items[middle]) <= key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Undoes the last action and returns it, or nil when there is nothing to undo.
    @discardableResult
    public func undo() throws -> ListEdit? {
        guard let (edit, reorders) = undoStack.last else { return nil }
        if try isBackAlready(edit) {
            undoStack.removeLast()
            return nil
        }
        try applyRecorded(edit.inverse, takenAt: reorders)
        undoStack.removeLast()
        redoStack.append((edit, outsideReorders))
        return edit
    }

    @discardableResult
    public func redo() throws -> ListEdit? {
        guard let (edit, reorders) = redoStack.last else { return nil }
        let applied = try applyRecorded(edit, takenAt: reorders)
        redoStack.removeLast()
        undoStack.append((applied.recorded, outsideReorders))
        return edit
    }

    /// Whether `edit` deleted an item that is stored again by now (Recently Deleted's Restore,
    /// a sync that brought it back): its undo has nothing left to do, and putting the item back
    /// failed on its id, which showed "could not be saved".
    private func isBackAlready(_ edit: ListEdit) throws -> Bool {
        guard case let .delete(item, _) = edit, let id = item.id else { return false }
        return try queue.readKeepingStatements { db in try TodoItem.exists(db, key: id) }
    }

    /// Applies an undo or a redo, whose positions are exact when no change from another writer
    /// moved the rows since they were taken.
    @discardableResult
    private func applyRecorded(_ edit: ListEdit, takenAt reorders: Int) throws -> Applied {
        recordedPositionsHold = reorders == outsideReorders
        defer { recordedPositionsHold = false }
        return try apply(edit)
    }

    // MARK: Applying edits

    @discardableResult
    private func perform(_ edit: ListEdit) throws -> TodoItem? {
        if Self.containsNUL(edit) { throw StoreError.textContainsNUL }
        let applied = try apply(edit)
        undoStack.append((applied.recorded, outsideReorders))
        redoStack.removeAll()
        return applied.item
    }

    /// Whether a text the edit writes holds a NUL (see `StoreError.textContainsNUL`).
    private static func containsNUL(_ edit: ListEdit) -> Bool {
        switch edit {
        case let .insert(item, _): return item.title.utf8.contains(0)
        case let .rename(_, _, title): return title.utf8.contains(0)
        case let .update(_, _, fields): return fields.title.utf8.contains(0) || fields.notes.utf8.contains(0)
        default: return false
        }
    }

    /// The edit as it was applied (an insert learns its item's id) and the item it touched.
    private struct Applied {
        var recorded: ListEdit
        var item: TodoItem?
    }

    @discardableResult
    private func apply(_ edit: ListEdit) throws -> Applied {
        switch edit {
        case let .insert(item, index):
            let at = item.id == nil ? clamped(index) : placeOfReturning(item, near: index)
            let inserted = try writeInsert(item, at: at)
            return Applied(recorded: .insert(inserted, at: at), item: inserted)
        case let .delete(item, index):
            let at = try position(of: item, near: index)
            try save { db in
                deletedDetails.merge(try ItemDetails.fetch(db, itemIDs: [item.id!])) { $1 }
                // One cached statement for any ids (`deleteOne` compiled its DELETE each time).
                try Self.deleteRows([item.id!], db)
            }
            items.remove(at: at)
            cache.forget(item.id!)
            notify(.removed(at: at))
            return Applied(recorded: .delete(item, at: at), item: item)
        case let .rename(id, _, title):
            try writeUpdate(id) { $0.title = title }
            return Applied(recorded: edit, item: nil)
        case let .setCompleted(id, _, completed):
            try writeUpdate(id) { $0.isCompleted = completed }
            return Applied(recorded: edit, item: nil)
        case let .update(id, old, fields):
            try writeFields(fields, of: id, changedFrom: old)
            return Applied(recorded: edit, item: nil)
        case let .move(id, from, to):
            let (from, to) = try writeMove(id, from: from, to: to)
            return Applied(recorded: .move(itemID: id, from: from, to: to), item: nil)
        case let .deleteAll(placed):
            return Applied(recorded: .deleteAll(try writeDeleteAll(placed)), item: nil)
        case let .insertAll(placed):
            return Applied(recorded: .insertAll(try writeInsertAll(placed)), item: nil)
        case let .moveOut(item, index, listID):
            let at = try writeMoveOut(item, from: index, to: listID)
            return Applied(recorded: .moveOut(item, from: at, toList: listID), item: item)
        case let .moveIn(item, index, _):
            let at = clamped(index)
            let returned = try writeMoveIn(item, at: at)
            return Applied(recorded: .moveIn(returned, at: at, fromList: edit.otherListID), item: returned)
        case let .setCompletedBelow(ids, completed):
            try save { db in
                let update = try db.cachedStatement(sql: "UPDATE item SET completed = ? WHERE id = ?")
                for id in ids { try update.execute(arguments: [completed, id]) }
            }
            return Applied(recorded: edit, item: nil)
        case let .deleteBelow(subtree):
            try save { db in try Self.deleteRows(subtree.compactMap(\.item.id), db) }
            return Applied(recorded: edit, item: nil)
        case let .restoreBelow(subtree):
            try save { db in
                var rows = RestoredItemRows()
                for entry in subtree { rows.add(entry.item, details: entry.details) }
                try rows.write(db)
            }
            return Applied(recorded: edit, item: nil)
        case let .moveBelow(ids, from, to):
            try save { db in
                let update = try db.cachedStatement(sql: "UPDATE item SET list_id = ? WHERE id = ? AND list_id = ?")
                for id in ids { try update.execute(arguments: [to, id, from]) }
            }
            return Applied(recorded: edit, item: nil)
        case let .sequence(edits):
            return try applyInOneTransaction(edits)
        }
    }

    /// A sequence (undoing a completion and the move that sank the item) is one step: written
    /// in one transaction, so a crash or a failed write never leaves half of it, and observers
    /// are told after the commit. When it fails, the items in memory go back as they were.
    private func applyInOneTransaction(_ edits: [ListEdit]) throws -> Applied {
        guard sequenceDatabase == nil else { return try applyParts(edits) }
        let itemsBefore = items
        let deletedBefore = deletedDetails
        do {
            let applied = try queue.save { db in
                sequenceDatabase = db
                defer { sequenceDatabase = nil }
                return try applyParts(edits)
            }
            let changes = pendingChanges
            pendingChanges = []
            if !changes.isEmpty { onChanges?(changes) }
            return applied
        } catch {
            items = itemsBefore
            cache.forgetAll()
            deletedDetails = deletedBefore
            pendingChanges = []
            throw error
        }
    }

    private func applyParts(_ edits: [ListEdit]) throws -> Applied {
        var recorded: [ListEdit] = []
        var item: TodoItem?
        for part in edits {
            let applied = try apply(part)
            recorded.append(applied.recorded)
            item = applied.item ?? item
        }
        return Applied(recorded: .sequence(recorded), item: item)
    }

    /// Where the item is now: at `hint` (the position the edit was recorded with) unless a
    /// change taken in from the store since (`absorb`) moved it.
    private func position(of item: TodoItem, near hint: Int) throws -> Int {
        try position(ofID: item.id ?? -1, near: hint)
    }

    private func position(ofID id: Int64, near hint: Int) throws -> Int {
        if items.indices.contains(hint), items[hint].id == id { return hint }
        guard let index = index(of: id) else { throw StoreError.itemNotFound(id) }
        return index
    }

    /// Where an item that was here comes back (an undone deletion): its recorded position, or,
    /// when items came or went since (`absorb`), the place its own rank gives it. Its rank alone
    /// is not enough: the moves in between, and their undoing, give the rows around it new
    /// ranks (kill trials, seed 435088).
    private func placeOfReturning(_ item: TodoItem, near hint: Int) -> Int {
        let at = clamped(hint)
        return recordedPositionsHold || fits(item, at: at) || scope.spansLists ? at : insertionIndex(of: item)
    }

    /// Whether the item's own rank keeps the list's order at `index`.
    private func fits(_ item: TodoItem, at index: Int) -> Bool {
        let fitsAbove = index == items.count || Self.orderKey(item) < Self.orderKey(items[index])
        let fitsBelow = index == 0 || Self.orderKey(items[index - 1]) < Self.orderKey(item)
        return fitsAbove && fitsBelow
    }

    /// A recorded position for something put back, within the items there are now.
    private func clamped(_ index: Int) -> Int {
        min(max(index, 0), items.count)
    }

    /// A write: in the sequence's transaction while one is written, else a transaction of its own.
    private func save<T>(_ body: (Database) throws -> T) throws -> T {
        if let sequenceDatabase { return try body(sequenceDatabase) }
        return try queue.save(body)
    }

    private func notify(_ change: ListChange) {
        notify([change])
    }

    private func notify(_ changes: [ListChange]) {
        guard !changes.isEmpty else { return }
        cachedProgress = nil
        cachedParentTitles = nil
        if sequenceDatabase != nil { pendingChanges += changes } else { onChanges?(changes) }
    }

    private func writeInsert(_ item: TodoItem, at index: Int) throws -> TodoItem {
        var newItem = item
        let rows = RankedRows(records: items, skipping: nil)
        var renumbered: [(position: Int, rank: Int64)] = []
        try save { db in
            if scope.spansLists {
                // Rows from many lists: the item's place is in its own list.
                newItem.rank = try rankInOwnList(for: newItem, db: db)
            } else if newItem.id == nil || !fits(newItem, at: index) {
                (newItem.rank, renumbered) = try RankAllocator.freeRank(at: index, in: rows, db: db)
            }
            // An item put back keeps its rank where that still fits: two deletions undone in
            // turn come back in their order. (A new rank for the first one back could fall
            // below the second one's, which then went under it: kill trials, seed 424245.)
            if let id = newItem.id, let details = deletedDetails[id] {
                // An item put back: its whole row as it was (its parent included), in one statement.
                var restored = RestoredItemRows()
                restored.add(newItem, details: details)
                try restored.write(db)
            } else {
                try newItem.insert(db)
                if case let .subtasks(_, parentUID) = scope {
                    try db.execute(sql: "UPDATE item SET parent_uid = ? WHERE id = ?", arguments: [parentUID, newItem.id])
                }
            }
        }
        for (position, rank) in renumbered { items[rows.recordIndex(position)].rank = rank }
        items.insert(ItemRow(newItem), at: index)
        // As written: a new item has no marks, one put back has those it had.
        cache.store(newItem)
        notify(.inserted(at: index))
        return newItem
    }

    /// Deletes the items in one transaction, then tells the observer last position first, so
    /// that each position it hears is still valid as it applies them in order. Returns them at
    /// the positions they had (ascending).
    private func writeDeleteAll(_ recorded: [PlacedItem]) throws -> [PlacedItem] {
        let placed = try recorded.map { PlacedItem(item: $0.item, index: try position(of: $0.item, near: $0.index)) }
            .sorted { $0.index < $1.index }
        try save { db in
            deletedDetails.merge(try ItemDetails.fetch(db, itemIDs: placed.compactMap(\.item.id))) { $1 }
            try Self.deleteRows(placed.compactMap(\.item.id), db)
        }
        removeItems(at: placed.map(\.index))
        for entry in placed { cache.forget(entry.item.id!) }
        notify(placed.reversed().map { .removed(at: $0.index) })
        return placed
    }

    /// Deletes these items' rows in one statement, the ids as a JSON array: each statement that
    /// touches the search index makes FTS5 write it (at its savepoint), and one statement per
    /// item wrote it 1,428 times in Clear Completed of `make bench`.
    private static func deleteRows(_ ids: [Int64], _ db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM item WHERE id IN (\(IDArray.values))").execute(arguments: [IDArray.argument(ids)])
    }

    /// Removes the items at these positions (ascending, distinct) in one pass: removing them one
    /// by one moved every item after each (`make bench`, Clear Completed).
    private func removeItems(at positions: [Int]) {
        var kept: [ItemRow] = []
        kept.reserveCapacity(items.count - positions.count)
        var nextRemoved = positions.startIndex
        for (position, item) in items.enumerated() {
            if nextRemoved < positions.endIndex, positions[nextRemoved] == position {
                nextRemoved += 1
            } else {
                kept.append(item)
            }
        }
        items = kept
    }

    /// Puts the items back at their positions (ascending) in one transaction, with ranks found
    /// the way a single insert finds them, and keeping their ids; then tells the observer in
    /// ascending order, each position counted in the final list.
    private func writeInsertAll(_ placed: [PlacedItem]) throws -> [PlacedItem] {
        var merge = OrderedMerge(items)
        var restored: [PlacedItem] = []
        try save { db in
            var rows = RestoredItemRows()
            for entry in placed {
                var item = entry.item
                let index = merge.advance(to: entry.index)
                if scope.spansLists {
                    try rows.write(db)
                    item.rank = try rankInOwnList(for: item, db: db)
                } else if let rank = SparseRank.between(merge.placed.last?.rank, merge.next?.rank) {
                    item.rank = rank
                } else {
                    try rows.write(db)  // The renumbering updates the rows placed so far.
                    item.rank = try merge.renumber(leavingGapAt: index, db: db)
                }
                if let id = item.id, let details = deletedDetails[id] {
                    rows.add(item, details: details)
                } else {
                    try item.insert(db)
                }
                merge.place(ItemRow(item))
                restored.append(PlacedItem(item: item, index: index))
            }
            try rows.write(db)
        }
        items = merge.finished()
        for entry in restored { cache.store(entry.item) }  // As written, marks and all.
        notify(restored.map { .inserted(at: $0.index) })
        return restored
    }

    /// Gives the item a rank above every item of the other list and that list's id; returns
    /// where it was.
    private func writeMoveOut(_ item: TodoItem, from hint: Int, to listID: Int64) throws -> Int {
        let index = try position(of: item, near: hint)
        try save { db in
            guard try TodoList.exists(db, key: listID) else { throw StoreError.listNotFound(listID) }
            let others = try ItemRow.ordered(inList: listID).fetchAll(db)
            let rank = try RankAllocator.freeRank(at: 0, in: RankedRows(records: others, skipping: nil), db: db).rank
            try db.execute(sql: "UPDATE item SET list_id = ?, rank = ? WHERE id = ?", arguments: [listID, rank, items[index].id])
        }
        cache.forget(items[index].id)
        items.remove(at: index)
        notify(.removed(at: index))
        return index
    }

    /// Brings the item back from another list to `index` of this one.
    private func writeMoveIn(_ item: TodoItem, at index: Int) throws -> TodoItem {
        var returning = item
        // On Today or a search, the item goes back to the list it came from, at its place there.
        if !scope.spansLists { returning.listID = list.id! }
        let rows = RankedRows(records: items, skipping: nil)
        var renumbered: [(position: Int, rank: Int64)] = []
        try save { db in
            guard try TodoItem.exists(db, key: item.id) else { throw StoreError.itemNotFound(item.id ?? -1) }
            if !scope.spansLists {
                (returning.rank, renumbered) = try RankAllocator.freeRank(at: index, in: rows, db: db)
            }
            try returning.update(db)
        }
        for (position, rank) in renumbered { items[rows.recordIndex(position)].rank = rank }
        items.insert(ItemRow(returning), at: index)
        cache.forget(returning.id!)
        notify(.inserted(at: index))
        return returning
    }

    /// On Today or a search: an item put back keeps the rank it had in its list; a new one goes
    /// to the top of its list (renumbering there if the top has no room).
    private func rankInOwnList(for item: TodoItem, db: Database) throws -> Int64 {
        if item.id != nil { return item.rank }
        let others = try ItemRow.ordered(inList: item.listID).fetchAll(db)
        return try RankAllocator.freeRank(at: 0, in: RankedRows(records: others, skipping: nil), db: db).rank
    }

    private func writeFields(_ fields: ItemFields, of id: Int64, changedFrom old: ItemFields) throws {
        guard let index = index(of: id) else { throw StoreError.itemNotFound(id) }
        try save { db in try fields.write(db, itemID: id, changedFrom: old) }
        if var shown = cache.item(id) {
            shown.title = fields.title
            shown.due = fields.due
            shown.marks = fields.marks
            cache.store(shown)
        }
        notify(.updated(at: index))
    }

    private func writeUpdate(_ id: Int64, _ change: (inout TodoItem) -> Void) throws {
        guard let index = index(of: id) else { throw StoreError.itemNotFound(id) }
        let old = try storedItem(at: index)
        var updated = old
        change(&updated)
        // Only what the change changed: the rest of the row in memory may be older than the
        // store (a sync's commit not taken in yet), and is not written back over it (issue 57).
        try save { db in _ = try updated.updateChanges(db, from: old) }
        items[index] = ItemRow(updated)
        cache.store(updated)
        notify(.updated(at: index))
    }

    /// Moves the item from where it is (`hint`, unless a change taken in moved it) to `target`,
    /// or as near as the list now allows; returns the two positions.
    private func writeMove(_ id: Int64, from hint: Int, to target: Int) throws -> (from: Int, to: Int) {
        let from = try position(ofID: id, near: hint)
        let to = min(max(target, 0), items.count - 1)
        var moving = items[from]
        let others = RankedRows(records: items, skipping: from)
        var renumbered: [(position: Int, rank: Int64)] = []
        try save { db in
            (moving.rank, renumbered) = try RankAllocator.freeRank(at: to, in: others, db: db)
            try moving.update(db)
        }
        for (position, rank) in renumbered { items[others.recordIndex(position)].rank = rank }
        items.remove(at: from)
        items.insert(moving, at: to)
        notify(.moved(from: from, to: to))
        return (from, to)
    }
}
