@preconcurrency import CGtk
import FlickCore
import Foundation

/// The window's actions (`win.*`): every list operation the keyboard, the menus and D-Bus reach.
extension MainWindow {
    func installActions() {
        let application = gtk_window_get_application(cast(window))!
        Actions.add([
            .init(name: "new-item", accelerators: ["<Control>n"]) { [weak self] in
                guard let self else { return }
                // On the overview, + and Ctrl+N make a list, as they make an item in a list.
                if self.isShowingOverview { self.askForNewList() } else { self.itemList.startNewRow(at: 0) }
            },
            .init(name: "insert-below", accelerators: ["<Control>Return", "<Control>KP_Enter"]) { [weak self] in
                self?.insertNextToFocus(offset: 1)
            },
            .init(name: "insert-above", accelerators: ["<Control><Shift>Return", "<Control><Shift>KP_Enter"]) { [weak self] in
                self?.insertNextToFocus(offset: 0)
            },
            .init(name: "edit", accelerators: []) { [weak self] in self?.editFocused() },
            .init(name: "toggle-complete", accelerators: ["<Control>d"]) { [weak self] in self?.toggleFocused() },
            .init(name: "delete", accelerators: []) { [weak self] in self?.deleteFocused() },
            .init(name: "move-up", accelerators: ["<Alt>Up"]) { [weak self] in self?.moveFocused(by: -1) },
            .init(name: "move-down", accelerators: ["<Alt>Down"]) { [weak self] in self?.moveFocused(by: 1) },
            .init(name: "move-to-top", accelerators: ["<Alt>Home"]) { [weak self] in self?.moveFocused(toEnd: false) },
            .init(name: "move-to-bottom", accelerators: ["<Alt>End"]) { [weak self] in self?.moveFocused(toEnd: true) },
            .init(name: "move-to-list", accelerators: ["<Control><Shift>m"]) { [weak self] in self?.askWhereToMoveFocused() },
            .init(name: "clear-completed", accelerators: ["<Control><Shift>Delete"]) { [weak self] in
                self?.clearCompleted()
            },
            .init(name: "search", accelerators: ["<Control>f"]) { [weak self] in self?.startSearch() },
            .init(name: "close", accelerators: ["<Control>w"]) { [weak self] in
                guard let self else { return }
                gtk_window_close(cast(self.window))
            },
            .init(name: "undo", accelerators: ["<Control>z"]) { [weak self] in self?.undo() },
            .init(name: "redo", accelerators: ["<Control><Shift>z"]) { [weak self] in self?.redo() },
            .init(name: "preferences", accelerators: ["<Control>comma"]) { [weak self] in
                guard let self else { return }
                PreferencesWindow.present(over: self.window, settings: self.windowState.gSettings) { [weak self] in
                    self?.onItemsChanged?()  // The reminders look again at whether to keep Flick running.
                }
            },
            .init(name: "shortcuts", accelerators: ["<Control>question"]) { [weak self] in
                guard let self else { return }
                ShortcutsWindow.present(over: self.window)
            },
            .init(name: "details", accelerators: ["<Control>i"]) { [weak self] in
                guard let self, !self.isShowingOverview, let id = self.itemList.focusedID else { return }
                self.showDetails(id)
            },
            .init(name: "open-menu", accelerators: []) { [weak self] in
                guard let self, let id = self.shownList.focusedID else { return }
                self.shownList.driver.openMenu(id, fromKeyboard: true)
            },
            .init(name: "close-menu", accelerators: []) { [weak self] in self?.shownList.driver.closeMenu() },
        ], to: OpaquePointer(window), prefix: "win", application: application)
        // The row menu's buttons name their item, so they work on any row, focused or not.
        Actions.addItemActions([
            .init(name: "toggle-complete-item") { [weak self] id in
                self?.driver.closeMenu()
                self?.toggle(id)
            },
            .init(name: "edit-item") { [weak self] id in self?.itemList.startEditing(id) },
            .init(name: "show-item-details") { [weak self] id in
                self?.driver.closeMenu()
                self?.showDetails(id)
            },
            .init(name: "delete-item") { [weak self] id in self?.delete(id) },
            .init(name: "move-item-to-list") { [weak self] id in self?.askWhereToMove(id) },
            .init(name: "open-item-menu") { [weak self] id in self?.driver.openMenu(id, fromKeyboard: true) },
        ], to: OpaquePointer(window))
    }

