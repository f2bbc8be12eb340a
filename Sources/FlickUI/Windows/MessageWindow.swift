@preconcurrency import CGtk

/// A small modal message window with a heading, an explanation and an OK button. Written by
/// hand because GtkMessageDialog's constructor is variadic and cannot be called from Swift.
@MainActor
enum MessageWindow {
    /// `details` (a program's own words, for a bug report) sit in a closed "Details" expander.
    /// `answer` names the button that closes it, OK by default (Quit where closing it ends Flick).
    static func present(heading: String, body: String, details: String? = nil, answer: QuestionDialog.Choice? = nil,
                        over parent: UnsafeMutablePointer<GtkWidget>?, onClose: (@MainActor () -> Void)? = nil) {
        let dialog = DialogWindow(title: heading, over: parent, resizable: false)
        let window = dialog.window, box = dialog.box
        Widgets.addClass(box, "message-window")
        let title = gtk_label_new(heading)!
        Widgets.addClass(title, "title-2")
        gtk_label_set_wrap(OpaquePointer(title), 1)
        let text = gtk_label_new(body)!
        gtk_label_set_wrap(OpaquePointer(text), 1)
        // A word longer than a line (a file's name, given over D-Bus 5,000 characters long) is
        // broken too: unbroken, it made the window wider than the renderer can draw.
        gtk_label_set_wrap_mode(OpaquePointer(text), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_max_width_chars(OpaquePointer(text), 50)
        gtk_label_set_selectable(OpaquePointer(text), 1)
        let answer = answer ?? QuestionDialog.Choice(mnemonic: tr("_OK"), name: tr("OK"))
        let ok = AccessibleRole.textButton(mnemonic: answer.mnemonic, name: answer.name)
        gtk_widget_set_halign(ok, GTK_ALIGN_END)
        Widgets.addClass(ok, "suggested-action")
        // Orca 43 reads a new window's title and its focused widget, not the text between them
        // (as for `QuestionDialog`): the button that has the focus is named with the message.
        Widgets.setAccessibleLabel(ok, body + " " + answer.name)
        Signal.connect(ok.raw, "clicked") { gtk_window_destroy(cast(window)) }
        if let onClose { Signal.connect(window.raw, "destroy") { onClose() } }
        for child in [title, text] { gtk_box_append(cast(box), child) }
        if let details { gtk_box_append(cast(box), detailsExpander(details)) }
        gtk_box_append(cast(box), ok)
        gtk_window_set_default_widget(cast(window), ok)
        // As every other dialog of Flick's: the phone-size tour found Escape left it open.
        Widgets.closeOnEscape(window)
        gtk_window_present(cast(window))
        gtk_widget_grab_focus(ok)
        gtk_label_select_region(OpaquePointer(text), 0, 0)  // Selectable, but not shown selected.
        focusAgainOnceActive(window, ok)
    }

    /// The button takes the focus again once the window is active: a window that is Flick's
    /// first (the message that Flick cannot start) is active only after the focus was given,
    /// and Orca, which learns of the application with that window, then said the window's
    /// title alone (one run in three with the machine busy, test_newer_file).
    private static func focusAgainOnceActive(_ window: UnsafeMutablePointer<GtkWidget>, _ button: UnsafeMutablePointer<GtkWidget>) {
        var focusedAgain = false
        Signal.connectObject(window.raw, "notify::is-active") { _ in
            guard !focusedAgain, gtk_window_is_active(cast(window)) != 0 else { return }
            focusedAgain = true
            // Held until then: the window may be closed before the loop comes round.
            g_object_ref(window.raw)
            _ = MainLoop.idle {
                defer { g_object_unref(window.raw) }
                guard gtk_widget_get_mapped(window) != 0 else { return }
                gtk_window_set_focus(cast(window), nil)
                gtk_widget_grab_focus(button)
            }
        }
    }

    private static func detailsExpander(_ details: String) -> UnsafeMutablePointer<GtkWidget> {
        let expander = gtk_expander_new_with_mnemonic(tr("_Details"))!
        Widgets.setAccessibleLabel(expander, tr("Details"))
        let text = gtk_label_new(details)!
        gtk_label_set_wrap(OpaquePointer(text), 1)
        gtk_label_set_wrap_mode(OpaquePointer(text), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_max_width_chars(OpaquePointer(text), 50)
        gtk_label_set_selectable(OpaquePointer(text), 1)
        gtk_label_set_xalign(OpaquePointer(text), 0)
        Widgets.addClass(text, "monospace")
        gtk_expander_set_child(OpaquePointer(expander), text)
        return expander
    }
}
