@preconcurrency import CGtk

/// The buttons that answer a dialog, at the end of its column: side by side at its right, as
/// GNOME's dialogs have them, or, over a phone where they do not fit side by side, one above
/// another across its width, the one that acts on top and the one that leaves everything as
/// it is at the bottom (as GNOME's adaptive message dialogs stack them). Tasks Missing on the
/// Server's Later, Remove Here Too and Put Back on the Server needed 380 px of the 336 a
/// 360 px phone leaves inside the margins; two short answers stay side by side.
@MainActor
enum DialogButtons {
    /// Appends `buttons`, given left to right as the desktop shows them, to `dialog`'s column.
    static func append(_ buttons: [UnsafeMutablePointer<GtkWidget>], to dialog: DialogWindow) {
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_set_halign(row, GTK_ALIGN_END)
        for button in buttons { gtk_box_append(cast(row), button) }
        gtk_box_append(cast(dialog.box), row)
        // Measured once in the window: its class `narrow` gives the buttons their phone size.
        guard let room = room(in: dialog), width(of: row) > room else { return }
        gtk_orientable_set_orientation(OpaquePointer(row), GTK_ORIENTATION_VERTICAL)
        gtk_box_set_spacing(cast(row), 6)
        gtk_widget_set_halign(row, GTK_ALIGN_FILL)
        for button in buttons.dropFirst() { gtk_box_reorder_child_after(cast(row), button, nil) }
    }

    /// The width the dialog's column has over a phone-wide parent (`DialogWindow.fit`); nil
    /// elsewhere, where the window takes the buttons' width.
    private static func room(in dialog: DialogWindow) -> Int32? {
        guard PhoneWidth.isNarrow(dialog.window) else { return nil }
        var width: Int32 = 0, height: Int32 = 0  // GTK 4.8 writes both: nil for one crashed.
        gtk_window_get_default_size(cast(dialog.window), &width, &height)
        guard width > 0 else { return nil }
        return width - gtk_widget_get_margin_start(dialog.box) - gtk_widget_get_margin_end(dialog.box)
    }

    private static func width(of widget: UnsafeMutablePointer<GtkWidget>) -> Int32 {
        var minimum: Int32 = 0
        gtk_widget_measure(widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, nil, nil, nil)
        return minimum
    }
}