    /// The gesture list of the level shown: the focused-row actions act on it, so the same
    /// keys work on items and on lists.
    var shownList: GestureList { isShowingOverview ? listsPage.list : itemList }

    /// Ctrl+Return, Ctrl+Shift+Return. While a title is typed, next to the row being edited
    /// (the focused row is another then, or none in a new row), once it is saved.
    private func insertNextToFocus(offset: Int) {
        let list = shownList
        if list.isEditing { return list.commitEditAndInsert(offset: offset) }
        let focused = list.focusedID.flatMap { list.level.rowIndex(of: $0) }
        list.startNewRow(at: focused.map { $0 + offset } ?? list.level.rowCount)
    }

    func editFocused() {
        if let id = shownList.focusedID { shownList.startEditing(id) }
    }

    func toggleFocused() {
        if let id = shownList.focusedID { shownList.level.swipedRight(id) }
    }

    /// Completes or reopens the item. A failure leaves it as stored; Retry tries again.
    func toggle(_ id: Int64) {
        if let item = document.item(id) { setCompleted(id, !item.isCompleted) }
    }

    /// Completes the item if it is open (a reminder's Complete button).
    func complete(_ id: Int64) {
        if document.item(id)?.isCompleted == false { setCompleted(id, true) }
    }

    /// Items of a list not shown were changed outside the window: the overview's counts (and
    /// Today's) are read again.
    func itemsChangedElsewhere() {
        perform(retry: nil) { try self.listsPage.refreshCounts() }
    }

    private func setCompleted(_ id: Int64, _ completed: Bool) {
        var nextDue: DueDate?
        guard perform(retry: { [weak self] in self?.setCompleted(id, completed) }, {
            nextDue = try self.document.setCompleted(id, completed)
        }) else { return }
        if completed { sounds.play(.complete) }
        if let nextDue {
            // A repeating item stays open with its next due date: say so, with Undo.
            notice.show(tr("Done for now: next due {date}", ["date": DueChip.label(for: nextDue, now: Date()).text]),
                        undoable: true)
            return
        }
        // Seen at once on the row; said too: the row's name changes on its title label, and Orca
        // says no change of a label by itself (issue 31).
        Announcer.say(completed ? tr("completed") : tr("not completed"), from: window)
        // Decided now: an item already in its place does not move later because of what
        // another edit did in the meantime.
        if windowState.bool("completed-items-sink", fallback: true), document.settledIndex(of: id) != nil { settleSoon(id) }
    }

    /// A completed item sinks below the open ones, a reopened one rises to their end, after
    /// a moment in which the user sees the change (DESIGN 2.7). The keyboard focus goes with the
    /// item: a second Space (a user checking that it worked) reopens that item, where it used to
    /// complete the row that took its place, and a screen reader reads the item with its new
    /// state where it landed (issue 31).
    private func settleSoon(_ id: Int64) {
        let document = self.document
        _ = MainLoop.after(seconds: 0.2) { [weak self] in
            guard let self, !self.isDestroyed, self.document === document, !self.isEditing,
                  document.settledIndex(of: id) != nil else { return }
            // The row folds away where it was, then the item moves.
            self.itemList.collapser.collapse([id]) { [weak self] in self?.settle(id, in: document) }
        }
    }

    private func settle(_ id: Int64, in document: ListDocument) {
        guard !isDestroyed, self.document === document, !isEditing, document.index(of: id) != nil else { return }
        let wasFocused = focusedItemID == id
        guard perform(retry: nil, { try document.settle(id) }) else { return }
        if wasFocused { focus(id) }
    }

    func deleteFocused() {
        if let id = shownList.focusedID { shownList.level.delete(id) }
    }

    func delete(_ id: Int64) {
        guard let index = document.index(of: id), let title = document.item(id)?.title else { return }
        // The row that takes the focus says the notice after its name, as one sentence; it is told
        // before the deletion, during which GTK already moves the focus to it.
        let message = tr("Deleted “{title}”", ["title": title])
        let neighbour = document.items.indices.contains(index + 1) ? document.items[index + 1].id
            : index > 0 ? document.items[index - 1].id : nil
        if let neighbour { itemList.say(message, whenFocusing: neighbour) }
        var removed: TodoItem?
        perform(retry: { [weak self] in self?.delete(id) }) { removed = try self.document.delete(id) }
        guard removed != nil else {
            itemList.stopSayingAfterName()
            return
        }
        sounds.play(.delete)
        notice.show(message, undoable: true, announce: neighbour == nil)
        if let neighbour { focus(neighbour) }
    }

