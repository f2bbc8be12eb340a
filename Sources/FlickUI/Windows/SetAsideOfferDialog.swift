@preconcurrency import CGtk
import FlickCore
import Foundation

/// Offers to use again a database that was set aside as unreadable and reads well now (issue
/// 53: a busy answer while opening once set healthy files aside). Using it restarts Flick on
/// it; the list Flick has now is kept beside it. Keep the Current List (or Escape) leaves
/// everything as it is, and the file is not offered again.
@MainActor
enum SetAsideOfferDialog {
    static func present(_ readable: SetAsideDatabase.Readable, over parent: UnsafeMutablePointer<GtkWidget>,
                        useIt: @escaping @MainActor () -> Void) {
        let heading = tr("An Earlier List Reads Well")
        let dialog = DialogWindow(title: heading, over: parent, resizable: false)
        let window = dialog.window, box = dialog.box
        let title = gtk_label_new(heading)!
        Widgets.addClass(title, "title-2")
        let body = text(readable)
        let label = gtk_label_new(body)!
        gtk_label_set_wrap(OpaquePointer(label), 1)
        gtk_label_set_max_width_chars(OpaquePointer(label), 50)
        gtk_label_set_xalign(OpaquePointer(label), 0)
        let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)
        let keep = AccessibleRole.textButton(mnemonic: tr("_Keep the Current List"), name: tr("Keep the current list"))
        let use = AccessibleRole.textButton(mnemonic: tr("_Use It Again"), name: tr("Use the earlier list again"))
        Widgets.addClass(use, "suggested-action")
        for child in [keep, use] { gtk_box_append(cast(buttons), child) }
        for child in [title, label, buttons] { gtk_box_append(cast(box), child) }
        Signal.connect(keep.raw, "clicked") { gtk_window_destroy(cast(window)) }
        Signal.connect(use.raw, "clicked") {
            gtk_window_destroy(cast(window))
            useIt()
        }
        Widgets.closeOnEscape(window)
        gtk_window_set_default_widget(cast(window), use)
        gtk_window_present(cast(window))
        gtk_widget_grab_focus(use)
        // Orca reads the window's title and the focused button, not the label between them.
        Announcer.say(body, from: use)
    }

    static func text(_ readable: SetAsideDatabase.Readable) -> String {
        trPlural("Flick once set its database aside as unreadable and started a new list. That file, {file}, reads well now and holds {count} item. Use it again? Flick starts again on it, and the list you have now is kept beside it.",
                 "Flick once set its database aside as unreadable and started a new list. That file, {file}, reads well now and holds {count} items. Use it again? Flick starts again on it, and the list you have now is kept beside it.",
                 readable.items, ["file": readable.url.lastPathComponent, "count": countText(readable.items)])
    }
}
