@preconcurrency import CGtk
import FlickCore

/// One row of the lists overview: the list's name and its number of unfinished items on the
/// heat map's colour, dimmed when nothing is left to do. GtkListView recycles rows, so
/// everything list-specific is set in `show`.
@MainActor
final class ListRowWidget {
    let root: UnsafeMutablePointer<GtkWidget>
    private let name: UnsafeMutablePointer<GtkWidget>
    private let count: UnsafeMutablePointer<GtkWidget>
    private var heatClass: String?
    /// The list this row shows, nil while unbound.
    private(set) var listID: Int64?

    init() {
        root = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)
        Widgets.addClass(root, "row-front")
        Widgets.addClass(root, "list-row")
        name = gtk_label_new(nil)
        gtk_widget_set_hexpand(name, 1)
        gtk_label_set_xalign(OpaquePointer(name), 0)
        gtk_label_set_ellipsize(OpaquePointer(name), PANGO_ELLIPSIZE_END)
        Widgets.addClass(name, "row-title")
        count = gtk_label_new(nil)
        Widgets.addClass(count, "list-count")
        gtk_box_append(cast(root), name)
        gtk_box_append(cast(root), count)
    }

    /// Shows `summary` at `position` of `rows` lists.
    func show(_ summary: ListSummary, position: Int, rows: Int) {
        listID = summary.list.id
        gtk_label_set_text(OpaquePointer(name), summary.list.name)
        gtk_label_set_text(OpaquePointer(count), summary.unfinished == 0 ? "" : String(summary.unfinished))
        let done = summary.unfinished == 0
        Widgets.setClass(root, "list-done", done)
        setHeat(done ? nil : HeatMapStyle.className(position: position, count: rows))
        let state = trPlural("{count} unfinished item", "{count} unfinished items", summary.unfinished,
                             ["count": String(summary.unfinished)])
        Widgets.setAccessibleLabel(root, tr("{name}, {state}", ["name": summary.list.name, "state": state]))
    }

    func unbind() {
        listID = nil
    }

    private func setHeat(_ className: String?) {
        guard className != heatClass else { return }
        if let heatClass { gtk_widget_remove_css_class(root, heatClass) }
        if let className { gtk_widget_add_css_class(root, className) }
        heatClass = className
    }
}
