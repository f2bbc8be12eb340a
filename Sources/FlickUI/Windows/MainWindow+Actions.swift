@preconcurrency import CGtk
import FlickCore
import Foundation

/// What the window's actions (`WindowActions`) act on: the page shown.
extension MainWindow {
    /// The gesture list of the level shown: the focused-row actions act on it, so the same
    /// keys work on items and on lists.
    package var shownList: GestureList? { pages.shownList }

    /// Undo and redo act on the page shown: the lists on the overview, the items elsewhere.
    func undo(redo: Bool) {
        pages.shown.undo(redo: redo)
    }

    /// Ctrl+N and +: a new row on the page shown (on the overview, a new list).
    func startNewRow() {
        pages.shown.startNewRow()
    }

    /// The menu's Clear Completed is greyed out while there is nothing to clear (or no list open).
    func updateClearCompletedAction() {
        guard let action = g_action_map_lookup_action(OpaquePointer(window), "clear-completed") else { return }
        g_simple_action_set_enabled(action, pages.shown.canClearCompleted ? 1 : 0)
    }

    /// Sort and its three orders are greyed out where there is nothing to sort: fewer than two
    /// open items, Today, a search, the lists.
    func updateSortActions() {
        let enabled: gboolean = pages.shown.canSort ? 1 : 0
        for name in ["sort", "sort-by-due-date", "sort-by-priority", "sort-by-title"] {
            if let action = g_action_map_lookup_action(OpaquePointer(window), name) { g_simple_action_set_enabled(action, enabled) }
        }
    }

    /// The row menu's Select is greyed out where rows cannot be selected (Upcoming).
    func updateSelectAction() {
        guard let action = g_action_map_lookup_action(OpaquePointer(window), "select-item") else { return }
        g_simple_action_set_enabled(action, pages.shown.canSelect ? 1 : 0)
    }

    /// Activates one of the window's actions by name (without the "win." prefix).
    package func activateAction(_ name: String) {
        g_action_group_activate_action(OpaquePointer(window), name, nil)
    }
}
