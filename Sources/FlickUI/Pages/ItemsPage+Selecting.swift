@preconcurrency import CGtk
import FlickCore

/// Selecting several items and acting on them in one step. The selection is ids
/// (`ItemSelection`): it survives what moves rows (a sync, a sort, an undo) and loses the items
/// that leave the list. While there is one, the header shows its count and actions
/// (`SelectionBar`); Space, Delete, Ctrl+Shift+P and Ctrl+Shift+M on a selected row, and a swipe
/// right on one, act on all of it. Escape ends it.
extension ItemsPage {
    var isSelecting: Bool { !selection.isEmpty }

    /// A list, Today, a search and subtasks select; Upcoming, whose rows are days' and
    /// occurrences' as well as items', does not.
    var canSelect: Bool { screen.rowsCanBeSelected }

    /// Shift+Up / Shift+Down: the focus goes one row on and the selection stretches from where
    /// it began (the focused row, when there was none) to there.
    func extendSelection(by step: Int) -> Bool {
        guard canSelect, list.commitCurrentEdit(), let id = focusedItemID, let index = document.index(of: id) else { return false }
        let order = document.items.map(\.id)
        if selection.isEmpty { selection.toggle(id) }
        let next = min(max(index + step, 0), order.count - 1)
        selection.extend(to: order[next], in: order)
        focus(order[next])
        selectionChanged()
        return true
    }

    /// Ctrl+A: every open item of the list.
    func selectAllOpen() -> Bool {
        guard canSelect, list.commitCurrentEdit() else { return false }
        selection.select(document.items.filter { !$0.isCompleted }.map(\.id))
        selectionChanged()
        return true
    }

    /// Escape, or the bar's Done: the rows go back to unselected.
    func endSelection() -> Bool {
        guard isSelecting else { return false }
        selection.clear()
        selectionChanged()
        return true
    }

    /// Ctrl+click toggles the row, Shift+click stretches the selection to it; the row takes
    /// the focus, as a click gives it.
    func modifiedClick(_ id: Int64, extending: Bool) -> Bool {
        guard canSelect, document.index(of: id) != nil, list.commitCurrentEdit() else { return false }
        if extending, selection.anchor == nil, let focused = focusedItemID, focused != id { selection.toggle(focused) }
        if extending { extendSelection(to: id) } else { toggleSelection(of: id) }
        focus(id)
        return true
    }

    /// A long press let go without moving (touch's way in): the row joins the selection or
    /// leaves it, as a Ctrl+click does.
    func heldStill(_ id: Int64) {
        toggleSelection(of: id)
    }

    /// The row menu's Select: selection starts (or goes on) with this row in it and the menu
    /// closes; taps then toggle rows, as after a hold in place. A row selected already stays.
    func selectFromMenu(_ id: Int64) {
        list.driver.closeMenu()
        guard canSelect, document.index(of: id) != nil else { return }
        if !selection.contains(id) { toggleSelection(of: id) }
        focus(id)
    }

    /// While items are selected, a tap toggles the row (touch's selection, begun by a hold),
    /// and a click with a mouse selects that row alone, as a file manager does: after Ctrl+A, a
    /// click on one row then Delete deleted every item. Otherwise a tap does what it did.
    func tapped(_ id: Int64, byTouch: Bool) {
        guard isSelecting else { return }
        if byTouch { return toggleSelection(of: id) }
        guard canSelect, document.index(of: id) != nil else { return }
        selection.selectOnly(id)
        selectionChanged()
    }

    /// Ctrl+click, or a tap while selecting: the row joins the selection or leaves it.
    func toggleSelection(of id: Int64) {
        guard canSelect, document.index(of: id) != nil else { return }
        selection.toggle(id)
        selectionChanged()
    }

    /// Shift+click: from where the selection began to this row.
    func extendSelection(to id: Int64) {
        guard canSelect, document.index(of: id) != nil else { return }
        selection.extend(to: id, in: document.items.map(\.id))
        selectionChanged()
    }

    /// Whether a gesture on this row (a swipe, its menu's button) acts on the whole selection:
    /// the row is in it. On a row outside it, the gesture acts on that row alone.
    func actsOnSelection(_ id: Int64) -> Bool {
        selection.contains(id)
    }

    /// Space or Delete while items are selected: on all of them.
    func actOnSelection(by key: SelectionKey) -> Bool {
        guard isSelecting else { return false }
        switch key {
        case .complete: completeSelection()
        case .delete: actOnSelection(.delete)
        }
        return true
    }

    /// Does `action` to every selected item, as one undoable step.
    func actOnSelection(_ action: BulkAction) {
        guard isSelecting, host.isShown(self), list.commitCurrentEdit() else { return }
        list.driver.closeAll()
        host.runner.run(.many(itemIDs: selection.ordered(in: document.items.map(\.id)), action), on: self)
    }

    /// Completes the selected items; when all of them are completed already, reopens them.
    func completeSelection() {
        let allDone = selection.ids.allSatisfy { document.item($0)?.isCompleted ?? true }
        actOnSelection(.setCompleted(!allDone, sinking: completedItemsSink))
    }

    func postponeSelection() {
        actOnSelection(.postpone(postponeTarget, today: DueDate.today()))
    }

    /// The lists the selection may go to (Move to…), at the focused row or the list's top.
    func askWhereToMoveSelection() {
        guard isSelecting, host.isShown(self), list.commitCurrentEdit() else { return }
        list.driver.closeAll()
        let others = lists.summaries.map(\.list).filter { $0.id != document.list.id }
        let readOnly = (try? host.store.readOnlyListIDs()) ?? []
        let writable = others.filter { !readOnly.contains($0.id ?? -1) }
        guard !writable.isEmpty else {
            host.notice.show(tr("There is no other list to move them to"), undoable: false)
            return
        }
        let anchor = focusedItemID.flatMap { selection.contains($0) ? $0 : nil } ?? selection.ordered(in: document.items.map(\.id)).first
        let rect = anchor.map { list.rectangle(ofRowOf: $0) } ?? GdkRectangle(x: 0, y: 0, width: 1, height: 1)
        MoveToListPopover.present(on: list.listView, at: rect, lists: writable) { [weak self] target in
            if let id = target.id { self?.actOnSelection(.moveToList(id)) }
        }
    }

    /// A bulk action was saved: the notice names the count (and Undo), which Orca hears.
    func bulkSaved(_ action: BulkAction, count: Int) {
        guard count > 0 else {
            host.notice.show(tr("Nothing to change: the selected items are like that already"), undoable: false)
            return
        }
        host.notice.show(SelectionText.notice(for: action, count: count, listName: { self.lists.name(of: $0) ?? "" }),
                         undoable: true)
    }

    /// After a change: items that left the list leave the selection.
    func dropVanishedFromSelection() {
        let here = Set(document.items.map(\.id))
        if selection.keepOnly(here.contains) { selectionChanged() }
    }

    /// The rows, the header's bar and what Orca hears follow the selection.
    func selectionChanged() {
        list.choose(selection.ids)
        list.refreshAllRows()
        if isSelecting {
            let bar = madeSelectionBar ?? SelectionBar(page: self)
            madeSelectionBar = bar
            bar.show(count: selection.count)
        }
        host.pageChanged()
        Announcer.say(SelectionText.count(selection.count), from: list.listView)
    }

    /// The header's middle while items are selected: the bar, else nothing (the title).
    var selectionBar: UnsafeMutablePointer<GtkWidget>? {
        isSelecting ? madeSelectionBar?.root : nil
    }
}
