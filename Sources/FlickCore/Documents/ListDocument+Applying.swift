import GRDB

// Applying an edit (a new action, an undo or a redo): each kind of `ListEdit` to its write, and
// a sequence as one transaction.
extension ListDocument {
    @discardableResult
    func perform(_ edit: ListEdit) throws -> TodoItem? {
        if Self.containsNUL(edit) { throw StoreError.textContainsNUL }
        let applied = try apply(edit)
        history.record(RecordedListEdit(edit: applied.recorded, reorders: outsideReorders))
        return applied.item
    }

    /// Whether a text the edit writes holds a NUL (see `StoreError.textContainsNUL`).
    private static func containsNUL(_ edit: ListEdit) -> Bool {
        switch edit {
        case let .insert(item, _): return item.title.utf8.contains(0)
        case let .rename(_, _, title): return title.utf8.contains(0)
        case let .update(_, _, fields): return fields.title.utf8.contains(0) || fields.notes.utf8.contains(0)
        case let .updateAll(_, _, all): return all.contains { $0.title.utf8.contains(0) || $0.notes.utf8.contains(0) }
        default: return false
        }
    }

    /// The edit as it was applied (an insert learns its item's id) and the item it touched.
    struct Applied {
        var recorded: ListEdit
        var item: TodoItem?
    }

    @discardableResult
    func apply(_ edit: ListEdit) throws -> Applied {
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
        case let .updateAll(ids, old, fields):
            try writeFieldsAll(fields, of: ids, changedFrom: old)
            return Applied(recorded: edit, item: nil)
        case let .setCompletedAll(ids, completed):
            try writeCompletedAll(ids, completed)
            return Applied(recorded: edit, item: nil)
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
        case let .reorder(_, order):
            try writeReorder(order)
            return Applied(recorded: edit, item: nil)
        case let .sequence(edits):
            return try applyInOneTransaction(edits)
        }
    }

    /// Parts found in turn, each among the rows the ones before it left, recorded as one step
    /// (a bulk completion, then the moves that sink its items: where the second sinks depends on
    /// where the first went). `parts` applies them (`apply`) and returns them as applied; when
    /// it returns none, nothing is recorded.
    func performAsOneStep(_ parts: () throws -> [ListEdit]) throws {
        let applied = try applyInOneTransaction { Applied(recorded: .sequence(try parts()), item: nil) }
        guard case let .sequence(recorded) = applied.recorded, !recorded.isEmpty else { return }
        history.record(RecordedListEdit(edit: applied.recorded, reorders: outsideReorders))
    }

    private func applyInOneTransaction(_ edits: [ListEdit]) throws -> Applied {
        try applyInOneTransaction { try applyParts(edits) }
    }

    /// A sequence (undoing a completion and the move that sank the item) is one step: written
    /// in one transaction, so a crash or a failed write never leaves half of it, and observers
    /// are told after the commit. When it fails, the items in memory go back as they were.
    private func applyInOneTransaction(_ body: () throws -> Applied) throws -> Applied {
        guard sequenceDatabase == nil else { return try body() }
        let itemsBefore = items
        let deletedBefore = deletedDetails
        do {
            let applied = try queue.save { db in
                sequenceDatabase = db
                defer { sequenceDatabase = nil }
                return try writingAsThis(body)
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
}
