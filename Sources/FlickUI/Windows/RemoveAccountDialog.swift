@preconcurrency import CGtk
import FlickCore
import Foundation

/// Remove Account…: each CalDAV account with the lists it syncs and a Remove button. Removing
/// keeps the lists on this computer (and on the server): they only stop syncing, so nothing is
/// lost and no confirmation is needed. Escape or Close closes it.
@MainActor
enum RemoveAccountDialog {
    static func present(over parent: UnsafeMutablePointer<GtkWidget>, store: TodoStore, sync: SyncController,
                        onRemoved: @escaping @MainActor (SyncAccount) -> Void) {
        let dialog = DialogWindow(title: tr("Remove Account"), over: parent, width: 420)
        let window = dialog.window, box = dialog.box
        let accounts = (try? store.accounts()) ?? []
        let note = wrappedLabel(accounts.isEmpty
            ? tr("There is no CalDAV account to remove.")
            : tr("A removed account’s lists stay on this computer and on the server; they no longer sync."))
        gtk_box_append(cast(box), note)
        let error = wrappedLabel("")
        Widgets.addClass(error, "error")
        gtk_widget_set_visible(error, 0)
        for account in accounts {
            let lists = ((try? store.syncedLists(accountID: account.id)) ?? []).map(\.name)
            gtk_box_append(cast(box), row(account, lists: lists) { button in
                gtk_widget_set_sensitive(button, 0)
                sync.removeAccount(account) { failure in
                    guard let failure else {
                        gtk_window_destroy(cast(window))
                        onRemoved(account)
                        return
                    }
                    gtk_widget_set_sensitive(button, 1)
                    let folder = URL(fileURLWithPath: store.queue.path).deletingLastPathComponent()
                    let problem = StorageFailure(failure, folder: folder).checkingFolder()
                    gtk_label_set_text(OpaquePointer(error), StorageProblemMessage.changeNotSaved(problem))
                    gtk_widget_set_visible(error, 1)
                }
            })
        }
        let close = AccessibleRole.textButton(mnemonic: tr("_Close"), name: tr("Close"))
        gtk_widget_set_halign(close, GTK_ALIGN_END)
        gtk_box_append(cast(box), error)
        gtk_box_append(cast(box), close)
        Signal.connect(close.raw, "clicked") { gtk_window_destroy(cast(window)) }
        Signal.connect(window.raw, "destroy") { Widgets.presentAgain(parent) }
        Widgets.closeOnEscape(window)
        gtk_window_present(cast(window))
        gtk_widget_grab_focus(close)
    }

    /// "alice at https://…", the names of its lists, and Remove (named for screen readers after
    /// the account, as every row has one).
    private static func row(_ account: SyncAccount, lists: [String],
                            remove: @escaping @MainActor (UnsafeMutablePointer<GtkWidget>) -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        let text = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        gtk_widget_set_hexpand(text, 1)
        let name = tr("{user} at {server}", ["user": account.user, "server": account.url])
        gtk_box_append(cast(text), wrappedLabel(name))
        let listNames = wrappedLabel(lists.isEmpty ? tr("No lists") : lists.joined(separator: ", "))
        Widgets.addClass(listNames, "dim-label")
        gtk_box_append(cast(text), listNames)
        let button = AccessibleRole.textButton(mnemonic: tr("_Remove"), name: tr("Remove {account}", ["account": name]))
        Widgets.addClass(button, "destructive-action")
        gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
        Signal.connect(button.raw, "clicked") { remove(button) }
        gtk_box_append(cast(row), text)
        gtk_box_append(cast(row), button)
        return row
    }

    /// Wrapped between words, and within one where a word is longer than the line: a whole
    /// CalDAV address ("https://caldav.fastmail.com/dav/calendars/user/…@fastmail.com/") held
    /// the dialog at 378 px over a 360 px phone.
    private static func wrappedLabel(_ text: String) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(text)!
        gtk_label_set_wrap(OpaquePointer(label), 1)
        AddressLabel.breakWithinWords(label)
        gtk_label_set_xalign(OpaquePointer(label), 0)
        return label
    }
}
