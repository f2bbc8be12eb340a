@preconcurrency import CGtk
import FlickCore

/// Editing titles with the list's one editor: a row's title, or a new row that is stored with
/// its title when the edit is committed. The level stores what was typed.
extension GestureList {
    /// The row whose title is being edited (nil for a new row, or no edit).
    var editingID: Int64? { editor.target?.itemID }

    package var isEditing: Bool { editor.target != nil }

    func startEditing(_ id: Int64) {
        guard !isDestroyed else { return }
        guard !listGuard.isInside else {
            listGuard.whenOutside { [weak self] in self?.startEditing(id) }
            return
        }
        guard editor.target != .item(id) else { return }
        guard commitCurrentEdit(), let title = level.editableTitle(of: id) else { return }
        driver.closeAll()
        editor.begin(.item(id), text: title)
        focus(id)
        if let row = boundRows[id] { refresh(row, id: id) }
        focusEditorOnceShown()
    }

    /// Opens a new, empty row at `index` for typing. Nothing is stored until the edit is
    /// committed with a title.
    func startNewRow(at index: Int) {
        guard !isDestroyed else { return }
        guard !listGuard.isInside else {
            listGuard.whenOutside { [weak self] in self?.startNewRow(at: index) }
            return
        }
        guard commitCurrentEdit(), level.mayAddRow() else { return }
        driver.closeAll()
        let index = level.placeForNewRow(min(max(index, 0), level.rowCount))
        editor.begin(.newItem(at: index), text: "")
        model.showPlaceholder(.newItem, at: index)
        level.rowCountChanged()
        model.selectPlaceholder()
        scrollTo(rowPosition: index)
        focusEditorOnceShown()
    }

    /// Commits the edit in progress; false when it could not be saved (the editor stays,
    /// with what was typed, and the window says why).
    @discardableResult
    func commitCurrentEdit() -> Bool {
        guard isEditing else { return true }
        commitEdit(text: editor.text)
        return !isEditing
    }

    func commitEdit(text: String) {
        guard let target = editor.target else { return }
        let title = ItemText.normalised(text)
        switch target {
        case let .item(id):
            guard level.commitTitle(title, of: id) else { return }
            endEdit()
            focus(id)
        case let .newItem(index):
            commitNewRow(at: index, title: title)
        }
    }

    /// Ctrl+Return while a title is typed: commits the edit and opens a new row next to the
    /// edited one, below (`offset` 1) or above (0), so items can be typed one after another.
    /// An item whose title was emptied is removed by the commit, and the new row takes its
    /// place. An empty new row stays as it is: there is nothing to commit and nothing to insert
    /// next to. A save that fails keeps the editor, with its notice, and opens nothing
    /// (`startNewRow`).
    func commitEditAndInsert(offset: Int) {
        guard let target = editor.target else { return }
        let isEmpty = ItemText.normalised(editor.text).isEmpty
        let position: Int
        switch target {
        case let .item(id):
            guard let index = level.rowIndex(of: id) else { return }
            position = isEmpty ? index : index + offset
        case let .newItem(index):
            // Committed, the new row's item takes its place.
            guard !isEmpty else { return }
            position = index + offset
        }
        startNewRow(at: position)
    }

    private func commitNewRow(at index: Int, title: String) {
        guard !title.isEmpty else {
            cancelEdit()
            return
        }
        // The new row gives way to the stored one in the same model change; if the save
        // fails, nothing changed and the editor stays in that row with what was typed.
        isStoringNewRow = true
        let created = level.commitNewRow(titled: title, at: index)
        isStoringNewRow = false
        guard let created else { return }
        endEdit()
        focus(created)
    }

    func cancelEdit() {
        guard let target = editor.target else { return }
        endEdit()
        switch target {
        case let .item(id):
            focus(id)
        case let .newItem(index):
            if model.placeholder?.kind == .newItem { model.hidePlaceholder() }
            level.rowCountChanged()
            focus(nearIndex: index)
        }
    }

    /// Ends the edit: the editor leaves its row and the row shows its title again.
    func endEdit() {
        let target = editor.target
        editor.end()
        editorAwaitsFocus = false
        if let id = target?.itemID, let row = boundRows[id] { refresh(row, id: id) }
    }

    // MARK: The new row

    /// Shows the new row, with the editor in it (inside `bind`: no focus here).
    func refreshNewRow() {
        guard let row = newRowWidget, let position = model.placeholder?.position else { return }
        row.showNewRow(title: words.newRow, position: position, count: level.rowCount + 1)
        if case .newItem? = editor.target {
            row.showEditor(editor)
            focusEditorOnceShown()
        }
    }

    /// Keeps the edit in step with a change made elsewhere (a sync, `flick --add`, D-Bus): a
    /// row removed while edited ends its edit; a new row being typed stays where it was among
    /// the rows (the model dropped its row for the change; it comes back).
    func followEdit(through change: ListChange) {
        if let id = editingID, level.rowIndex(of: id) == nil {
            endEdit()
            return
        }
        guard !isStoringNewRow, case let .newItem(index)? = editor.target else { return }
        var moved = index
        switch change {
        case let .inserted(at) where at <= index: moved += 1
        case let .removed(at) where at < index: moved -= 1
        case let .moved(from, to):
            // Out at `from`, then in at `to`, which puts it above the new row when they meet.
            if from < moved { moved -= 1 }
            if to <= moved { moved += 1 }
        default: break
        }
        moved = min(max(moved, 0), level.rowCount)
        editor.retarget(.newItem(at: moved))
        model.showPlaceholder(.newItem, at: moved)
    }

    // MARK: Focus

    /// Gives the editor the keyboard focus once its row is bound and mapped. It waits on the
    /// main loop, after GTK's layout, and never runs inside `bind`: grabbing the focus there
    /// makes the list bind again, without end on a long list (`ListCallbackGuard`).
    func focusEditorOnceShown() {
        guard !editorAwaitsFocus else { return }
        editorAwaitsFocus = true
        tryToFocusEditor(framesLeft: Self.editorFocusFrames)
    }

    /// The list view position of the row being edited.
    var editedRowPosition: Int? {
        switch editor.target {
        case let .item(id)?: return level.rowIndex(of: id).map { model.rowPosition(ofItemAt: $0) }
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
