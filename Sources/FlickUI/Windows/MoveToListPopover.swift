@preconcurrency import CGtk
import Foundation
import FlickCore

/// "Move to…": a popover at an item's row with a search field and the other lists, filtered
/// as the user types. Enter moves the item to the first list shown, a click to the one
/// clicked; Escape closes it.
@MainActor
final class MoveToListPopover {
    private let popover: UnsafeMutablePointer<GtkWidget>
    private let search: UnsafeMutablePointer<GtkWidget>
    private let rows: UnsafeMutablePointer<GtkWidget>
    private let lists: [TodoList]
    private var shown: [TodoList] = []
    private let onChoose: @MainActor (TodoList) -> Void
    /// Kept alive while the popover is open.
    private static var open: MoveToListPopover?

    /// Opens the popover on `parent` pointing at `rect` (in `parent`'s coordinates).
    static func present(on parent: UnsafeMutablePointer<GtkWidget>, at rect: GdkRectangle, lists: [TodoList],
                        onChoose: @escaping @MainActor (TodoList) -> Void) {
        open?.close()
        let popover = MoveToListPopover(parent: parent, lists: lists, onChoose: onChoose)
        open = popover
        var pointing = rect
        gtk_popover_set_pointing_to(cast(popover.popover), &pointing)
        gtk_popover_popup(cast(popover.popover))
        gtk_widget_grab_focus(popover.search)
    }

    private init(parent: UnsafeMutablePointer<GtkWidget>, lists: [TodoList], onChoose: @escaping @MainActor (TodoList) -> Void) {
        self.lists = lists
        self.onChoose = onChoose
        popover = gtk_popover_new()
        search = gtk_search_entry_new()
        Widgets.setAccessibleLabel(search, tr("Move to list"))
        rows = gtk_list_box_new()
        gtk_list_box_set_selection_mode(OpaquePointer(rows), GTK_SELECTION_NONE)
        Widgets.setAccessibleLabel(rows, tr("Lists"))
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(OpaquePointer(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_height(OpaquePointer(scrolled), 1)
        gtk_scrolled_window_set_max_content_height(OpaquePointer(scrolled), 300)
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), rows)
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        let heading = gtk_label_new(tr("Move to"))!
        Widgets.addClass(heading, "heading")
        gtk_label_set_xalign(OpaquePointer(heading), 0)
        gtk_box_append(cast(box), heading)
        gtk_box_append(cast(box), search)
        gtk_box_append(cast(box), scrolled)
        gtk_popover_set_child(cast(popover), box)
        gtk_widget_set_parent(popover, parent)
        Signal.connect(search.raw, "search-changed") { [weak self] in self?.showMatches() }
        Signal.connect(search.raw, "activate") { [weak self] in
            // GtkSearchEntry tells of a change 150 ms late: Enter typed sooner would choose
            // from the lists shown for the text before (all of them, at first), so they are
            // filtered again by the text as it is now.
            self?.showMatches()
            if let first = self?.shown.first { self?.choose(first) }
        }
        Signal.connect(search.raw, "stop-search") { [weak self] in self?.close() }
        Signal.connectObject(rows.raw, "row-activated") { [weak self] row in
            guard let self else { return }
            let index = Int(gtk_list_box_row_get_index(cast(row)))
            if self.shown.indices.contains(index) { self.choose(self.shown[index]) }
        }
        Signal.connect(popover.raw, "closed") { [weak self] in
            // Unparented once GTK has finished closing it.
            MainLoop.idle { [weak self] in self?.destroy() }
        }
        showMatches()
    }

    private func showMatches() {
        while let child = gtk_widget_get_first_child(rows) { gtk_list_box_remove(OpaquePointer(rows), child) }
        let typed = String(cString: gtk_editable_get_text(OpaquePointer(search))).trimmingCharacters(in: .whitespaces)
        shown = typed.isEmpty ? lists : lists.filter { $0.name.localizedCaseInsensitiveContains(typed) }
        for list in shown {
            let label = gtk_label_new(list.name)!
            gtk_label_set_xalign(OpaquePointer(label), 0)
            gtk_label_set_ellipsize(OpaquePointer(label), PANGO_ELLIPSIZE_END)
            gtk_widget_set_margin_top(label, 6)
            gtk_widget_set_margin_bottom(label, 6)
            gtk_widget_set_margin_start(label, 6)
            gtk_list_box_append(OpaquePointer(rows), label)
        }
        if shown.isEmpty {
            let none = gtk_label_new(tr("No list matches"))!
            Widgets.addClass(none, "dim-label")
            gtk_list_box_append(OpaquePointer(rows), none)
        }
    }

    private func choose(_ list: TodoList) {
        close()
        onChoose(list)
    }

    private func close() {
        gtk_popover_popdown(cast(popover))
    }

    private func destroy() {
        guard gtk_widget_get_parent(popover) != nil else { return }
        gtk_widget_unparent(popover)
        if Self.open === self { Self.open = nil }
    }
}
