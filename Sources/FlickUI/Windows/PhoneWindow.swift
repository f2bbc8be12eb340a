@preconcurrency import CGtk

/// The frame of a screen that GTK's own window cannot show on a phone, the
/// shortcuts and About: a window over the main window and of its size, as the details are
/// there, its title in a header bar whose close button a finger can press (a phone has no
/// Escape key; Escape closes it too), and a column that scrolls up and down, never sideways.
@MainActor
struct PhoneWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    /// Where the content goes, top to bottom, within the dialogs' phone margins.
    let column: UnsafeMutablePointer<GtkWidget>
    let header: UnsafeMutablePointer<GtkWidget>
    private let scrolled: UnsafeMutablePointer<GtkWidget>

    init(title: String, over parent: UnsafeMutablePointer<GtkWidget>, spacing: Int32) {
        window = gtk_window_new()!
        gtk_window_set_title(cast(window), title)
        gtk_window_set_modal(cast(window), 1)
        gtk_window_set_transient_for(cast(window), cast(parent))
        // The 44 px buttons of AppStyle.phoneCSS, the header's close button among them.
        Widgets.addClass(window, "narrow")
        header = gtk_header_bar_new()!
        gtk_window_set_titlebar(cast(window), header)
        let size = Self.contentSize(of: parent)
        gtk_window_set_default_size(cast(window), size.width, size.height)
        column = gtk_box_new(GTK_ORIENTATION_VERTICAL, spacing)!
        DialogWindow.setMargins(of: column, over: parent)
        scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(OpaquePointer(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), column)
        gtk_window_set_child(cast(window), scrolled)
        Widgets.closeOnEscape(window)
        Signal.connect(window.raw, "destroy") { Widgets.presentAgain(parent) }
    }

    /// Puts `bar` (a search bar) between the header and the column, where it stays while the
    /// column scrolls.
    func placeAboveColumn(_ bar: UnsafeMutablePointer<GtkWidget>) {
        g_object_ref(scrolled.raw)
        defer { g_object_unref(scrolled.raw) }
        gtk_window_set_child(cast(window), nil)
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(cast(box), bar)
        gtk_box_append(cast(box), scrolled)
        gtk_widget_set_vexpand(scrolled, 1)
        gtk_window_set_child(cast(window), box)
    }

    /// The size of `parent` within the shadow GTK draws around a window without a window
    /// manager's frame: its header bar and its content, one above the other. Before the
    /// parent's first frame, a phone upright.
    static func contentSize(of parent: UnsafeMutablePointer<GtkWidget>) -> (width: Int32, height: Int32) {
        guard let width = DialogWindow.contentWidth(of: parent), let child = gtk_window_get_child(cast(parent)) else {
            return (360, 640)
        }
        let header = gtk_window_get_titlebar(cast(parent)).map { gtk_widget_get_height($0) } ?? 0
        return (width, header + gtk_widget_get_height(child))
    }

    /// A label for the column: it wraps at the column's width rather than widening the window
    /// (a word longer than the width is broken too), starting at the reading side, or centred.
    static func label(_ text: String, centred: Bool = false, classes: [String] = []) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(text)!
        gtk_label_set_wrap(OpaquePointer(label), 1)
        gtk_label_set_wrap_mode(OpaquePointer(label), PANGO_WRAP_WORD_CHAR)
        if centred {
            gtk_label_set_justify(OpaquePointer(label), GTK_JUSTIFY_CENTER)
        } else {
            gtk_label_set_xalign(OpaquePointer(label), 0)
        }
        for name in classes { Widgets.addClass(label, name) }
        return label
    }
}
