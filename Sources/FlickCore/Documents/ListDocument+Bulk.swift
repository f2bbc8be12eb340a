import GRDB

// Acting on many items at once (issue 60): whatever the count, one transaction and one undoable
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
        let parts = try changing.map { position in
            try completion(at: position, completed, lookingBelow: !scope.isOneList || subtaskProgress[items[position].id] != nil).edit
        }
        let ids = changing.map { items[$0].id }
        try performAsOneStep {
            var applied = try parts.map { try apply($0).recorded }
            guard sinking else { return applied }
            // A repeating item completed stays open with its next date: it does not sink.
            let settling = ids.filter { item($0)?.isCompleted == completed }
            return applied + (completed ? try sinkCompleted(settling) : try raiseReopened(settling))
        }
        return changing.count
    }

    /// Each completed item (top to bottom) goes just below the last open item, last first: the
    /// ones moved before are completed, so each lands above them.
    private func sinkCompleted(_ ids: [Int64]) throws -> [ListEdit] {
        try ids.reversed().compactMap { id in
            guard let from = index(of: id), let to = settledIndex(of: id) else { return nil }
            return try apply(.move(itemID: id, from: from, to: to)).recorded
        }
    }

    /// The reopened items (top to bottom) go, in that order, just below the last open item
    /// that was open before: one by one, each would count the others reopened as open and go
    /// below them all (their order turned round).
    private func raiseReopened(_ ids: [Int64]) throws -> [ListEdit] {
        guard !scope.spansLists else { return [] }
        let reopened = Set(ids)
        let boundary = items.last { !$0.isCompleted && !reopened.contains($0.id) }?.id
        var edits: [ListEdit] = []
        for (placed, id) in ids.enumerated() {
            guard let from = index(of: id) else { continue }
            let below = (boundary.flatMap(index(of:)) ?? -1) + 1 + placed
            // `move` counts its target as if the item were taken out first.
            let to = from < below ? below - 1 : below
            if to != from { edits.append(try apply(.move(itemID: id, from: from, to: to)).recorded) }
        }
        return edits
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

    /// Changes the items' fields, each as `change` says, in one step; those that begin to wait
    /// for their start date go below the open items in the same step, in their order
    /// (`placeOfWaiting`). Returns how many changed.
    private func updateAll(at positions: [Int], today: DueDate, _ change: (inout ItemFields) -> Void) throws -> Int {
        let ids = positions.map { items[$0].id }
        let stored = try queue.readKeepingStatements { db in try ids.map { try ItemFields.fetch(db, itemID: $0) } }
        let updates: [(id: Int64, old: ItemFields, new: ItemFields)] = zip(ids, stored).compactMap { id, old in
            guard let old else { return nil }
            var new = old
            change(&new)
            return new == old ? nil : (id, old, new)
        }
        try performAsOneStep {
            var applied = try updates.map { try apply(.update(itemID: $0.id, from: $0.old, to: $0.new)).recorded }
            for update in updates {
                guard let from = index(of: update.id),
                      let to = placeOfWaiting(update.id, from: update.old, to: update.new, today: today) else { continue }
                applied.append(try apply(.move(itemID: update.id, from: from, to: to)).recorded)
            }
            return applied
        }
        return updates.count
    }

    /// `day` at the time of day (and in the zone) of `due`, as rescheduling keeps it.
    private static func day(_ day: DueDate, keepingTimeOf due: DueDate?) -> DueDate {
        DueDate(year: day.year, month: day.month, day: day.day, hour: due?.hour, minute: due?.minute, timeZone: due?.timeZone)
    }
}
