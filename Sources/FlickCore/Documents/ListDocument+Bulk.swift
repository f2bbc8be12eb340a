import GRDB

// Acting on many items at once: whatever the count, one transaction and one undoable
// step, whose undo puts every item back where it was. The items are named by id: an id no
// longer here (another writer removed the item since it was selected) is passed over.
extension ListDocument {
    /// Does `action` to the items of `itemIDs` that are here and returns how many it changed
    /// (an item already completed is not completed again; nothing written counts none).
    @discardableResult
    public func perform(_ action: BulkAction, on itemIDs: [Int64]) throws -> Int {
        let wanted = Set(itemIDs)
        let positions = items.indices.filter { wanted.contains(items[$0].id) }
        switch action {
        case let .setCompleted(completed, sinking):
            return try setCompleted(at: positions, completed, sinking: sinking)
        case .delete:
            try deleteAll(at: positions)
            return positions.count
        case let .moveToList(listID):
            return try move(at: positions, toList: listID)
        case let .moveTogether(index):
            return try moveTogether(at: positions, to: index)
        case let .setDue(day):
            return try updateAll(at: positions, today: .today()) { fields in
                fields.setDue(day.map { Self.day($0, keepingTimeOf: fields.due) })
            }
        case let .postpone(target, today):
            return try updateAll(at: positions, today: today) { fields in
                fields = fields.postponed(to: target.due(postponing: fields.postponedFrom, today: today))
            }
        case let .setPriority(level):
            return try updateAll(at: positions, today: .today()) { fields in
                fields.priority = level.icalendarValue(replacing: fields.priority)
            }
        case let .addTag(tag):
            return try updateAll(at: positions, today: .today()) { fields in
                fields.tags = ItemTags.cleaned(fields.tags + [tag])
            }
        }
    }

    /// Completes or reopens the items whose state differs; with `sinking`, they settle in the
    /// same step (below the open items, or up to the end of them), keeping their order.
    private func setCompleted(at positions: [Int], _ completed: Bool, sinking: Bool) throws -> Int {
        let changing = positions.filter { items[$0].isCompleted != completed }
        let ids = changing.map { items[$0].id }
        // Only a repeating item or one with subtasks needs a look of its own (`completion(at:)`
        // reads the whole item): for the rest, the row says enough. Reading all 10,000 items of
        // a list was most of completing them (1.6 s of a debug build).
        let repeating = completed ? try repeatingIDs(among: ids) : []
        let parts = Self.gathered(try changing.map { position in
            let id = items[position].id
            let hasSubtasks = mayHaveSubtasks(id)
            guard repeating.contains(id) || hasSubtasks else { return .setCompleted(itemID: id, from: !completed, to: completed) }
            return try completion(at: position, completed, lookingBelow: hasSubtasks).edit
        })
        try performAsOneStep {
            let applied = try parts.map { try apply($0).recorded }
            guard sinking else { return applied }
            // A repeating item completed stays open with its next date: it does not sink.
            // Read off the rows in one pass: `item(_:)` per id walked the list each time.
            let changed = Set(ids)
            let settling = items.filter { changed.contains($0.id) && $0.isCompleted == completed }.map(\.id)
            guard let gathering = gatheredBelowOpen(settling) else { return applied }
            return applied + [try apply(gathering).recorded]
        }
        return changing.count
    }

    /// The items among `ids` that repeat from a due date, read in one statement: completing one
    /// moves its date on instead (`completion(at:)`).
    private func repeatingIDs(among ids: [Int64]) throws -> Set<Int64> {
        try queue.readKeepingStatements { db in
            Set(try Int64.fetchAll(db.cachedStatement(sql: "SELECT id FROM item WHERE id IN (\(IDArray.values)) AND rrule IS NOT NULL AND due_day IS NOT NULL"),
                                   arguments: [IDArray.argument(ids)]))
        }
    }

    /// Each item's completion (`completion(at:)`) as one edit for all: every plain completion in
    /// one `setCompletedAll`, every subtask in one `setCompletedBelow`; a repeating item's next
    /// occurrence stays an update of its own.
    private static func gathered(_ completions: [ListEdit]) -> [ListEdit] {
        var updates: [ListEdit] = []
        var flipped: [Int64] = []
        var completedTo = true
        var below: [Int64] = []
        for part in completions.flatMap(Self.parts) {
            switch part {
            case let .setCompleted(id, _, to):
                flipped.append(id)
                completedTo = to
            case let .setCompletedBelow(ids, _):
                below += ids
            default:
                updates.append(part)
            }
        }
        return updates + (flipped.isEmpty ? [] : [.setCompletedAll(itemIDs: flipped, to: completedTo)])
            + (below.isEmpty ? [] : [.setCompletedBelow(itemIDs: below, to: true)])
    }

    private static func parts(_ edit: ListEdit) -> [ListEdit] {
        if case let .sequence(parts) = edit { return parts }
        return [edit]
    }

