@preconcurrency import CGtk
import FlickCore

/// The details view's priority: none, low, medium or high, stored as iCalendar's 0,
/// 9, 5 and 1. A number another program wrote (3, say) shows as its level and is kept until
/// another level is chosen.
@MainActor
final class PriorityEditor {
    let root: UnsafeMutablePointer<GtkWidget>
    private unowned let editing: any DetailsEditing
    private var isShowing = false

    /// The drop-down's lines, in `ItemPriority`'s order.
    static var levelNames: [String] { [tr("None"), tr("Low"), tr("Medium"), tr("High")] }

    init(editing: any DetailsEditing) {
        self.editing = editing
        root = Self.levelNames.withCStringArray { gtk_drop_down_new_from_strings($0)! }
        Widgets.setAccessibleLabel(root, tr("Priority"))
        Widgets.nameButtonAfterChoice(of: root)
        gtk_widget_set_halign(root, GTK_ALIGN_START)
        Signal.connectObject(root.raw, "notify::selected") { [weak self] _ in self?.chosen() }
    }

    func show(_ priority: Int) {
        isShowing = true
        defer { isShowing = false }
        gtk_drop_down_set_selected(OpaquePointer(root), UInt32(ItemPriority(icalendar: priority).rawValue))
        Widgets.nameButton(ofDropDown: root)
    }

    private func chosen() {
        guard !isShowing else { return }
        let level = ItemPriority(rawValue: Int(gtk_drop_down_get_selected(OpaquePointer(root)))) ?? .none
        editing.apply { $0.priority = level.icalendarValue(replacing: $0.priority) }
    }
}
