import GRDB

// Sort once: the open items put in an order in one undoable step. Nothing sorts by
// itself afterwards: a move, a new item or a sync leaves the order as the user made it (Clear's
// rule: the order is the user's).
extension ListDocument {
    /// Puts the open items (the list's top level, or the subtasks shown) in `order`, in one
    /// transaction and one undoable step: the completed items keep their places, and the open
    /// ones take, in their new order, the places open ones held. Only the stretch from the first
    /// item that moves to the last is recorded. Returns whether anything moved. Today and a
    /// search keep orders of their own: nothing is sorted there.
    @discardableResult
    public func sortOpenItems(by order: ItemSortOrder) throws -> Bool {
        guard scope.isOneList else { return false }
        let open = items.filter { !$0.isCompleted }.map(\.id)
        let keys = try queue.readKeepingStatements { db in try ItemSortKey.fetch(open, db) }
        if let missing = open.first(where: { keys[$0] == nil }) { throw StoreError.itemNotFound(missing) }
        let sorted = order.arranged(open.map { keys[$0]! }).map(\.id)
        guard let first = open.indices.first(where: { open[$0] != sorted[$0] }),
              let last = open.indices.last(where: { open[$0] != sorted[$0] }) else { return false }
        try perform(.reorder(from: Array(open[first...last]), to: Array(sorted[first...last])))
        return true
    }

    /// Puts the items `order` names in that order, in the places they hold now. The longest run
    /// of rows whose ranks still climb keeps them (`ClimbingRanks`), so only the other rows are
    /// written, and only their ranks (in a synced list, each goes to the server with its new
    /// X-APPLE-SORT-ORDER, all in the next sync). Where that finds no room (a row put between
    /// two that another program gave one sort order), each place keeps its rank instead and
    /// equal ranks are numbered again between their neighbours; only where they have no room
    /// is the whole list. An item gone since (a sync removed it) is left out.
    func writeReorder(_ order: [Int64]) throws {
        let named = Set(order)
        let places = items.indices.filter { named.contains(items[$0].id) }
        let rowsByID = Dictionary(uniqueKeysWithValues: places.map { (items[$0].id, items[$0]) })
        var reordered = items
        for (place, id) in zip(places, order.filter { rowsByID[$0] != nil }) { reordered[place] = rowsByID[id]! }
        let rows = ClimbingRanks.ranked(reordered) ?? placesKeepingRanks(reordered)
        // A row not named stays in its place: what it had is there in `items`.
        let written = rows.indices.filter { rows[$0].rank != (rowsByID[rows[$0].id] ?? items[$0]).rank }
        try save { db in
            // The modification time too, in the same write: `item_modified` then stands back
            // rather than write each row a second time.
            let update = try db.cachedStatement(sql: "UPDATE item SET rank = ?, modified_at = \(SchemaV2.nowSQL) WHERE id = ?")
            for index in written { try update.execute(arguments: [rows[index].rank, rows[index].id]) }
        }
        let moved = rows.indices.filter { rows[$0].id != items[$0].id }
        items = rows
        if let low = moved.first, let high = moved.last { notify(.reordered(low..<(high + 1))) }
    }

    /// The rows in their new order, each place keeping the rank it had, runs of equal ranks
    /// numbered again (`untied`), or the whole list when they have no room.
    private func placesKeepingRanks(_ reordered: [ItemRow]) -> [ItemRow] {
        var rows = reordered
        for index in rows.indices { rows[index].rank = items[index].rank }
        if let untied = Self.untied(rows, before: items) { return untied }
        for (index, rank) in SparseRank.evenlySpaced(count: rows.count).enumerated() { rows[index].rank = rank }
        return rows
    }

    /// The rows with each run of equal ranks that an item moved into given ranks of their own
    /// between their neighbours' (sparse if they fit, else dense); nil when a run has no room
    /// there. Equal ranks are ordered by id here, but on a server they are one sort order that
    /// Nextcloud Tasks shows in any order: an order the user made must not rest on them.
    private static func untied(_ rows: [ItemRow], before: [ItemRow]) -> [ItemRow]? {
        var rows = rows
        var start = 0
        while start < rows.count {
            let end = rows[start...].firstIndex { $0.rank != rows[start].rank } ?? rows.count
            if end - start > 1, rows[start..<end].map(\.id) != before[start..<end].map(\.id) {
                let lower = start > 0 ? rows[start - 1].rank : nil
                let upper = end < rows.count ? rows[end].rank : nil
                guard let ranks = SparseRank.spread(count: end - start, between: lower, and: upper)
                    ?? SparseRank.spread(count: end - start, between: lower, and: upper,
                                         minimumGap: SparseRank.denseSpreadGap) else { return nil }
                for (index, rank) in zip(start..<end, ranks) { rows[index].rank = rank }
            }
            start = end
        }
        return rows
    }
}
