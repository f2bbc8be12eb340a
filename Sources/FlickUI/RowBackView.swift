@preconcurrency import CGtk

/// What a slid row reveals behind it: on the leading side the completion cue, on the
/// trailing side the row's action menu (Complete/Reopen, Edit, Move to…, Delete). Only rows that are
/// slid or open have one (`BackViewPool`), so neither keyboard focus nor a screen reader
/// reaches a closed menu.
@MainActor
final class RowBackView {
    let root: UnsafeMutablePointer<GtkWidget>
    let menu: UnsafeMutablePointer<GtkWidget>
    private let cue: UnsafeMutablePointer<GtkWidget>
    private let completeButton: UnsafeMutablePointer<GtkWidget>
    private let editButton: UnsafeMutablePointer<GtkWidget>
    private let moveButton: UnsafeMutablePointer<GtkWidget>
    private let deleteButton: UnsafeMutablePointer<GtkWidget>

    init() {
        root = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        Widgets.addClass(root, "row-back")
        cue = gtk_image_new_from_icon_name("object-select-symbolic")
        Widgets.addClass(cue, "completion-cue")
        gtk_widget_set_margin_start(cue, 20)
        gtk_widget_set_hexpand(cue, 1)
        gtk_widget_set_halign(cue, GTK_ALIGN_START)
        menu = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
        Widgets.addClass(menu, "row-menu")
        gtk_widget_set_valign(menu, GTK_ALIGN_CENTER)
        completeButton = Widgets.iconButton(icon: "object-select-symbolic", tooltip: tr("Complete"), action: nil)
        editButton = Widgets.iconButton(icon: "document-edit-symbolic", tooltip: tr("Edit"), action: nil)
        moveButton = Widgets.iconButton(icon: "go-jump-symbolic", tooltip: tr("Move to Another List"), action: nil)
        deleteButton = Widgets.iconButton(icon: "user-trash-symbolic", tooltip: tr("Delete"), action: nil)
        Widgets.addClass(deleteButton, "destructive-action")
        for button in [completeButton, editButton, moveButton, deleteButton] {
            Widgets.addClass(button, "circular")
            gtk_box_append(cast(menu), button)
        }
        gtk_box_append(cast(root), cue)
        gtk_box_append(cast(root), menu)
        gtk_widget_set_visible(root, 0)
        // Kept by its pool while it moves from row to row.
        g_object_ref_sink(UnsafeMutableRawPointer(root))
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(root))
    }

    /// Points the menu's buttons at `itemID` through the window's item actions.
    func show(itemID: Int64, isCompleted: Bool) {
        let label = isCompleted ? tr("Reopen") : tr("Complete")
        gtk_widget_set_tooltip_text(completeButton, label)
        Widgets.setAccessibleLabel(completeButton, label)
        gtk_button_set_icon_name(cast(completeButton), isCompleted ? "edit-undo-symbolic" : "object-select-symbolic")
        for (button, action) in [(completeButton, "win.toggle-complete-item"), (editButton, "win.edit-item"),
                                 (moveButton, "win.move-item-to-list"), (deleteButton, "win.delete-item")] {
            gtk_actionable_set_action_target_value(OpaquePointer(button), g_variant_new_int64(gint64(itemID)))
            gtk_actionable_set_action_name(OpaquePointer(button), action)
        }
    }

    func setRevealed(_ revealed: Bool) {
        gtk_widget_set_visible(root, revealed ? 1 : 0)
    }

    /// The cue shows how close a rightward drag is to completing: 0…1.
    func setCompletionProgress(_ progress: Double) {
        gtk_widget_set_opacity(cue, max(0.25, progress))
        Widgets.setClass(root, "completing", progress > 0)
        Widgets.setClass(root, "armed", progress >= 1)
        gtk_widget_set_visible(menu, progress > 0 ? 0 : 1)
    }

    /// The natural width of the menu, which the open offset reveals.
    var menuWidth: Double {
        var minimum: Int32 = 0
        var natural: Int32 = 0
        gtk_widget_measure(menu, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        return Double(natural) + 24  // The menu's margins (see AppStyle).
    }

    func focusFirstButton() {
        gtk_widget_grab_focus(completeButton)
    }

    var containsFocus: Bool {
        gtk_widget_get_focus_child(root) != nil
    }
}
