// Where items go: completed ones below the open ones, items put back or taken in by the list's
// order, and edits recorded at positions that changes from elsewhere may have moved.
extension ListDocument {
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
    func placeBelowLastOtherOpen(leaving from: Int) -> Int {
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
        recordSettling(applied.recorded, of: itemID)
    }

    /// The list's order: by rank, then by id (`TodoItem.ordered(inList:)`).
    static func inListOrder(_ a: TodoItem, _ b: TodoItem) -> Bool {
        orderKey(a) < orderKey(b)
    }

    /// Where an item stands in the list's order: its rank, then its id.
    static func orderKey(_ item: TodoItem) -> (Int64, Int64) { (item.rank, item.id ?? 0) }

    static func orderKey(_ row: ItemRow) -> (Int64, Int64) { (row.rank, row.id) }

    /// Where `item` goes among the items in memory, by the list's order: after every item
    /// ordered before it. They are in that order, so a binary search finds the place; a walk
    /// from the top made taking in an import of 40,000 items quadratic (a minute, debug build).
    func insertionIndex(of item: TodoItem) -> Int {
        insertionIndex(forKey: Self.orderKey(item))
    }

    func insertionIndex(of row: ItemRow) -> Int {
        insertionIndex(forKey: Self.orderKey(row))
    }

    private func insertionIndex(forKey key: (Int64, Int64)) -> Int {
        var low = 0
        var high = items.count
        while low < high {
            let middle = (low + high) / 2
            if Self.orderKey(items[middle]) <= key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Where the item is now: at `hint` (the position the edit was recorded with) unless a
    /// change taken in from the store since (`absorb`) moved it.
    func position(of item: TodoItem, near hint: Int) throws -> Int {
        try position(ofID: item.id ?? -1, near: hint)
    }

    func position(ofID id: Int64, near hint: Int) throws -> Int {
        if items.indices.contains(hint), items[hint].id == id { return hint }
        guard let index = index(of: id) else { throw StoreError.itemNotFound(id) }
        return index
    }

    /// Where an item that was here comes back (an undone deletion): its recorded position, or,
    /// when items came or went since (`absorb`), the place its own rank gives it. Its rank alone
    /// is not enough: the moves in between, and their undoing, give the rows around it new
    /// ranks (kill trials, seed 435088).
    func placeOfReturning(_ item: TodoItem, near hint: Int) -> Int {
        let at = clamped(hint)
        return recordedPositionsHold || fits(item, at: at) || scope.spansLists ? at : insertionIndex(of: item)
    }

    /// Whether the item's own rank keeps the list's order at `index`.
    func fits(_ item: TodoItem, at index: Int) -> Bool {
        let fitsAbove = index == items.count || Self.orderKey(item) < Self.orderKey(items[index])
        let fitsBelow = index == 0 || Self.orderKey(items[index - 1]) < Self.orderKey(item)
        return fitsAbove && fitsBelow
    }

    /// A recorded position for something put back, within the items there are now.
    func clamped(_ index: Int) -> Int {
        min(max(index, 0), items.count)
    }
}
