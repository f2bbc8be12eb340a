import GRDB

// Taking in what other writers committed to the store (a sync, an import, another program).
extension ListDocument {
    /// Takes in what was committed to the store for these items by another writer (a sync,
    /// an import): an item that left the list goes, one that came in takes its place by rank,
    /// a changed one is shown changed (and moved, if its rank changed). The undo and redo
    /// history stays. Items as this document wrote them change nothing. On Today and
    /// a search, which gather items by a query, nothing is taken in: they are read again.
    public func absorb(changedItemIDs ids: Set<Int64>) throws {
        guard scope.isOneList, !ids.isEmpty else { return }
        // Only the items cached are read whole, to compare with what their rows showed and to
        // be cached again. An item not cached may still be on a row, so it is said to have
        // changed whatever it holds: its row (id, list, rank, state) is enough, read from the
        // index. Every commit comes back here, this page's own too: a bulk completion of 8,572
        // items read them all whole again (24 ms before its frame, `make bench`).
        let wholeIDs = ids.filter { cache.holds($0) }
        let (whole, rowsOnly) = try queue.readKeepingStatements { db in
            (try members(among: wholeIDs, db), try memberRows(among: ids.subtracting(wholeIDs), db))
        }
        let stored = whole.map(ItemRow.init) + rowsOnly
        let storedByID = Dictionary(uniqueKeysWithValues: stored.map { ($0.id, $0) })
        var changes: [ListChange] = []
        let here = positions(of: ids).map { (index: $0, id: items[$0].id) }
        for entry in here.reversed() where storedByID[entry.id] == nil {
            items.remove(at: entry.index)
            changes.append(.removed(at: entry.index))
        }
        // (This document's own writes leave what they wrote in the cache, so they come back
        // here as no change.)
        var shownBefore: [Int64: TodoItem] = [:]
        for id in ids {
            if let item = cache.item(id) { shownBefore[id] = item }
            cache.forget(id)
        }
        var wholeByID: [Int64: TodoItem] = [:]
        for now in whole {
            cache.store(now)
            wholeByID[now.id!] = now
        }
        var reranked: [ItemRow] = []
        // The stored items found here: the others came into the list.
        var found: Set<Int64> = []
        var removedAbove = 0
        for entry in here {
            guard let now = storedByID[entry.id] else {
                removedAbove += 1
                continue
            }
            let index = entry.index - removedAbove
            found.insert(now.id)
            if let item = wholeByID[now.id], var before = shownBefore[now.id] {
                before.listID = items[index].listID
                before.rank = items[index].rank
                before.isCompleted = items[index].isCompleted
                if item == before { continue }
            }
            if now.rank == items[index].rank {
                items[index] = now
                changes.append(.updated(at: index))
            } else {
                reranked.append(now)
            }
        }
        for now in reranked {
            guard let from = index(of: now.id) else { continue }
            items.remove(at: from)
            let to = insertionIndex(of: now)
            items.insert(now, at: to)
            changes += [.moved(from: from, to: to), .updated(at: to)]
        }
        for now in stored.sorted(by: { Self.orderKey($0) < Self.orderKey($1) }) where !found.contains(now.id) {
            let at = insertionIndex(of: now)
            items.insert(now, at: at)
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

    /// The items among `ids` that belong here as stored (`memberRows`), read whole.
    private func members(among ids: Set<Int64>, _ db: Database) throws -> [TodoItem] {
        let rows = try memberRows(among: ids, db)
        guard !rows.isEmpty else { return [] }
        return try TodoItem.fetchAll(db, keys: rows.map(\.id))
    }

    /// The rows of the items among `ids` that belong here as stored: the list's top level
    /// (items without a parent, and those `ItemTree.promoted` shows there), or the subtasks
    /// shown; read from the index `item_rows` alone, in one statement. A few ids are found by
    /// id, the list only checked (`+list_id`: the unary plus keeps SQLite's planner off the
    /// list's indexes; given `list_id = ?`, it went through the whole list in `item_rows` to find
    /// a few ids, 12-20 ms at 100,000 items after every edit). Many ids (more than an eighth of
    /// the list: a page's own bulk completion) are found in a read of the whole list's rows:
    /// SQLite built 10,000 ids into a temporary index first (7 ms a statement).
    private func memberRows(among ids: Set<Int64>, _ db: Database) throws -> [ItemRow] {
        guard let listID = list.id, !ids.isEmpty else { return [] }
        let manyIDs = ids.count >= 256 && ids.count * 8 > items.count
        let sql = "SELECT id, list_id, rank, completed, parent_uid FROM item WHERE "
            + (manyIDs ? "list_id = ?" : "id IN (\(IDArray.values)) AND +list_id = ?")
        let arguments: StatementArguments = manyIDs ? [listID] : [IDArray.argument(ids), listID]
        var found: [(row: ItemRow, parentUID: String?)] = []
        try Row.fetchCursor(db, sql: sql, arguments: arguments).forEach { row in
            let id: Int64 = row[0]
            guard !manyIDs || ids.contains(id) else { return }
            found.append((ItemRow(id: id, listID: row[1], rank: row[2], isCompleted: row[3]), row[4]))
        }
        if case let .subtasks(parentID, parentUID) = scope {
            return found.filter { $0.parentUID == parentUID && $0.row.id != parentID }.map(\.row)
        }
        guard found.contains(where: { $0.parentUID != nil }) else { return found.map(\.row) }
        let promoted = ItemTree.promoted(try ItemTree.parents(inList: listID, db))
        return found.filter { $0.parentUID == nil || promoted.contains($0.row.id) }.map(\.row)
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
}
