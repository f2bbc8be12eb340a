@preconcurrency import CGtk
import FlickCore

/// Asks for an account's password when none is stored (no Secret Service keeps it, or it was
/// removed): a password field, Cancel and Sync. Enter syncs, Escape cancels.
@MainActor
enum PasswordDialog {
    static func present(over parent: UnsafeMutablePointer<GtkWidget>, account: SyncAccount,
                        onPassword: @escaping @MainActor (String) -> Void) {
        let dialog = DialogWindow(title: tr("Password"), over: parent, width: 360, resizable: false)
        let window = dialog.window, box = dialog.box
        let heading = gtk_label_new(tr("Password for {user} at {server}", ["user": account.user, "server": account.url]))!
        gtk_label_set_wrap(OpaquePointer(heading), 1)
        // A whole CalDAV address has no space to wrap at: "https://caldav.fastmail.com/dav/
        // calendars/user/…@fastmail.com/" held the dialog at 436 px over a 360 px phone.
        AddressLabel.breakWithinWords(heading)
        Widgets.addClass(heading, "title-4")
        let entry = gtk_password_entry_new()!
        gtk_password_entry_set_show_peek_icon(OpaquePointer(entry), 1)
        Widgets.setAccessibleLabel(entry, tr("Password"))
        let note = gtk_label_new(tr("Flick keeps it in your keyring if one runs; otherwise until it quits."))!
        gtk_label_set_wrap(OpaquePointer(note), 1)
        gtk_label_set_xalign(OpaquePointer(note), 0)
        Widgets.addClass(note, "dim-label")
        let cancel = AccessibleRole.textButton(mnemonic: tr("_Cancel"), name: tr("Cancel"))
        let ok = AccessibleRole.textButton(mnemonic: tr("_Sync"), name: tr("Sync"))
        Widgets.addClass(ok, "suggested-action")
        for child in [heading, entry, note] { gtk_box_append(cast(box), child) }
        DialogButtons.append([cancel, ok], to: dialog)
        gtk_window_set_default_widget(cast(window), ok)
        let confirm = {
            let password = String(cString: gtk_editable_get_text(OpaquePointer(entry)))
            guard !password.isEmpty else { return }
            gtk_window_destroy(cast(window))
            onPassword(password)
        }
        Signal.connect(entry.raw, "activate") { confirm() }
        Signal.connect(cancel.raw, "clicked") { gtk_window_destroy(cast(window)) }
        Signal.connect(ok.raw, "clicked") { confirm() }
        Signal.connect(window.raw, "destroy") { Widgets.presentAgain(parent) }
        Widgets.closeOnEscape(window)
        gtk_window_present(cast(window))
        gtk_widget_grab_focus(entry)
    }
}
