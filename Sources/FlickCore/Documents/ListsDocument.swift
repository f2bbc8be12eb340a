import GRDB

/// The lists in their order, each with its number of unfinished items: what the lists overview
/// shows. Like `ListDocument`, each change is written in one transaction before the summaries
/// change and observers are told, and every change is undoable.
///
/// A `ListDocument` open on a list whose items this document changes (completing all of them)
/// takes the change in from the store's change stream (`TodoStore.observeCommits`).
public final class ListsDocument {
    public private(set) var summaries: [ListSummary]
    /// Told of the changes of each write once it has been committed, all in one call, as
    /// `ListDocument.onChanges` is.
    public var onChanges: (([ListChange]) -> Void)?

    private let queue: DatabaseQueue
    /// Names this document's writes in the store's commits, as `ListDocument.writerTag` does;
    /// nil for a document made without the store.
    var writerTag: WriterTag?
    /// This document as the store's commits name it: the overview need not read back its own.
    public var asWriter: StoreWriter { StoreWriter(self) }
    private var history = UndoHistory<ListsEdit>()
    /// What the items of lists this document deleted kept beyond their rows (notes, UIDs,
    /// times), by item id, so that undoing the deletion puts them back whole.
    private var deletedDetails: [Int64: ItemDetails] = [:]
    /// The state of the file the counts were last read in (`refreshCounts`).
    private var countedAt: StoreVersion?

    /// - Parameter countingNow: false leaves every count at 0 until `refreshCounts()`: counting
    ///   scans every item (8–14 ms at 100,000 items), which start-up need not wait for.
    init(queue: DatabaseQueue, countingNow: Bool = true) throws {
        self.queue = queue
        summaries = try queue.readKeepingStatements { db in try Self.readSummaries(db, counting: countingNow) }
    }

    public var canUndo: Bool { history.canUndo }
    public var canRedo: Bool { history.canRedo }

    public func index(of listID: Int64) -> Int? {
        summaries.firstIndex { $0.list.id == listID }
    }

    /// The name of the list with this id, if it is one of these.
    public func name(of listID: Int64) -> String? {
        index(of: listID).map { summaries[$0].list.name }
    }

    /// Reads the unfinished counts again (after a list's items changed) and tells the observer
    /// about the rows whose count changed. With the file as it was at the last count
    /// (`StoreVersion`), nothing is read: counting scans every item, and coming back to the
    /// overview from Upcoming on 100,000 items spent 11 ms of its frame on it with nothing
    /// changed (perf of `make bench`'s Upcoming section).
    public func refreshCounts() throws {
        let read = try queue.readKeepingStatements { db -> [Int64: Int]? in
            let version = try StoreVersion.current(db)
            guard version != countedAt else { return nil }
            let counts = try Self.unfinishedCounts(db)
            countedAt = version
            return counts
        }
        guard let counts = read else { return }
        var changes: [ListChange] = []
        for index in summaries.indices {
            let count = counts[summaries[index].list.id!] ?? 0
            if summaries[index].unfinished != count {
                summaries[index].unfinished = count
                changes.append(.updated(at: index))
            }
        }
        notify(changes)
    }

    /// Reads the lists again after something other than this document changed them (an
    /// import, a sync), telling the observer of each row that came, went, moved or changed.
    public func readAgain() throws {
        let fresh = try queue.readKeepingStatements { db in try Self.readSummaries(db, counting: true) }
        let freshIDs = Set(fresh.map { $0.list.id! })
        var changes: [ListChange] = []
        for index in summaries.indices.reversed() where !freshIDs.contains(summaries[index].list.id!) {
            summaries.remove(at: index)
            changes.append(.removed(at: index))
        }
        for (index, summary) in fresh.enumerated() {
            if let from = summaries.firstIndex(where: { $0.list.id == summary.list.id }) {
                if from != index {
                    summaries.insert(summaries.remove(at: from), at: index)
                    changes.append(.moved(from: from, to: index))
                }
                if summaries[index] != summary {
                    summaries[index] = summary
                    changes.append(.updated(at: index))
                }
            } else {
                summaries.insert(summary, at: index)
                changes.append(.inserted(at: index))
            }
        }
        notify(changes)
    }

