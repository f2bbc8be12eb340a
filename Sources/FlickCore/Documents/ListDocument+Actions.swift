import GRDB

// The user's actions on the list's items, each one undoable step (`perform`).
extension ListDocument {
    /// Inserts a new item so that it ends up at `index` (clamped to the list).
    @discardableResult
    public func insert(title: String, at index: Int) throws -> TodoItem {
        var item = TodoItem(listID: list.id ?? -1, title: title, rank: 0)
        switch scope {
        case .list, .subtasks:
            break
        case let .today(day, defaultListID), let .upcoming(day, defaultListID):
            // Today's and Upcoming's new items go to the default list, due today.
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

    /// Changes the item's editable fields in one transaction, one undoable step. An item that
    /// begins to wait for its start date (`today` is the day it is now) goes below the open
    /// items of its list in the same step (`placeOfWaiting`).
    public func update(_ itemID: Int64, today: DueDate = .today(), _ change: (inout ItemFields) -> Void) throws {
        let old = try fields(of: itemID)
        var new = old
        change(&new)
        guard new != old else { return }
        let update = ListEdit.update(itemID: itemID, from: old, to: new)
        guard let from = index(of: itemID), let to = placeOfWaiting(itemID, from: old, to: new, today: today) else {
            try perform(update)
            return
        }
        try perform(.sequence([update, .move(itemID: itemID, from: from, to: to)]))
    }

    /// Postpones the item in one undoable step, and returns the day it went to: its
    /// due date, or its start date when it has only that (`ItemFields.postponed`).
    @discardableResult
    public func postpone(_ itemID: Int64, to target: PostponeTarget, today: DueDate) throws -> DueDate? {
        let old = try fields(of: itemID)
        let day = target.due(postponing: old.postponedFrom, today: today)
        try update(itemID) { $0 = old.postponed(to: day) }
        return day
    }

    /// Moves the item's due date to `day` (Upcoming's drop on another day), keeping
    /// its time of day and zone, in one undoable step; a reminder at a set time moves with it,
    /// as postponing moves it. Returns the new due date, or nil when it was due that day already
    /// (nothing is written).
    @discardableResult
    public func reschedule(_ itemID: Int64, toDay day: DueDate) throws -> DueDate? {
        let old = try fields(of: itemID)
        let newDue = DueDate(year: day.year, month: day.month, day: day.day, hour: old.due?.hour,
                             minute: old.due?.minute, timeZone: old.due?.timeZone)
        guard old.due?.dayNumber != day.dayNumber else { return nil }
        try update(itemID) { $0 = old.postponed(to: newDue) }
        return newDue
    }

    /// Completes or reopens the item. Completing an item that repeats and has a due date moves
    /// its due date to the next occurrence instead, leaving it open (one undoable step), and
    /// returns that date; once its rule has ended, it is completed like any other. Completing
    /// an item completes its open subtasks at every depth in the same step; reopening it leaves
    /// them as they are.
    @discardableResult
    public func setCompleted(_ itemID: Int64, _ completed: Bool) throws -> DueDate? {
        guard let index = index(of: itemID), items[index].isCompleted != completed else { return nil }
        let (edit, next) = try completion(at: index, completed, lookingBelow: true)
        try perform(edit)
        return next
    }

    /// What completing or reopening the item at `index` writes, and a repeating item's next due
    /// date (`setCompleted`). `lookingBelow`: whether it may have open subtasks to complete with
    /// it (a bulk completion asks only for items with subtasks, one read each).
    func completion(at index: Int, _ completed: Bool, lookingBelow: Bool) throws -> (edit: ListEdit, nextDue: DueDate?) {
        let itemID = items[index].id
        let old = try storedItem(at: index)
        if completed, old.marks.contains(.repeats), let due = old.due {
            let fields = try fields(of: itemID)
            if let series = try repeatSeries(of: itemID, fields: fields, due: due), let next = series.next(after: due) {
                return (.update(itemID: itemID, from: fields, to: fields.nextOccurrence(due: next.due, rule: next.rule)), next.due)
            }
        }
        let completion = ListEdit.setCompleted(itemID: itemID, from: old.isCompleted, to: completed)
        let openBelow = completed && lookingBelow ? try openSubtaskIDs(below: itemID) : []
        return (openBelow.isEmpty ? completion : .sequence([completion, .setCompletedBelow(itemIDs: openBelow, to: true)]), nil)
    }

    /// The item's series: its rule with the EXDATE and RDATE its text (`item.ical`) has from
    /// another client. Nil when it has no rule Flick can read.
    private func repeatSeries(of itemID: Int64, fields: ItemFields, due: DueDate) throws -> RepeatSeries? {
        guard let rule = fields.repeatRule else { return nil }
        let ical = try queue.readKeepingStatements { db in
            try String.fetchOne(db.cachedStatement(sql: "SELECT ical FROM item WHERE id = ?"), arguments: [itemID])
        }
        return RepeatSeries(rule: rule, exceptions: RepeatExceptions(ical: ical, like: due))
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

    /// Whether the item may have subtasks: on one list's page, only those `subtaskProgress`
    /// counts (one probe of `item_parent` when none has); Today and a search gather items from
    /// every list and level, and do not count them.
    func mayHaveSubtasks(_ itemID: Int64) -> Bool {
        !scope.isOneList || subtaskProgress[itemID] != nil
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
        // Its subtasks go with it, in the same step, and come back with its undo. Only an item
        // that has some is looked below: the read of an empty subtree, in a transaction of its
        // own, was 0.28 M of a deletion's 6 M instructions before its frame (callgrind at 10,000 items).
        let below = mayHaveSubtasks(itemID) ? try subtree(below: itemID) : []
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
        // Its subtasks go with it, in the same step.
        let below = try queue.readKeepingStatements { db in try ItemTree.descendants(of: itemID, db) }.filter { self.index(of: $0) == nil }
        let moveOut = ListEdit.moveOut(try storedItem(at: index), from: index, toList: listID)
        if below.isEmpty {
            try perform(moveOut)
        } else {
            try perform(.sequence([moveOut, .moveBelow(itemIDs: below, from: items[index].listID, to: listID)]))
        }
    }

    /// Removes every completed item in one transaction, one undoable step; returns how many.
    /// Their subtasks go with them, as a deletion's do: only items that have some
    /// are looked below (`subtaskProgress`, one probe of `item_parent` when none has).
    @discardableResult
    public func clearCompleted() throws -> Int {
        let positions = items.indices.filter { items[$0].isCompleted }
        try deleteAll(at: positions)
        return positions.count
    }

    /// Deletes the items at these positions (ascending) with their subtasks in one
    /// transaction, one undoable step (Clear Completed, a bulk delete).
    func deleteAll(at positions: [Int]) throws {
        guard !positions.isEmpty else { return }
        // Whole, for the undo: read in one statement, as the rows keep no titles.
        let stored = try queue.readKeepingStatements { db in try TodoItem.stored(positions.map { items[$0].id }, db) }
        let byID = Dictionary(stored.map { ($0.id!, $0) }) { first, _ in first }
        let placed = try positions.map { position in
            guard let item = byID[items[position].id] else { throw StoreError.itemNotFound(items[position].id) }
            return PlacedItem(item: item, index: position)
        }
        let parents = placed.compactMap(\.item.id).filter(mayHaveSubtasks)
        let below = try parents.flatMap { try subtree(below: $0) }
        var seen: Set<Int64> = []
        let unique = below.filter { seen.insert($0.item.id ?? -1).inserted }
        try perform(unique.isEmpty ? .deleteAll(placed) : .sequence([.deleteBelow(unique), .deleteAll(placed)]))
    }
}
