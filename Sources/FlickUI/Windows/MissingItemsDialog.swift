@preconcurrency import CGtk
import FlickSync

/// The question a sync asks when a list's calendar lost most of its tasks at once:
/// send them to the server again, or remove them here too. Until the user answers nothing is
/// removed; Later (or Escape) leaves them held, and the sync status line still says so.
@MainActor
enum MissingItemsDialog {
    static func present(listName: String, missing: MissingItems, over parent: UnsafeMutablePointer<GtkWidget>,
                        answer: @escaping @MainActor (MissingItemsAnswer) -> Void) {
        let heading = tr("Tasks Missing on the Server")
        let dialog = DialogWindow(title: heading, over: parent, resizable: false)
        let window = dialog.window, box = dialog.box
        let title = gtk_label_new(heading)!
        Widgets.addClass(title, "title-2")
        gtk_label_set_wrap(OpaquePointer(title), 1)
        let body = question(listName: listName, missing: missing)
        let text = gtk_label_new(body)!
        gtk_label_set_wrap(OpaquePointer(text), 1)
        gtk_label_set_max_width_chars(OpaquePointer(text), 50)
        gtk_label_set_xalign(OpaquePointer(text), 0)
        gtk_box_append(cast(box), title)
        gtk_box_append(cast(box), text)
        let later = AccessibleRole.textButton(mnemonic: tr("_Later"), name: tr("Later"))
        let remove = AccessibleRole.textButton(mnemonic: tr("_Remove Here Too"), name: tr("Remove them here too"))
        Widgets.addClass(remove, "destructive-action")
        let putBack = AccessibleRole.textButton(mnemonic: tr("_Put Back on the Server"), name: tr("Put them back on the server"))
        Widgets.addClass(putBack, "suggested-action")
        DialogButtons.append([later, remove, putBack], to: dialog)
        Signal.connect(later.raw, "clicked") { gtk_window_destroy(cast(window)) }
        Signal.connect(remove.raw, "clicked") {
            gtk_window_destroy(cast(window))
            answer(.removeHere)
        }
        Signal.connect(putBack.raw, "clicked") {
            gtk_window_destroy(cast(window))
            answer(.putBack)
        }
        Widgets.closeOnEscape(window)
        gtk_window_set_default_widget(cast(window), putBack)
        // Orca 43 reads a new window's title and its focused widget, not the text between them,
        // nor a description given the button (tried with the backup offer): the button that
        // accepts, which has the focus, is named with the question.
        Widgets.setAccessibleLabel(putBack, body + " " + tr("Put them back on the server"))
        gtk_window_present(cast(window))
        gtk_widget_grab_focus(putBack)
    }

    /// The facts and the choice, in plain words.
    static func question(listName: String, missing: MissingItems) -> String {
        trPlural("The server no longer has {missing} of the {known} task of “{list}” it had ({titles}). Nothing was removed here. The calendar may have been emptied, replaced or restored from an old copy. Put the missing tasks back on the server, or remove them here too?",
                 "The server no longer has {missing} of the {known} tasks of “{list}” it had ({titles}). Nothing was removed here. The calendar may have been emptied, replaced or restored from an old copy. Put the missing tasks back on the server, or remove them here too?",
                 missing.known, ["missing": countText(missing.missing), "known": countText(missing.known), "list": listName,
                                 "titles": SyncReportText.titles(missing)])
    }
}
