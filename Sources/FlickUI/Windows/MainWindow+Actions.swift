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
                if self.isShowingOverview { self.askForNewList() } else { self.frontItemsPage.list.startNewRow(at: 0) }
            },
            .init(name: "insert-below", accelerators: ["<Control>Return", "<Control>KP_Enter"]) { [weak self] in
                self?.shownList.insertNextToFocus(offset: 1)
            },
            .init(name: "insert-above", accelerators: ["<Control><Shift>Return", "<Control><Shift>KP_Enter"]) { [weak self] in
                self?.shownList.insertNextToFocus(offset: 0)
            },
            .init(name: "edit", accelerators: []) { [weak self] in self?.shownList.editFocused() },
            .init(name: "toggle-complete", accelerators: ["<Control>d"]) { [weak self] in self?.shownList.toggleFocused() },
            .init(name: "delete", accelerators: []) { [weak self] in self?.shownList.deleteFocused() },
            .init(name: "move-up", accelerators: ["<Alt>Up"]) { [weak self] in self?.shownList.moveFocused(by: -1) },
            .init(name: "move-down", accelerators: ["<Alt>Down"]) { [weak self] in self?.shownList.moveFocused(by: 1) },
            .init(name: "move-to-top", accelerators: ["<Alt>Home"]) { [weak self] in self?.shownList.moveFocused(toEnd: false) },
            .init(name: "move-to-bottom", accelerators: ["<Alt>End"]) { [weak self] in self?.shownList.moveFocused(toEnd: true) },
            .init(name: "move-to-list", accelerators: ["<Control><Shift>m"]) { [weak self] in
                self?.frontItemsPage.askWhereToMoveFocused()
            },
            .init(name: "clear-completed", accelerators: ["<Control><Shift>Delete"]) { [weak self] in
                self?.frontItemsPage.clearCompleted()
            },
            .init(name: "search", accelerators: ["<Control>f"]) { [weak self] in self?.search.start() },
            .init(name: "close", accelerators: ["<Control>w"]) { [weak self] in
                guard let self else { return }
                gtk_window_close(cast(self.window))
            },
            .init(name: "undo", accelerators: ["<Control>z"]) { [weak self] in self?.undo(redo: false) },
            .init(name: "redo", accelerators: ["<Control><Shift>z"]) { [weak self] in self?.undo(redo: true) },
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
                guard let self, !self.isShowingOverview, let id = self.frontItemsPage.focusedItemID else { return }
                self.frontItemsPage.showDetails(id)
            },
            .init(name: "open-menu", accelerators: []) { [weak self] in self?.shownList.openFocusedMenu() },
            .init(name: "close-menu", accelerators: []) { [weak self] in self?.shownList.driver.closeMenu() },
        ], to: OpaquePointer(window), prefix: "win", application: application)
        // The row menu's buttons name their item, so they work on any row, focused or not.
        Actions.addItemActions(ItemsPage.rowActions { [weak self] in self?.frontItemsPage }, to: OpaquePointer(window))
    }

    /// The gesture list of the level shown: the focused-row actions act on it, so the same
    /// keys work on items and on lists.
    var shownList: GestureList { isShowingOverview ? listsPage.list : frontItemsPage.list }

    /// Undo and redo act on the page shown: the lists on the overview, the items elsewhere.
    private func undo(redo: Bool) {
        if isShowingOverview { return listsPage.undo(redo: redo) }
        if redo { frontItemsPage.redo() } else { frontItemsPage.undo() }
    }

    /// The menu's Clear Completed is greyed out while there is nothing to clear (or no list open).
    func updateClearCompletedAction() {
        guard let action = g_action_map_lookup_action(OpaquePointer(window), "clear-completed") else { return }
        g_simple_action_set_enabled(action, !isShowingOverview && frontItemsPage.hasCompletedItems ? 1 : 0)
    }
}

extension MainWindow {
    /// Activates one of the window's actions by name (without the "win." prefix).
    func activateAction(_ name: String) {
        g_action_group_activate_action(OpaquePointer(window), name, nil)
    }
}