    /// The items `ids` (top to bottom) gathered, in their order, just below the last open item
    /// that is not one of them (at the top when there is none): where `settle` puts one
    /// completed or reopened item, and `placeOfWaiting` one that begins to wait. Moved one by
    /// one, each would count the others: reopened ones are open, and their order turned round.
    /// One `reorder` of the stretch that changes, not a move per item: a move shifts every row
    /// after it, and 10,000 of them were 10,000 passes over the list. Nil when nothing moves,
    /// and where the rows span lists (Today and a search keep their own order).
    private func gatheredBelowOpen(_ ids: [Int64]) -> ListEdit? {
        guard !scope.spansLists, !ids.isEmpty else { return nil }
        let gathered = Set(ids)
        let order = items.map(\.id)
        var others: [Int64] = []
        var belowLastOpen = 0
        for row in items where !gathered.contains(row.id) {
            others.append(row.id)
            if !row.isCompleted { belowLastOpen = others.count }
        }
        let placed = Array(others[..<belowLastOpen]) + order.filter(gathered.contains) + others[belowLastOpen...]
        guard let first = order.indices.first(where: { order[$0] != placed[$0] }),
              let last = order.indices.last(where: { order[$0] != placed[$0] }) else { return nil }
        return .reorder(from: Array(order[first...last]), to: Array(placed[first...last]))
    }

    /// Moves the items to the top of another list, with their subtasks. The last goes first, so
    /// that each lands above the one moved before it and the list they left keeps its positions.
    private func move(at positions: [Int], toList listID: Int64) throws -> Int {
        guard listID != list.id, !positions.isEmpty else { return 0 }
        let below = try queue.readKeepingStatements { db in
            try positions.map { try ItemTree.descendants(of: items[$0].id, db).filter { self.index(of: $0) == nil } }
        }
        var parts: [ListEdit] = []
        for (position, subtasks) in zip(positions, below).reversed() {
            parts.append(.moveOut(try storedItem(at: position), from: position, toList: listID))
            if !subtasks.isEmpty { parts.append(.moveBelow(itemIDs: subtasks, from: items[position].listID, to: listID)) }
        }
        try perform(.sequence(parts))
        return positions.count
    }

    /// Puts the items together, in their order, at `index` of the list without them (clamped to
    /// it), as one `reorder` of the stretch that changes: one step, whose undo puts each item
    /// back in its own place. Returns how many were carried (all of them, when anything moved:
    /// the notice counts what the hand carried), none when they were there already or where
    /// the rows span lists (Today and a search keep their own order).
    private func moveTogether(at positions: [Int], to index: Int) throws -> Int {
        guard !scope.spansLists, !positions.isEmpty else { return 0 }
        let order = items.map(\.id)
        let moving = positions.map { order[$0] }
        let carried = Set(moving)
        let others = order.filter { !carried.contains($0) }
        let at = min(max(index, 0), others.count)
        let placed = Array(others[..<at]) + moving + others[at...]
        guard let first = order.indices.first(where: { order[$0] != placed[$0] }),
              let last = order.indices.last(where: { order[$0] != placed[$0] }) else { return 0 }
        try perform(.reorder(from: Array(order[first...last]), to: Array(placed[first...last])))
        return moving.count
    }

    /// Changes the items' fields, each as `change` says, in one step; those that begin to wait
    /// for their start date go below the open items in the same step, in their order
    /// (`placeOfWaiting` says which). Returns how many changed.
    private func updateAll(at positions: [Int], today: DueDate, _ change: (inout ItemFields) -> Void) throws -> Int {
        let ids = positions.map { items[$0].id }
        let stored = try queue.readKeepingStatements { db in try ItemFields.fetchAll(db, itemIDs: ids) }
        let updates: [(id: Int64, old: ItemFields, new: ItemFields)] = ids.compactMap { id in
            guard let old = stored[id] else { return nil }
            var new = old
            change(&new)
            return new == old ? nil : (id, old, new)
        }
        try performAsOneStep {
            guard !updates.isEmpty else { return [] }
            let applied = [try apply(.updateAll(itemIDs: updates.map(\.id), from: updates.map(\.old), to: updates.map(\.new))).recorded]
            // Only those that begin to wait are looked up (`placeOfWaiting` walks the list).
            let waiting = updates.filter { Self.beginsToWait(from: $0.old, to: $0.new, today: today) }
                .filter { placeOfWaiting($0.id, from: $0.old, to: $0.new, today: today) != nil }.map(\.id)
            guard let gathering = gatheredBelowOpen(waiting) else { return applied }
            return applied + [try apply(gathering).recorded]
        }
        return updates.count
    }

    private static func beginsToWait(from old: ItemFields, to new: ItemFields, today: DueDate) -> Bool {
        StartRule.waits(start: new.start, due: new.due, isCompleted: false, on: today.dayNumber)
            && !StartRule.waits(start: old.start, due: old.due, isCompleted: false, on: today.dayNumber)
    }

    /// `day` at the time of day (and in the zone) of `due`, as rescheduling keeps it.
    private static func day(_ day: DueDate, keepingTimeOf due: DueDate?) -> DueDate {
        DueDate(year: day.year, month: day.month, day: day.day, hour: due?.hour, minute: due?.minute, timeZone: due?.timeZone)
    }
}
