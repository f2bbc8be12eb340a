@preconcurrency import CGtk
import FlickCore
import Foundation

/// What the gestures, the keys and the row menu do to the page's items: complete, delete,
/// clear, move, undo. Each is one change, run by the host's runner with a way to try again.
extension ItemsPage {
    /// Completes or reopens the item. A failure leaves it as stored; Retry tries again.
    func toggle(_ id: Int64) {
        // A selected row's Space or swipe right acts on the whole selection.
        if actsOnSelection(id) { return completeSelection() }
        // The item as stored decides: a commit not yet taken in may have completed it.
        host.runner.run(on: self) { document.item(id).map { .setCompleted(itemID: id, !$0.isCompleted) } }
    }

    /// The completion was saved: a sound, words for a screen reader, and the item sinks.
    func completionSaved(_ id: Int64, _ completed: Bool, nextDue: DueDate?) {
        if completed { host.sounds.play(.complete) }
        if let nextDue {
            // A repeating item stays open with its next due date: say so, with Undo.
            host.notice.show(tr("Done for now: next due {date}", ["date": DueChip.label(for: nextDue, now: Date()).text]),
                             undoable: true)
            return
        }
        // Seen at once on the row; said too: the row's name changes on its title label, and Orca
        // says no change of a label by itself. Announced from the list, which stays while the
        // row that is sinking goes (Announcer.say's fromWidget); described on the focused row
        // before GTK 4.14.
        Announcer.say(completed ? tr("completed") : tr("not completed"), from: list.listView, fromWidget: true)
        // Decided now: an item already in its place does not move later because of what
        // another edit did in the meantime.
        if completedItemsSink, document.settledIndex(of: id) != nil {
            settleSoon(id, completed: completed)
        }
    }

    /// A completed item sinks below the open ones, a reopened one rises to their end, after
    /// a moment in which the user sees the change (DESIGN 2.7). The keyboard focus goes with the
    /// item: a second Space (a user checking that it worked) reopens that item, where it used to
    /// complete the row that took its place, and a screen reader reads the item with its new
    /// state where it landed.
    /// Only while the item is still as it was made (`completed`): an undo in the moment before
    /// put it back where it was, open, and there it stays.
    private func settleSoon(_ id: Int64, completed: Bool) {
        let document = self.document
        _ = MainLoop.after(seconds: 0.2) { [weak self] in
            guard let self, !self.isShutDown, self.document === document, !self.list.isEditing,
                  document.item(id)?.isCompleted == completed, document.settledIndex(of: id) != nil else { return }
            // The row folds away where it was, then the item moves.
            self.list.collapser.collapse([id]) { [weak self] in self?.settle(id, completed: completed, in: document) }
        }
    }

    private func settle(_ id: Int64, completed: Bool, in document: ListDocument) {
        guard !isShutDown, self.document === document, !list.isEditing,
              document.item(id)?.isCompleted == completed else { return }
        let wasFocused = focusedItemID == id
        guard host.runner.perform(retry: nil, { try document.settle(id) }) else { return }
        if wasFocused { focus(id) }
    }

    func delete(_ id: Int64) {
        if actsOnSelection(id) { return actOnSelection(.delete) }
        host.runner.run(.delete(itemID: id), on: self)
    }

    /// The row that takes the focus says the notice after its name, as one sentence; it is told
    /// before the deletion, during which GTK already moves the focus to it.
    func prepareDeletion(_ id: Int64) -> Bool {
        guard let index = document.index(of: id), let title = document.item(id)?.title else { return false }
        if let neighbour = neighbour(after: index, gone: false) {
            list.say(Self.deletedNotice(title), whenFocusing: neighbour)
        }
        return true
    }

    /// The deletion was saved: a sound, the notice with Undo, the focus on the row that took
    /// its place.
    func deletionSaved(_ item: TodoItem, formerIndex index: Int) {
        let neighbour = neighbour(after: index, gone: true)
        host.sounds.play(.delete)
        host.notice.show(Self.deletedNotice(item.title), undoable: true, announce: neighbour == nil)
        if let neighbour { focus(neighbour) }
    }

    /// What the notice and the row that takes the focus say of a deletion.
    private static func deletedNotice(_ title: String) -> String {
        tr("Deleted “{title}”", ["title": title])
    }

    /// The item that takes the focus from the one at `index`: the next, or the one before at the
    /// end; `gone` once the item has left the list.
    private func neighbour(after index: Int, gone: Bool) -> Int64? {
        let next = gone ? index : index + 1
        let before = index - 1
        if document.items.indices.contains(next) { return document.items[next].id }
        return document.items.indices.contains(before) ? document.items[before].id : nil
    }

