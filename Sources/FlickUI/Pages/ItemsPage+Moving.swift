@preconcurrency import CGtk
import FlickCore

/// Moving an item to another list: the row menu's Move button and Ctrl+Shift+M open a popover
/// of the other lists at the item's row; the move is one undoable step.
extension ItemsPage {
    func askWhereToMoveFocused() {
        if isSelecting { return askWhereToMoveSelection() }
        if let id = focusedItemID { askWhereToMove(id) }
    }

    func askWhereToMove(_ id: Int64) {
        // The menu's Move on a selected row: all of the selection.
        if actsOnSelection(id) { return askWhereToMoveSelection() }
        guard host.isShown(self), list.commitCurrentEdit(), document.index(of: id) != nil else { return }
        list.driver.closeAll()
        let candidates = lists.summaries.map(\.list).filter { $0.id != document.list.id }
        // A calendar the account may only read would refuse the item.
        let readOnly = (try? host.store.readOnlyListIDs()) ?? []
        let others = candidates.filter { !readOnly.contains($0.id ?? -1) }
        guard !others.isEmpty else {
            host.notice.show(candidates.isEmpty ? tr("There is no other list yet: Ctrl+Shift+N makes one")
                                                : tr("The other lists are read-only on their server: nothing can be moved to them"),
                             undoable: false)
            return
        }
        focus(id)
        MoveToListPopover.present(on: list.listView, at: list.rectangle(ofRowOf: id), lists: others) { [weak self] target in
            self?.move(id, to: target)
        }
    }

    /// Moves the item to another list, one undoable step, and says so. A selected item carried
    /// up and dropped on a list takes the selection with it.
    func move(_ id: Int64, to target: TodoList) {
        guard let listID = target.id else { return }
        // Not `actOnSelection`: carried up, this page is not the one shown.
        if actsOnSelection(id) {
            host.runner.run(.many(itemIDs: selection.ordered(in: document.items.map(\.id)), .moveToList(listID)), on: self)
            return
        }
        host.runner.run(.moveToList(itemID: id, listID: listID), on: self)
    }

    /// The move was saved: the notice names the list, and the row that took its place has the
    /// focus.
    func movedAway(_ item: TodoItem, formerIndex index: Int, to listID: Int64) {
        let name = lists.name(of: listID) ?? ""
        host.notice.show(tr("Moved “{title}” to {list}", ["title": item.title, "list": name]), undoable: true)
        if !document.items.isEmpty { focus(document.items[min(index, document.items.count - 1)].id) }
    }
}
