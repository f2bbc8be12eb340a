@preconcurrency import CGtk
import FlickCore

/// Moving an item to another list: the row menu's Move button and Ctrl+Shift+M open a popover
/// of the other lists at the item's row; the move is one undoable step.
extension MainWindow {
    func askWhereToMoveFocused() {
        if let id = focusedItemID { askWhereToMove(id) }
    }

    func askWhereToMove(_ id: Int64) {
        guard !isShowingOverview, commitCurrentEdit(), document.index(of: id) != nil else { return }
        driver.closeAll()
        let lists = listsPage.document.summaries.map(\.list).filter { $0.id != document.list.id }
        // A calendar the account may only read would refuse the item (issue 34).
        let readOnly = (try? store.readOnlyListIDs()) ?? []
        let others = lists.filter { !readOnly.contains($0.id ?? -1) }
        guard !others.isEmpty else {
            notice.show(lists.isEmpty ? tr("There is no other list yet: Ctrl+Shift+N makes one")
                                      : tr("The other lists are read-only on their server: nothing can be moved to them"),
                        undoable: false)
            return
        }
        focus(id)
        MoveToListPopover.present(on: itemList.listView, at: itemList.rectangle(ofRowOf: id), lists: others) { [weak self] list in
            self?.move(id, to: list)
        }
    }

    /// Moves the item to another list, one undoable step, and says so.
    func move(_ id: Int64, to list: TodoList) {
        guard let index = document.index(of: id), let listID = list.id else { return }
        let title = document.items[index].title
        guard perform(retry: { [weak self] in self?.move(id, to: list) }, { try self.document.move(id, toList: listID) }) else {
            return
        }
        notice.show(tr("Moved “{title}” to {list}", ["title": title, "list": list.name]), undoable: true)
        if !document.items.isEmpty, let next = document.items[min(index, document.items.count - 1)].id { focus(next) }
    }
}