    /// Removes every completed item in one undoable step, its rows collapsing first, and says
    /// how many went.
    func clearCompleted() {
        let completed = Set(document.items.filter(\.isCompleted).compactMap(\.id))
        guard !completed.isEmpty else { return }
        let document = self.document
        list.collapser.collapse(completed) { [weak self] in
            // Another list may have been opened while the rows collapsed: that one is not cleared.
            guard let self, self.document === document else { return }
            self.removeCompleted()
        }
    }

    private func removeCompleted() {
        host.runner.run(.clearCompleted, on: self)
    }

    func clearSaved(count: Int) {
        guard count > 0 else { return }  // The action is disabled then; a race is not worth a notice.
        host.sounds.play(.clear)
        host.notice.show(trPlural("Cleared {count} completed item", "Cleared {count} completed items", count,
                                  ["count": countText(count)]), undoable: true)
    }

    /// Moves the item to `index` of its list, in one transaction. While completed items sink,
    /// no further than the line between the open and the completed ones (the user guide's rule,
    /// which Alt+End and a dropped row broke).
    func move(_ id: Int64, to index: Int) {
        let index = completedItemsSink ? document.indexKeepingCompletedBelow(moving: id, to: index) : index
        host.runner.run(.move(itemID: id, toIndex: index), on: self)
    }

    /// Where a new row asked for at `index` opens: while completed items sink, no lower than
    /// just below the last open item (Ctrl+Return on a completed row, a pinch between two).
    func placeForNewRow(_ index: Int) -> Int {
        completedItemsSink ? document.indexKeepingCompletedBelow(newItemAt: index) : index
    }

    /// The preference: completed items sink below the open ones (the default).
    var completedItemsSink: Bool {
        host.windowState.bool("completed-items-sink", fallback: true)
    }

    /// Adds an item at the top, as New Item does (`flick --add`, app.add-item): an edit in
    /// progress is committed first (moving the row being edited while its entry has the focus
    /// upsets GtkListView 4.8's focus tracking), then the item is stored, its trailing date
    /// phrase, priority and tags read (`QuickEntry`), and it takes the focus. Its id, or nil when nothing was added.
    func addAtTop(_ title: String) -> Int64? {
        guard !title.isEmpty, mayAddRow(), list.commitCurrentEdit() else { return nil }
        var added: TodoItem?
        host.runner.perform { added = try self.document.insert(title: title, at: 0) }
        guard let id = added?.id else { return nil }
        host.runner.perform { try self.applyQuickEntry(to: id) }
        focus(id)
        return id
    }

    func undo() {
        host.runner.run(.undo, on: self)
    }

    func redo() {
        host.runner.run(.redo, on: self)
    }

    /// Puts the focus on the item an undo or redo brought back or changed.
    func focusAfter(_ edit: ListEdit) {
        switch edit {
        case let .insert(item, _), let .delete(item, _):
            if let id = item.id, document.index(of: id) != nil { focus(id) }
        case let .rename(id, _, _), let .setCompleted(id, _, _), let .move(id, _, _), let .update(id, _, _):
            focus(id)
        case let .moveOut(item, _, _), let .moveIn(item, _, _):
            if let id = item.id, document.index(of: id) != nil { focus(id) }
        case let .sequence(edits):
            for part in edits { focusAfter(part) }
        case let .deleteAll(placed), let .insertAll(placed):
            if let id = nearestRow(among: Set(placed.compactMap(\.item.id))) { focus(id) }
        case let .setCompletedAll(ids, _), let .updateAll(ids, _, _):
            if let id = nearestRow(among: Set(ids)) { focus(id) }
        case .setCompletedBelow, .deleteBelow, .restoreBelow, .moveBelow:
            break  // Subtasks, on a level of their own.
        case .reorder:
            // A sort or its undo: the focus stays on the item it was on, wherever that went.
            if let id = focusedItemID { focus(id) }
        }
    }

    /// Of the rows `ids` (the items a Clear Completed's undo put back, say), the one nearest the
    /// focused row, looking outwards from it; nil when none is in the list. The focus then stays
    /// where the user was: on a long list, the first of them may be thousands of rows away.
    private func nearestRow(among ids: Set<Int64>) -> Int64? {
        let rows = document.items
        let anchor = focusedItemID.flatMap { document.index(of: $0) } ?? 0
        for distance in 0..<rows.count {
            if anchor - distance >= 0, ids.contains(rows[anchor - distance].id) { return rows[anchor - distance].id }
            if anchor + distance < rows.count, ids.contains(rows[anchor + distance].id) { return rows[anchor + distance].id }
        }
        return nil
    }
}
