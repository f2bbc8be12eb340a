@preconcurrency import CGtk
import GestureShim

/// A search field in a bar that slides in: above the items (Ctrl+F, or the header's search
/// button), and above the phone's shortcuts. It searches as the user types (GtkSearchEntry
/// waits for a pause of its own), Enter goes to the results, and Escape ends the search.
@MainActor
final class SearchBar {
    let root: UnsafeMutablePointer<GtkWidget>
    let entry: UnsafeMutablePointer<GtkWidget>
    /// Told of the text after each change.
    var onChange: ((String) -> Void)?
    /// Enter: the results take the keyboard.
    var onActivate: (() -> Void)?
    /// Escape, or the bar closed.
    var onStop: (() -> Void)?

    /// - Parameter placeholder: what the empty field shows, and its name for screen readers.
    init(placeholder: String) {
        entry = gtk_search_entry_new()!
        gtk_widget_set_hexpand(entry, 1)
        // GTK 4.8 has the property but not yet its setter (4.10).
        var text = GValue()
        g_value_init(&text, GType(G_TYPE_STRING_RAW))
        g_value_set_string(&text, placeholder)
        g_object_set_property(UnsafeMutablePointer(OpaquePointer(entry)), "placeholder-text", &text)
        g_value_unset(&text)
        Widgets.setAccessibleLabel(entry, placeholder)
        root = gtk_search_bar_new()!
        gtk_search_bar_set_child(OpaquePointer(root), entry)
        gtk_search_bar_connect_entry(OpaquePointer(root), OpaquePointer(entry))
        gtk_search_bar_set_show_close_button(OpaquePointer(root), 1)
        Signal.connect(entry.raw, "search-changed") { [weak self] in
            guard let self else { return }
            self.onChange?(self.text)
        }
        Signal.connect(entry.raw, "activate") { [weak self] in self?.onActivate?() }
        Signal.connect(entry.raw, "stop-search") { [weak self] in self?.onStop?() }
        Signal.connectObject(root.raw, "notify::search-mode-enabled") { [weak self] _ in
            guard let self, !self.isOpen else { return }
            self.onStop?()
        }
    }

    var text: String { String(cString: gtk_editable_get_text(OpaquePointer(entry))) }

    var isOpen: Bool { gtk_search_bar_get_search_mode(OpaquePointer(root)) != 0 }

    /// Puts `text` in the field; the field tells `onChange` after its pause, as for typing.
    func setText(_ text: String) {
        gtk_editable_set_text(OpaquePointer(entry), text)
        gtk_editable_set_position(OpaquePointer(entry), -1)
    }

    func open() {
        // GTK 4.8 tells screen readers of no focus on a widget that is not realized, and the
        // field is realized only once its bar has slid in, after the bar gave it the focus:
        // Orca never said the field.
        gtk_widget_realize(entry)
        gtk_search_bar_set_search_mode(OpaquePointer(root), 1)
        gtk_widget_grab_focus(entry)
        // GTK 4.18's search entry tells screen readers of no focus of its own: its text
        // inside has it (Orca 48 said the window's title, never the field).
        flick_accessible_focus_changed(OpaquePointer(entry))
    }

    /// Closes the bar and empties the field, telling neither `onChange` nor `onStop`: the
    /// caller is already ending the search.
    func close() {
        let (change, stop) = (onChange, onStop)
        (onChange, onStop) = (nil, nil)
        gtk_editable_set_text(OpaquePointer(entry), "")
        gtk_search_bar_set_search_mode(OpaquePointer(root), 0)
        (onChange, onStop) = (change, stop)
    }
}
