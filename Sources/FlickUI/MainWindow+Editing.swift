@preconcurrency import CGtk
import FlickCore

/// Editing titles with the list's one editor: an item's title, or a new item that is stored
/// with its title when the edit is committed.
extension MainWindow {
    /// The item whose title is being edited (nil for a new item, or no edit).
    var editingItemID: Int64? { editor.target?.itemID }

    var isEditing: Bool { editor.target != nil }

    func startEditing(_ id: Int64) {
        guard !isDestroyed else { return }
        guard !listGuard.isInside else {
            listGuard.whenOutside { [weak self] in self?.startEditing(id) }
            return
        }
        guard editor.target != .item(id) else { return }
        guard commitCurrentEdit(), let item = document.item(id) else { return }
        driver.closeAll()
        editor.begin(.item(id), text: item.title)
        focus(id)
        if let row = boundRows[id] { refresh(row, id: id) }
        focusEditorOnceShown()
    }

    /// Opens a new, empty item at `index` for typing. Nothing is stored until the edit is
    /// committed with a title.
    func startNewItem(at index: Int) {
        guard !isDestroyed else { return }
        guard !listGuard.isInside else {
            listGuard.whenOutside { [weak self] in self?.startNewItem(at: index) }
            return
        }
        guard commitCurrentEdit() else { return }
        driver.closeAll()
        let index = min(max(index, 0), document.items.count)
        editor.begin(.newItem(at: index), text: "")
        model.showPlaceholder(.newItem, at: index)
        updateEmptyState()
        model.selectPlaceholder()
        scrollTo(rowPosition: index)
        focusEditorOnceShown()
    }

    /// Commits the edit in progress; false when it could not be saved (the editor stays,
    /// with what was typed, and the problem notice says why).
    @discardableResult
    func commitCurrentEdit() -> Bool {
        guard isEditing else { return true }
        commitEdit(text: editor.text)
        return !isEditing
    }

    /// Retry after a failed save: commits the edit again, with what is in the editor now.
    func retryEdit() {
        commitCurrentEdit()
    }

    func commitEdit(text: String) {
        guard let target = editor.target else { return }
        let title = ItemText.normalised(text)
        switch target {
        case let .item(id):
            commitRename(id, to: title)
        case let .newItem(index):
            commitNewItem(at: index, title: title)
        }
    }

    private func commitRename(_ id: Int64, to title: String) {
        guard !title.isEmpty else {
            // An empty title removes the item, with Undo, as Delete does.
            endEdit()
            delete(id)
            return
        }
        guard perform(retry: { [weak self] in self?.retryEdit() }, { try self.document.rename(id, to: title) }) else {
            return
        }
        endEdit()
        focus(id)
    }

    private func commitNewItem(at index: Int, title: String) {
        guard !title.isEmpty else {
            cancelEdit()
            return
        }
        // The new item's row gives way to the stored item in the same model change; if the
        // save fails, nothing changed and the editor stays in that row with what was typed.
        isStoringNewItem = true
        var created: TodoItem?
        let saved = perform(retry: { [weak self] in self?.retryEdit() }) {
            created = try self.document.insert(title: title, at: index)
        }
        isStoringNewItem = false
        guard saved, let id = created?.id else { return }
        endEdit()
        focus(id)
    }

    func cancelEdit() {
        guard let target = editor.target else { return }
        endEdit()
        switch target {
        case let .item(id):
            focus(id)
        case let .newItem(index):
            if model.placeholder?.kind == .newItem { model.hidePlaceholder() }
            updateEmptyState()
            if document.items.isEmpty {
                gtk_widget_grab_focus(listView)
            } else {
                focus(document.items[min(index, document.items.count - 1)].id!)
            }
        }
    }

    /// Ends the edit: the editor leaves its row and the row shows its title again.
    func endEdit() {
        let target = editor.target
        editor.end()
        editorAwaitsFocus = false
        if let id = target?.itemID, let row = boundRows[id] { refresh(row, id: id) }
    }

    // MARK: The new item's row

    /// Shows the new item's row, with the editor in it (inside `bind`: no focus here).
    func refreshNewItemRow() {
        guard let row = newItemRow, let position = model.placeholder?.position else { return }
        row.showNewItem(position: position, count: document.items.count + 1)
        if case .newItem? = editor.target {
            row.showEditor(editor)
            focusEditorOnceShown()
        }
    }

    /// Keeps the edit in step with a change made elsewhere (a sync, `flick --add`, D-Bus): an
    /// item removed while edited ends its edit; a new item being typed stays where it was
    /// among the items (the model dropped its row for the change; it comes back).
    func followEdit(through change: ListChange) {
        if let id = editingItemID, document.index(of: id) == nil {
            endEdit()
            return
        }
        guard !isStoringNewItem, case let .newItem(index)? = editor.target else { return }
        var moved = index
        switch change {
        case let .inserted(at) where at <= index: moved += 1
        case let .removed(at) where at < index: moved -= 1
        case let .moved(from, to):
            // Out at `from`, then in at `to`, which puts it above the new item when they meet.
            if from < moved { moved -= 1 }
            if to <= moved { moved += 1 }
        default: break
        }
        moved = min(max(moved, 0), document.items.count)
        editor.retarget(.newItem(at: moved))
        model.showPlaceholder(.newItem, at: moved)
    }

    // MARK: Focus

    /// Gives the editor the keyboard focus once its row is bound and mapped. It waits on the
    /// main loop, after GTK's layout, and never runs inside `bind`: grabbing the focus there
    /// makes the list bind again, without end on a long list (issue 13).
    func focusEditorOnceShown() {
        guard !editorAwaitsFocus else { return }
        editorAwaitsFocus = true
        tryToFocusEditor(framesLeft: Self.editorFocusFrames)
    }

    /// The list view position of the row being edited.
    private var editedRowPosition: Int? {
        switch editor.target {
        case let .item(id)?: return document.index(of: id).map { model.rowPosition(ofItemAt: $0) }
        case .newItem?: return model.placeholder?.position
        case nil: return nil
        }
    }

    /// About a second of frames: a row scrolled to is laid out within one or two.
    private static var editorFocusFrames: Int { 60 }

    private func tryToFocusEditor(framesLeft: Int) {
        MainLoop.idle { [weak self] in
            guard let self, self.editorAwaitsFocus else { return }
            if !self.isEditing || self.editor.focus() || framesLeft == 0 {
                self.editorAwaitsFocus = false
            } else {
                // GTK 4.8 scrolls only to rows it has laid out: a row inserted just now (or
                // far away) may need a second request once it has been.
                if let position = self.editedRowPosition { self.scrollTo(rowPosition: position) }
                MainLoop.after(seconds: 1.0 / 60) { [weak self] in self?.tryToFocusEditor(framesLeft: framesLeft - 1) }
            }
        }
    }
}
