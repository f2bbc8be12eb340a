@preconcurrency import CGtk

/// A question with two answers: the one that acts, and the one (or Escape) that leaves
/// everything as it is. Flick asks it to open another database file in place of the current
/// one (a file set aside wrongly that reads well after all, the newest daily backup when the
/// database could not be read), and before what cannot be undone (deleting
/// from Recently Deleted for good: `destructive`).
@MainActor
enum QuestionDialog {
    struct Choice {
        var mnemonic: String
        /// What a screen reader says for the button.
        var name: String
    }

    /// - Parameter destructive: the answer that acts cannot be undone: it is drawn as such, and
    ///   the focus (what Enter answers) is on the other.
    static func present(heading: String, body: String, keep: Choice, use: Choice, destructive: Bool = false,
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
        let keepButton = AccessibleRole.textButton(mnemonic: keep.mnemonic, name: keep.name)
        let useButton = AccessibleRole.textButton(mnemonic: use.mnemonic, name: use.name)
        Widgets.addClass(useButton, destructive ? "destructive-action" : "suggested-action")
        for child in [title, label] { gtk_box_append(cast(box), child) }
        DialogButtons.append([keepButton, useButton], to: dialog)
        // The window below takes the keyboard back, also where no window manager hands it back,
        // before the answer acts (opening a backup ends the window below). Not from the dialog's
        // "destroy": after Open the Backup that handler ran with the window below already gone
        // (a GTK-CRITICAL, then a crash, in test_backups).
        Signal.connect(keepButton.raw, "clicked") {
            gtk_window_destroy(cast(window))
            Widgets.presentAgain(parent)
        }
        Signal.connect(useButton.raw, "clicked") {
            gtk_window_destroy(cast(window))
            Widgets.presentAgain(parent)
            useIt()
        }
        Widgets.closeOnEscape(window)
        let (focused, focusedName) = destructive ? (keepButton, keep.name) : (useButton, use.name)
        gtk_window_set_default_widget(cast(window), focused)
        // Orca 43 reads a new window's title and its focused widget, not the text between them,
        // nor a description given the button (tried with the backup offer): the focused button
        // is named with the question.
        Widgets.setAccessibleLabel(focused, body + " " + focusedName)
        gtk_window_present(cast(window))
        gtk_widget_grab_focus(focused)
    }
}
