@preconcurrency import CGtk
import FlickCore
import Foundation

/// Recently Deleted: what was deleted in the last 30 days, newest first, each with
/// its list and when and how it went, a Restore button and a Delete Forever one; Empty deletes
/// them all for good. Restoring puts the item back in its list (`TodoStore.restoreDeleted`),
/// and the open list shows it through the store's change stream; the window says what it did
/// in a status line a screen reader reads. What cannot be undone asks first.
@MainActor
final class RecentlyDeletedWindow {
    /// Rows shown at most: a Clear Completed of thousands fills Recently Deleted at once, and
    /// GtkListBox makes every row. The rest are counted, and come as the newest go.
    static let shownAtMost = 200

    private let store: TodoStore
    private let window: UnsafeMutablePointer<GtkWidget>
    private let rows: UnsafeMutablePointer<GtkWidget>
    private let note: UnsafeMutablePointer<GtkWidget>
    private let status: UnsafeMutablePointer<GtkWidget>
    private let emptyButton: UnsafeMutablePointer<GtkWidget>
    private let closeButton: UnsafeMutablePointer<GtkWidget>
    /// The entries as last read, newest first.
    private var entries: [DeletedItem] = []
    /// The one open: opening again brings it to the front.
    private static var shown: RecentlyDeletedWindow?

    static func present(over parent: UnsafeMutablePointer<GtkWidget>, store: TodoStore) {
        if let shown {
            gtk_window_present(cast(shown.window))
            return
        }
        let opened = RecentlyDeletedWindow(over: parent, store: store)
        shown = opened
        Signal.connect(opened.window.raw, "destroy") {
            shown = nil
            Widgets.presentAgain(parent)
        }
        gtk_window_present(cast(opened.window))
    }