    /// Removes every completed item in one undoable step, its rows collapsing first, and says
    /// how many went.
    func clearCompleted() {
        let completed = Set(document.items.filter(\.isCompleted).compactMap(\.id))
        guard !completed.isEmpty else { return }
        let document = self.document
        itemList.collapser.collapse(completed) { [weak self] in
            // Another list may have been opened while the rows collapsed: that one is not cleared.
            guard let self, self.document === document else { return }
            self.removeCompleted()
        }
    }

    private func removeCompleted() {
        var count = 0
        guard perform(retry: { [weak self] in self?.removeCompleted() }, { count = try self.document.clearCompleted() }) else {
            return
        }
        guard count > 0 else { return }  // The action is disabled then; a race is not worth a notice.
        sounds.play(.clear)
        notice.show(trPlural("Cleared {count} completed item", "Cleared {count} completed items", count,
                             ["count": String(count)]), undoable: true)
    }

    /// The menu's Clear Completed is greyed out while there is nothing to clear (or no list open).
    func updateClearCompletedAction() {
        guard let action = g_action_map_lookup_action(OpaquePointer(window), "clear-completed") else { return }
        g_simple_action_set_enabled(action, !isShowingOverview && document.items.contains { $0.isCompleted } ? 1 : 0)
    }

    /// Moves the item to `index` of its list, in one transaction.
    func move(_ id: Int64, to index: Int) {
        guard perform(retry: { [weak self] in self?.move(id, to: index) }, { try self.document.move(id, to: index) }) else {
            return
        }
        focus(id)
    }

    /// Alt+Up / Alt+Down: the focused item, or list, one place up or down.
    private func moveFocused(by step: Int) {
        let list = shownList
        guard let id = list.focusedID, let index = list.level.rowIndex(of: id) else { return }
        let target = index + step
        guard (0..<list.level.rowCount).contains(target) else { return }
        list.level.moveRow(id, to: target)
    }

    /// Alt+Home / Alt+End: the focused item (or list) to the top or the bottom.
    private func moveFocused(toEnd: Bool) {
        let list = shownList
        guard let id = list.focusedID, list.level.rowCount > 0 else { return }
        list.level.moveRow(id, to: toEnd ? list.level.rowCount - 1 : 0)
    }

    private func undo() {
        guard !isShowingOverview else { return undoOnOverview(redo: false) }
        var edit: ListEdit?
        guard perform(retry: { [weak self] in self?.undo() }, { edit = try self.document.undo() }) else { return }
        notice.hide()
        if let edit { focusAfter(edit, undone: true) }
    }

    private func redo() {
        guard !isShowingOverview else { return undoOnOverview(redo: true) }
        var edit: ListEdit?
        guard perform(retry: { [weak self] in self?.redo() }, { edit = try self.document.redo() }) else { return }
        if let edit { focusAfter(edit, undone: false) }
    }

    /// Puts the focus on the item an undo or redo brought back or changed.
    private func focusAfter(_ edit: ListEdit, undone: Bool) {
        switch edit {
        case let .insert(item, _), let .delete(item, _):
            if let id = item.id, document.index(of: id) != nil { focus(id) }
        case let .rename(id, _, _), let .setCompleted(id, _, _), let .move(id, _, _), let .update(id, _, _):
            focus(id)
        case let .moveOut(item, _, _), let .moveIn(item, _, _):
            if let id = item.id, document.index(of: id) != nil { focus(id) }
        case let .sequence(edits):
            if let first = edits.first { focusAfter(first, undone: undone) }
        case let .deleteAll(placed), let .insertAll(placed):
            if let id = placed.compactMap(\.item.id).first(where: { document.index(of: $0) != nil }) { focus(id) }
        }
    }
}

extension MainWindow {
    /// Activates one of the window's actions by name (without the "win." prefix).
    func activateAction(_ name: String) {
        g_action_group_activate_action(OpaquePointer(window), name, nil)
    }
}
