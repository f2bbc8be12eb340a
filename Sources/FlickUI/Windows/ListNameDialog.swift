@preconcurrency import CGtk
import FlickCore

/// A small modal window that asks for a list's name: a heading, an entry, Cancel and a
/// confirming button that stays insensitive while the name is empty. Enter confirms, Escape
/// cancels.
@MainActor
enum ListNameDialog {
    static func present(over parent: UnsafeMutablePointer<GtkWidget>, heading: String, name: String, confirm: String,
                        onConfirm: @escaping @MainActor (String) -> Void) {
        let dialog = DialogWindow(title: heading, over: parent, width: 360, resizable: false)
        let window = dialog.window, box = dialog.box
        let title = gtk_label_new(heading)!
        Widgets.addClass(title, "title-2")
        let entry = gtk_entry_new()!
        gtk_editable_set_text(OpaquePointer(entry), name)
        gtk_entry_set_activates_default(cast(entry), 1)
        gtk_entry_set_max_length(cast(entry), Int32(ItemText.maximumLength))
        Widgets.setAccessibleLabel(entry, tr("List name"))
        let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)
        let cancel = AccessibleRole.textButton(mnemonic: tr("_Cancel"), name: tr("Cancel"))
        let ok = AccessibleRole.textButton(mnemonic: confirm, name: confirm.replacingOccurrences(of: "_", with: ""))
        Widgets.addClass(ok, "suggested-action")
        gtk_box_append(cast(buttons), cancel)
        gtk_box_append(cast(buttons), ok)
        for child in [title, entry, buttons] { gtk_box_append(cast(box), child) }
        gtk_window_set_default_widget(cast(window), ok)

        let typedName = { ItemText.normalised(String(cString: gtk_editable_get_text(OpaquePointer(entry)))) }
        let updateSensitivity = { gtk_widget_set_sensitive(ok, typedName().isEmpty ? 0 : 1) }
        updateSensitivity()
        Signal.connect(entry.raw, "changed") { updateSensitivity() }
        Signal.connect(cancel.raw, "clicked") { gtk_window_destroy(cast(window)) }
        Signal.connect(ok.raw, "clicked") {
            let name = typedName()
            guard !name.isEmpty else { return }
            gtk_window_destroy(cast(window))
            onConfirm(name)
        }
        // The main window takes the keyboard back, also where no window manager hands it back.
        Signal.connect(window.raw, "destroy") { Widgets.presentAgain(parent) }
        Widgets.closeOnEscape(window)
        gtk_window_present(cast(window))
        gtk_widget_grab_focus(entry)
    }
}