    private init(over parent: UnsafeMutablePointer<GtkWidget>, store: TodoStore) {
        self.store = store
        let dialog = DialogWindow(title: tr("Recently Deleted"), over: parent, width: 480)
        window = dialog.window
        var width: Int32 = 0  // 480, or a phone's width (DialogWindow.fit).
        var height: Int32 = 0
        gtk_window_get_default_size(cast(window), &width, &height)
        // Its entries scroll: on a phone held sideways it is as tall as the window, 360 px.
        let phone = PhoneWidth.isNarrow(parent)
        gtk_window_set_default_size(cast(window), width, phone ? min(560, gtk_widget_get_height(parent)) : 560)
        note = Self.wrappedLabel("")
        rows = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(OpaquePointer(rows), GTK_SELECTION_NONE)
        Widgets.addClass(rows, "boxed-list")
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(OpaquePointer(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_widget_set_vexpand(scrolled, 1)
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), rows)
        status = AccessibleRole.widget(gtk_label_get_type(), role: GTK_ACCESSIBLE_ROLE_STATUS)
        gtk_label_set_wrap(OpaquePointer(status), 1)
        gtk_label_set_xalign(OpaquePointer(status), 0)
        emptyButton = AccessibleRole.textButton(mnemonic: tr("_Empty"), name: tr("Empty Recently Deleted"))
        Widgets.addClass(emptyButton, "destructive-action")
        closeButton = AccessibleRole.textButton(mnemonic: tr("_Close"), name: tr("Close"))
        let close = closeButton
        let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)
        for child in [emptyButton, close] { gtk_box_append(cast(buttons), child) }
        for child in [note, scrolled, status, buttons] { gtk_box_append(cast(dialog.box), child) }
        Signal.connect(close.raw, "clicked") { [window] in gtk_window_destroy(cast(window)) }
        Signal.connect(emptyButton.raw, "clicked") { [weak self] in self?.askToEmpty() }
        Widgets.closeOnEscape(window)
        fill(focusing: 0)
    }

    /// Shows the entries as stored now; the focus goes to the row at `index` (the one after a
    /// restored or deleted entry), or to Close when none is left.
    private func fill(focusing index: Int) {
        while let child = gtk_widget_get_first_child(rows) { gtk_list_box_remove(OpaquePointer(rows), child) }
        entries = (try? store.recentlyDeleted()) ?? []
        var firstButtons: [UnsafeMutablePointer<GtkWidget>] = []
        for entry in entries.prefix(Self.shownAtMost) {
            let (row, restore) = self.row(entry)
            gtk_list_box_append(OpaquePointer(rows), row)
            firstButtons.append(restore)
        }
        gtk_label_set_text(OpaquePointer(note), Self.noteText(total: entries.count))
        gtk_widget_set_visible(gtk_widget_get_parent(rows), entries.isEmpty ? 0 : 1)
        gtk_widget_set_sensitive(emptyButton, entries.isEmpty ? 0 : 1)
        if firstButtons.isEmpty {
            gtk_widget_grab_focus(closeButton)
        } else {
            gtk_widget_grab_focus(firstButtons[min(index, firstButtons.count - 1)])
        }
    }

    static func noteText(total: Int) -> String {
        if total == 0 { return tr("Nothing was deleted in the last 30 days.") }
        let kept = tr("Deleted items are kept here for 30 days, then deleted for good.")
        guard total > shownAtMost else { return kept }
        return kept + " " + trPlural("The newest {shown} of {count} item are shown.", "The newest {shown} of {count} items are shown.",
                                     total, ["shown": countText(shownAtMost), "count": countText(total)])
    }

    /// The entry's title and details, and its two buttons, named with its title for screen
    /// readers; returns the row and its Restore button.
    private func row(_ entry: DeletedItem) -> (UnsafeMutablePointer<GtkWidget>, UnsafeMutablePointer<GtkWidget>) {
        let line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            side(line, 8)
        }
        let texts = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        gtk_widget_set_hexpand(texts, 1)
        let title = gtk_label_new(entry.title)!
        Widgets.addClass(title, "heading")
        gtk_label_set_ellipsize(OpaquePointer(title), PANGO_ELLIPSIZE_END)
        gtk_label_set_xalign(OpaquePointer(title), 0)
        let details = Self.wrappedLabel(DeletedItemText.details(entry))
        Widgets.addClass(details, "dim-label")
        for child in [title, details] { gtk_box_append(cast(texts), child) }
        let restore = AccessibleRole.textButton(mnemonic: tr("_Restore"), name: tr("Restore “{title}”", ["title": entry.title]))
        let forget = gtk_button_new_from_icon_name("user-trash-symbolic")!
        Widgets.setName(ofIconButton: forget, to: tr("Delete “{title}” forever", ["title": entry.title]))
        for child in [restore, forget] { gtk_widget_set_valign(child, GTK_ALIGN_CENTER) }
        for child in [texts, restore, forget] { gtk_box_append(cast(line), child) }
        Signal.connect(restore.raw, "clicked") { [weak self] in self?.restore(entry) }
        Signal.connect(forget.raw, "clicked") { [weak self] in self?.askToDeleteForever(entry) }
        return (line, restore)
    }

    private func index(of entry: DeletedItem) -> Int {
        entries.firstIndex { $0.id == entry.id } ?? 0
    }

    private func restore(_ entry: DeletedItem) {
        let place = index(of: entry)
        do {
            let restored = try store.restoreDeleted(entry.id)
            say(restored.madeListAgain
                ? tr("“{title}” is back in {list}, a list made again for it.", ["title": restored.title, "list": restored.listName])
                : tr("“{title}” is back in {list}.", ["title": restored.title, "list": restored.listName]))
        } catch {
            say(StorageProblemMessage.changeNotSaved(StorageFailure(error, folder: folder).checkingFolder()))
        }
        fill(focusing: place)
    }

    private func askToDeleteForever(_ entry: DeletedItem) {
        QuestionDialog.present(
            heading: tr("Delete “{title}” Forever?", ["title": entry.title]),
            body: tr("It cannot be brought back."),
            keep: .init(mnemonic: tr("_Cancel"), name: tr("Cancel")),
            use: .init(mnemonic: tr("_Delete Forever"), name: tr("Delete forever")),
            destructive: true, over: window) { [weak self] in self?.deleteForever(entry) }
    }

    private func deleteForever(_ entry: DeletedItem) {
        let place = index(of: entry)
        do {
            try store.deleteForever(entry.id)
            say(tr("“{title}” was deleted for good.", ["title": entry.title]))
        } catch {
            say(StorageProblemMessage.changeNotSaved(StorageFailure(error, folder: folder).checkingFolder()))
        }
        fill(focusing: place)
    }

    private func askToEmpty() {
        let count = entries.count
        QuestionDialog.present(
            heading: tr("Empty Recently Deleted?"),
            body: trPlural("The {count} item in it will be deleted for good. This cannot be undone.",
                           "The {count} items in it will be deleted for good. This cannot be undone.",
                           count, ["count": countText(count)]),
            keep: .init(mnemonic: tr("_Cancel"), name: tr("Cancel")),
            use: .init(mnemonic: tr("_Empty"), name: tr("Empty")),
            destructive: true, over: window) { [weak self] in self?.empty() }
    }

    private func empty() {
        do {
            try store.emptyRecentlyDeleted()
            say(tr("Recently Deleted is empty."))
        } catch {
            say(StorageProblemMessage.changeNotSaved(StorageFailure(error, folder: folder).checkingFolder()))
        }
        fill(focusing: 0)
    }

    /// Shows `text` in the status line, which a screen reader reads as it changes.
    private func say(_ text: String) {
        gtk_label_set_text(OpaquePointer(status), text)
    }

    private var folder: URL {
        URL(fileURLWithPath: store.queue.path).deletingLastPathComponent()
    }

    private static func wrappedLabel(_ text: String) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(text)!
        gtk_label_set_wrap(OpaquePointer(label), 1)
        gtk_label_set_xalign(OpaquePointer(label), 0)
        return label
    }
}
