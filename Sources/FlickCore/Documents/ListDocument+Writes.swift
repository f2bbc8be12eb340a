import GRDB

// The writes: each changes the store in one transaction (or in the sequence's), then the rows
// in memory and the cache, then tells the observers.
extension ListDocument {
    /// A write: in the sequence's transaction while one is written, else a transaction of its own.
    func save<T>(_ body: (Database) throws -> T) throws -> T {
        if let sequenceDatabase { return try body(sequenceDatabase) }
        return try queue.save { db in try writingAsThis { try body(db) } }
    }

    /// Runs `body`, inside a write, as this document's (`WriterTag`).
    func writingAsThis<T>(_ body: () throws -> T) rethrows -> T {
        guard let writerTag else { return try body() }
        return try writerTag.writing(as: asWriter, body)
    }

    func notify(_ change: ListChange) {
        notify([change])
    }

    func notify(_ changes: [ListChange]) {
        guard !changes.isEmpty else { return }
        cachedProgress = nil
        cachedParentTitles = nil
        parentTitlesRead = []
        if sequenceDatabase != nil { pendingChanges += changes } else { onChanges?(changes) }
    }

    func writeInsert(_ item: TodoItem, at index: Int) throws -> TodoItem {
        var newItem = item
        let rows = RankedRows(records: items, skipping: nil)
        var renumbered: [(position: Int, rank: Int64)] = []
        try save { db in
            // Asked in the write itself: a read of its own before it was a tenth of the undo of
            // a deletion (callgrind at 10,000 items).
            if let id = newItem.id, deletedDetails[id] != nil, try Self.isStored(id, db) { throw ItemBackAlready(itemID: id) }
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

    /// Whether an item of this id is stored (a deleted one put back meanwhile), in one cached
    /// statement: `exists` compiled its query at each call.
    private static func isStored(_ id: Int64, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM item WHERE id = ?)"), arguments: [id]) ?? false
    }

    /// Deletes the items in one transaction, then tells the observer last position first, so
    /// that each position it hears is still valid as it applies them in order. Returns them at
    /// the positions they had (ascending).
    func writeDeleteAll(_ recorded: [PlacedItem]) throws -> [PlacedItem] {
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
    static func deleteRows(_ ids: [Int64], _ db: Database) throws {
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
    func writeInsertAll(_ placed: [PlacedItem]) throws -> [PlacedItem] {
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
    func writeMoveOut(_ item: TodoItem, from hint: Int, to listID: Int64) throws -> Int {
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
    func writeMoveIn(_ item: TodoItem, at index: Int) throws -> TodoItem {
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

    func writeFields(_ fields: ItemFields, of id: Int64, changedFrom old: ItemFields) throws {
        guard let index = index(of: id) else { throw StoreError.itemNotFound(id) }
        try save { db in try fields.write(db, itemID: id, changedFrom: old) }
        if var shown = cache.item(id) {
            shown.title = fields.title
            shown.due = fields.due
            shown.startsOn = fields.start?.dateOnly
            shown.marks = fields.marks
            cache.store(shown)
        }
        notify(.updated(at: index))
    }

    /// Writes each item's fields as `writeFields` does, in one transaction, then finds their
    /// rows in one pass: looking each up walked the list, 3.5 s of a debug build to give 5,000
    /// items a priority.
    func writeFieldsAll(_ all: [ItemFields], of ids: [Int64], changedFrom old: [ItemFields]) throws {
        // One statement for each distinct change, not one per item: setting the priority of
        // 5,000 selected items sets one column to one value.
        var idsByChange: [FieldAssignments: [Int64]] = [:]
        for (id, (fields, before)) in zip(ids, zip(all, old)) {
            if let change = fields.assignments(changedFrom: before) { idsByChange[change, default: []].append(id) }
        }
        try save { db in
            for (change, changing) in idsByChange {
                try db.execute(sql: "UPDATE item SET \(change.sql) WHERE id IN (\(IDArray.values))",
                               arguments: StatementArguments(change.arguments + [IDArray.argument(changing).databaseValue]))
            }
        }
        let written = Dictionary(zip(ids, all)) { _, last in last }
        var changed: [ListChange] = []
        for index in items.indices {
            guard let fields = written[items[index].id] else { continue }
            if var shown = cache.item(items[index].id) {
                shown.title = fields.title
                shown.due = fields.due
                shown.startsOn = fields.start?.dateOnly
                shown.marks = fields.marks
                cache.store(shown)
            }
            changed.append(.updated(at: index))
        }
        notify(changed)
    }

    /// Completes or reopens these items in one statement, then their rows in one pass (a bulk
    /// completion: one `writeUpdate` per item looked each row up in a walk of the
    /// list, 6 s of a debug build for 10,000 items). The cache forgets them: what a row shows
    /// is read again with the stored row. The statement sets the completion's time and the
    /// modification's itself, so that the triggers that would set them each with an UPDATE per
    /// row stand back (schema v14).
    func writeCompletedAll(_ ids: [Int64], _ completed: Bool) throws {
        try save { db in
            try db.cachedStatement(sql: Self.completeAllSQL).execute(arguments: [completed, completed, IDArray.argument(ids), completed])
        }
        let changing = Set(ids)
        var changed: [ListChange] = []
        for index in items.indices where changing.contains(items[index].id) {
            items[index].isCompleted = completed
            changed.append(.updated(at: index))
        }
        for id in ids { cache.forget(id) }
        notify(changed)
    }

    private static let completeAllSQL = """
        UPDATE item SET completed = ?, completed_at = CASE WHEN ? THEN \(SchemaV2.nowSQL) END,
            modified_at = \(SchemaV2.nowSQL)
        WHERE id IN (\(IDArray.values)) AND completed <> ?
        """

    func writeUpdate(_ id: Int64, _ change: (inout TodoItem) -> Void) throws {
        guard let index = index(of: id) else { throw StoreError.itemNotFound(id) }
        let old = try storedItem(at: index)
        var updated = old
        change(&updated)
        // Only what the change changed: the rest of the row in memory may be older than the
        // store (a sync's commit not taken in yet), and is not written back over it.
        try save { db in _ = try updated.updateChanges(db, from: old) }
        items[index] = ItemRow(updated)
        cache.store(updated)
        notify(.updated(at: index))
    }

    /// Moves the item from where it is (`hint`, unless a change taken in moved it) to `target`,
    /// or as near as the list now allows; returns the two positions.
    func writeMove(_ id: Int64, from hint: Int, to target: Int) throws -> (from: Int, to: Int) {
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
