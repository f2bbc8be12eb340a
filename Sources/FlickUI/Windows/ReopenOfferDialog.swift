@preconcurrency import CGtk

/// Offers to open another database file in place of the current one (issues 53 and 57): a file
/// set aside wrongly that reads well after all, or the newest daily backup when the database
/// could not be read. Accepting restarts Flick on it; the current file is always kept beside
/// it. The other button (or Escape) leaves everything as it is.
@MainActor
enum ReopenOfferDialog {
    struct Choice {
        var mnemonic: String
        /// What a screen reader says for the button.
        var name: String
    }

    static func present(heading: String, body: String, keep: Choice, use: Choice,
                        over parent: UnsafeMutablePointer<GtkWidget>, useIt: @escaping @MainActor () -> Void) {
        let dialog = DialogWindow(title: heading, over: parent, resizable: false)
        let window = dialog.window, box = dialog.box
        let title = gtk_label_new(heading)!
        Widgets.addClass(title, "title-2")
        gtk_label_set_wrap(OpaquePointer(title), 1)
        let label = gtk_label_new(body)!
        gtk_label_set_wrap(OpaquePointer(label), 1)
        gtk_label_set_max_width_chars(OpaquePointer(label), 50)
        gtk_label_set_xalign(OpaquePointer(label), 0)
        let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)
        let keepButton = AccessibleRole.textButton(mnemonic: keep.mnemonic, name: keep.name)
        let useButton = AccessibleRole.textButton(mnemonic: use.mnemonic, name: use.name)
        Widgets.addClass(useButton, "suggested-action")
        for child in [keepButton, useButton] { gtk_box_append(cast(buttons), child) }
        for child in [title, label, buttons] { gtk_box_append(cast(box), child) }
        Signal.connect(keepButton.raw, "clicked") { gtk_window_destroy(cast(window)) }
        Signal.connect(useButton.raw, "clicked") {
            gtk_window_destroy(cast(window))
            useIt()
        }
        Widgets.closeOnEscape(window)
        gtk_window_set_default_widget(cast(window), useButton)
        // Orca 43 reads a new window's title and its focused widget, not the text between them,
        // nor a description given the button (tried with the backup offer): the button that
        // accepts, which has the focus, is named with the question.
        Widgets.setAccessibleLabel(useButton, body + " " + use.name)
        gtk_window_present(cast(window))
        gtk_widget_grab_focus(useButton)
    }
}
