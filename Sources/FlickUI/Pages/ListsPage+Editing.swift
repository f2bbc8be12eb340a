@preconcurrency import CGtk
import FlickCore

/// What changes the lists: make, rename, complete every item of, move, delete, undo. Each is
/// one change, run by the host's runner with a way to try again.
extension ListsPage {
    /// The overview's row menu names its list, so it works on any row, focused or not.
    func perform(_ action: RowAction, on id: Int64) -> Bool {
        switch action {
        case .completeList:
            list.driver.closeMenu()
            completeAllItems(ofList: id)
        case .renameList: list.startEditing(id)
        case .deleteList: deleteList(id)
        default: return false
        }
        return true
    }

    /// Ctrl+Shift+N asks for a new list from any page; the menu's Rename and Delete act on
    /// the focused list.
    func perform(_ action: PageAction) {
        switch action {
        case .newList: askForNewList()
        case .renameFocusedList: renameFocusedList()
        case .deleteFocusedList: deleteFocusedList()
        default: break
        }
    }

    func askForNewList() {
        ListNameDialog.present(over: host.window, heading: tr("New List"), name: "", confirm: tr("C_reate")) { [weak self] name in
            // Ctrl+Shift+N: the new list is made at the top and opened.
            guard let self, let id = self.createList(named: name, at: 0) else { return }
            self.host.go(to: .list(id))
        }
    }

    /// Stores a new list at `index` of the overview; its id, or nil if it could not be saved.
    func createList(named name: String, at index: Int) -> Int64? {
        var created: TodoList?
        host.runner.perform(retry: { [weak self] in self?.list.commitCurrentEdit() }) {
            created = try self.document.create(name: name, at: index)
        }
        return created?.id
    }

    /// F2: the focused list's name is edited in its row.
    func renameFocusedList() {
        if let id = focusedListID { list.startEditing(id) }
    }

    /// Stores the list's new name; false if it could not be saved.
    func renameList(_ id: Int64, to name: String) -> Bool {
        guard host.runner.perform(retry: { [weak self] in self?.list.commitCurrentEdit() }, {
            try self.document.rename(id, to: name)
        }) else { return false }
        return true
    }

    /// A rightward drag on a list, Space or its menu: every unfinished item of the list is
    /// completed, in one undoable step.
    func completeAllItems(ofList id: Int64) {
        host.runner.run(.completeAll(listID: id), on: self)
    }

    func completedAll(_ count: Int, ofList id: Int64) {
        guard count > 0, let name = document.name(of: id) else { return }
        host.sounds.play(.complete)
        host.notice.show(trPlural("Completed {count} item in “{list}”", "Completed {count} items in “{list}”", count,
                                  ["count": countText(count), "list": name]), undoable: true)
    }

    /// Moves the list to `index` of the overview, in one transaction.
    func moveList(_ id: Int64, to index: Int) {
        host.runner.run(.move(listID: id, toIndex: index), on: self)
    }

    func deleteFocusedList() {
        if let id = focusedListID { deleteList(id) }
    }

    /// Deletes the list and its items, with Undo; the last list stays.
    func deleteList(_ id: Int64) {
        host.runner.run(.delete(listID: id), on: self)
    }

    func deletedList(_ deleted: TodoList, formerIndex index: Int) {
        host.sounds.play(.delete)
        host.notice.show(tr("Deleted list “{name}”", ["name": deleted.name]), undoable: true)
        let summaries = document.summaries
        if let next = summaries[min(index, summaries.count - 1)].list.id { focus(next) }
    }

    /// Undo and redo on the overview act on the lists.
    func undo(redo: Bool) {
        host.runner.run(redo ? .redo : .undo, on: self)
    }

    func undone(_ edit: ListsEdit) {
        host.notice.hide()
        switch edit {
        case let .insert(list, _, _), let .delete(list, _, _):
            guard let id = list.id else { return }
            if document.index(of: id) != nil { focus(id) }
        case let .rename(id, _, _), let .move(id, _, _), let .completeAll(id, _), let .reopenAll(id, _):
            // A page showing the list takes the change in from the store's commit, with its undo
            // history.
            focus(id)
        }
    }

    /// Reads the lists and the counts again: a sync or an import may have changed any.
    func readAgain() {
        host.runner.refresh {
            try self.document.readAgain()
            try self.refreshCounts()
        }
    }
}
