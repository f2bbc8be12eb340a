@preconcurrency import CGtk

/// The focused row's left bar. The view's selection model says the chosen rows are selected
/// (`FlickRowSelection`), so GTK's :selected is theirs; the focus is the single selection's
/// selected row, and its row wears `focused-row` (AppStyle) in the bar's place.
extension GestureList {
    /// Follows the focus of the model just shown: its rows are marked again at each move.
    func markFocusedRowAsItMoves() {
        Signal.connectObject(UnsafeMutableRawPointer(model.selection), "notify::selected") { [weak self] _ in
            self?.markFocusedRow()
        }
        markFocusedRow()
    }

    /// Marks the row that shows the focused item, and no other.
    func markFocusedRow() {
        for (listItem, row) in rowsByListItem {
            markFocused(row, holding: gtk_list_item_get_item(listItem))
        }
    }

    /// Marks `row` if the item it shows, `object`, is the focused one.
    func markFocused(_ row: RowWidget, holding object: gpointer?) {
        let focused = gtk_single_selection_get_selected_item(model.selection)
        row.markFocused(object != nil && object == focused)
    }
}
