// The rules the rows and the caches keep after every change, for the tests (the fuzz tests among
// them) to check after each action: a broken one shows where a write went wrong, not only that
// some later title came out in the wrong place.
extension ListDocument {
    /// Every rule broken now; none when all hold.
    /// - Parameter completedSink: whether completed items should all be below the open ones: the
    ///   setting is on and every completion has been settled (`settle`). Completing an item leaves
    ///   it in place until then, and a list may hold completed items above open ones from before.
    func checkInvariants(completedSink: Bool = false) -> [ListDocumentViolation] {
        var found = orderViolations()
        if completedSink { found += sinkingViolations() }
        return found + cacheViolations()
    }

    /// One list's rows (its top level, or an item's subtasks) are in its order: ranks ascend, an
    /// equal rank by id, as `insertionIndex` and `fits` take for granted. Today and a search keep
    /// the order they were read in (due, match), which ranks from many lists do not give.
    private func orderViolations() -> [ListDocumentViolation] {
        guard scope.isOneList else { return [] }
        return items.indices.dropFirst()
            .filter { Self.orderKey(items[$0 - 1]) >= Self.orderKey(items[$0]) }
            .map { .outOfOrder(at: $0) }
    }

    /// Every completed row is below every open one: the first completed row is below the last
    /// open row. Only one list's rows are settled (`settledIndex`).
    private func sinkingViolations() -> [ListDocumentViolation] {
        guard scope.isOneList,
              let firstCompleted = items.firstIndex(where: \.isCompleted),
              let lastOpen = items.lastIndex(where: { !$0.isCompleted }),
              firstCompleted < lastOpen else { return [] }
        return [.completedAboveOpen(completed: firstCompleted, open: lastOpen)]
    }

    /// Each item is on one row, and what is cached of items (whole items, parents' titles) is of
    /// items on a row: a row removed and still cached would come back as it was if its id did.
    private func cacheViolations() -> [ListDocumentViolation] {
        var here = Set<Int64>(minimumCapacity: items.count)
        var found: [ListDocumentViolation] = items.filter { !here.insert($0.id).inserted }.map { .repeatedRow(itemID: $0.id) }
        found += cache.ids.subtracting(here).sorted().map { .cachedButNotHere(itemID: $0) }
        found += Set((cachedParentTitles ?? [:]).keys).subtracting(here).sorted().map { .parentTitleButNotHere(itemID: $0) }
        return found
    }
}