    private func notify(_ changes: [ListChange]) {
        if !changes.isEmpty { onChanges?(changes) }
    }

    // MARK: User actions

    /// Creates an empty list so that it ends up at `index` (clamped).
    @discardableResult
    public func create(name: String, at index: Int) throws -> TodoList {
        let list = TodoList(name: name, rank: 0)
        return try perform(.insert(list, items: [], at: min(max(index, 0), summaries.count)))!
    }

    public func rename(_ listID: Int64, to name: String) throws {
        guard let index = index(of: listID), summaries[index].list.name != name else { return }
        try perform(.rename(listID: listID, from: summaries[index].list.name, to: name))
    }

    public func move(_ listID: Int64, to newIndex: Int) throws {
        guard let from = index(of: listID) else { throw StoreError.listNotFound(listID) }
        let to = min(max(newIndex, 0), summaries.count - 1)
        guard from != to else { return }
        try perform(.move(listID: listID, from: from, to: to))
    }

    /// Deletes the list and its items in one transaction; undo puts both back, ids and order kept.
    public func delete(_ listID: Int64) throws {
        guard let index = index(of: listID) else { throw StoreError.listNotFound(listID) }
        let items = try queue.readKeepingStatements { db in try TodoItem.ordered(inList: listID).fetchAll(db) }
        try perform(.delete(summaries[index].list, items: items, at: index))
    }

    /// Marks every unfinished item of the list done in one transaction; returns how many.
    @discardableResult
    public func completeAll(_ listID: Int64) throws -> Int {
        guard index(of: listID) != nil else { throw StoreError.listNotFound(listID) }
        let open = try queue.readKeepingStatements { db in
            try Int64.fetchAll(db, sql: "SELECT id FROM item WHERE list_id = ? AND completed = 0 ORDER BY rank",
                               arguments: [listID])
        }
        guard !open.isEmpty else { return 0 }
        try perform(.completeAll(listID: listID, itemIDs: open))
        return open.count
    }

    @discardableResult
    public func undo() throws -> ListsEdit? {
        guard let edit = history.lastDone else { return nil }
        try apply(edit.inverse)
        history.moveLastDoneToRedo(as: edit)
        return edit
    }

    @discardableResult
    public func redo() throws -> ListsEdit? {
        guard let edit = history.lastUndone else { return nil }
        let applied = try apply(edit)
        history.moveLastUndoneToDone(as: applied.recorded)
        return edit
    }

    // MARK: Applying edits

    /// The list an insert made (the other edits make none, and their callers ignore it).
    @discardableResult
    private func perform(_ edit: ListsEdit) throws -> TodoList? {
        let applied = try apply(edit)
        history.record(applied.recorded)
        return applied.list
    }

    /// The edit as it was applied (an insert learns its list's id) and the list it touched.
    private struct Applied {
        var recorded: ListsEdit
        var list: TodoList?
    }

    @discardableResult
    private func apply(_ edit: ListsEdit) throws -> Applied {
        switch edit {
        case let .insert(list, items, index):
            let inserted = try writeInsert(list, items: items, at: index)
            return Applied(recorded: .insert(inserted, items: items, at: index), list: inserted)
        case let .delete(list, _, index):
            try writeDelete(list, at: index)
            return Applied(recorded: edit, list: list)
        case let .rename(id, _, name):
            let index = try writeUpdate(id) { $0.name = name }
            return Applied(recorded: edit, list: summaries[index].list)
        case let .move(id, from, to):
            try writeMove(id, from: from, to: to)
            return Applied(recorded: edit, list: summaries[to].list)
        case let .completeAll(id, itemIDs), let .reopenAll(id, itemIDs):
            let done: Bool
            if case .completeAll = edit { done = true } else { done = false }
            try writeCompletion(of: itemIDs, in: id, done: done)
            return Applied(recorded: edit, list: nil)
        }
    }

    private func writeInsert(_ list: TodoList, items: [TodoItem], at index: Int) throws -> TodoList {
        var newList = list
        let rows = RankedRows(records: summaries.map(\.list), skipping: nil)
        var renumbered: [(position: Int, rank: Int64)] = []
        try save { db in
            (newList.rank, renumbered) = try RankAllocator.freeRank(at: index, in: rows, db: db)
            try newList.insert(db)
            // The items keep their ids and ranks: they were the whole list, so nothing took them.
            var restored = RestoredItemRows()
            for var item in items {
                item.listID = newList.id!
                if let details = deletedDetails[item.id!] { restored.add(item, details: details) } else { try item.insert(db) }
            }
            try restored.write(db)
        }
        for (position, rank) in renumbered { summaries[rows.recordIndex(position)].list.rank = rank }
        summaries.insert(ListSummary(list: newList, unfinished: items.filter { !$0.isCompleted }.count), at: index)
        notify([.inserted(at: index)])
        return newList
    }

    private func writeDelete(_ list: TodoList, at index: Int) throws {
        guard summaries.indices.contains(index), summaries[index].list.id == list.id else {
            throw StoreError.listNotFound(list.id ?? -1)
        }
        // The items go with the list (ON DELETE CASCADE), in the same transaction.
        try save { db in
            let itemIDs = try Int64.fetchAll(db, sql: "SELECT id FROM item WHERE list_id = ?", arguments: [list.id])
            deletedDetails.merge(try ItemDetails.fetch(db, itemIDs: itemIDs)) { $1 }
            _ = try TodoList.deleteOne(db, key: list.id)
        }
        summaries.remove(at: index)
        notify([.removed(at: index)])
    }

    private func writeUpdate(_ id: Int64, _ change: (inout TodoList) -> Void) throws -> Int {
        guard let index = index(of: id) else { throw StoreError.listNotFound(id) }
        var updated = summaries[index].list
        change(&updated)
        try save { db in try updated.update(db) }
        summaries[index].list = updated
        notify([.updated(at: index)])
        return index
    }

    private func writeMove(_ id: Int64, from: Int, to: Int) throws {
        guard summaries.indices.contains(from), summaries[from].list.id == id else { throw StoreError.listNotFound(id) }
        var moving = summaries[from]
        let others = RankedRows(records: summaries.map(\.list), skipping: from)
        var renumbered: [(position: Int, rank: Int64)] = []
        try save { db in
            (moving.list.rank, renumbered) = try RankAllocator.freeRank(at: to, in: others, db: db)
            try moving.list.update(db)
        }
        for (position, rank) in renumbered { summaries[others.recordIndex(position)].list.rank = rank }
        summaries.remove(at: from)
        summaries.insert(moving, at: to)
        notify([.moved(from: from, to: to)])
    }

    private func writeCompletion(of itemIDs: [Int64], in listID: Int64, done: Bool) throws {
        guard let index = index(of: listID) else { throw StoreError.listNotFound(listID) }
        try save { db in
            _ = try TodoItem.filter(keys: itemIDs).updateAll(db, Column("completed").set(to: done))
        }
        summaries[index].unfinished = try queue.readKeepingStatements { db in try Self.unfinishedCounts(db)[listID] ?? 0 }
        notify([.updated(at: index)])
    }

    /// A write in a transaction of its own, named as this document's (`WriterTag`).
    private func save<T>(_ body: (Database) throws -> T) throws -> T {
        try queue.save { db in
            guard let writerTag else { return try body(db) }
            return try writerTag.writing(as: asWriter) { try body(db) }
        }
    }

    // MARK: Reading

    private static func readSummaries(_ db: Database, counting: Bool) throws -> [ListSummary] {
        let counts = counting ? try unfinishedCounts(db) : [:]
        return try TodoList.order(Column("rank"), Column("id")).fetchAll(db).map {
            ListSummary(list: $0, unfinished: counts[$0.id!] ?? 0)
        }
    }

    private static func unfinishedCounts(_ db: Database) throws -> [Int64: Int] {
        var counts: [Int64: Int] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT list_id, count(*) FROM item WHERE completed = 0 GROUP BY list_id") {
            counts[row[0]] = row[1]
        }
        return counts
    }
}
