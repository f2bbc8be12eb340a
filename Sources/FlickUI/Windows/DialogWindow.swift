@preconcurrency import CGtk

/// The frame Flick's small modal windows share: a titled window kept over its parent, holding
/// a column of content inside the margins GNOME's dialogs have.
@MainActor
struct DialogWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    /// Where the dialog's content goes, top to bottom.
    let box: UnsafeMutablePointer<GtkWidget>

    /// - Parameters:
    ///   - width: the default width; nil lets the content decide.
    ///   - parent: the window it stays over; nil when there is none yet (a message at start-up).
    init(title: String, over parent: UnsafeMutablePointer<GtkWidget>?, width: Int32? = nil, resizable: Bool = true) {
        window = gtk_window_new()!
        gtk_window_set_title(cast(window), title)
        gtk_window_set_modal(cast(window), 1)
        if !resizable { gtk_window_set_resizable(cast(window), 0) }
        if let parent { gtk_window_set_transient_for(cast(window), cast(parent)) }
        Self.fit(window, width: width, over: parent)
        box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        Self.setMargins(of: box, over: parent)
        gtk_window_set_child(cast(window), Self.scrolling(box, within: parent))
    }

    /// Over a phone held sideways the content scrolls within the window's height, 360 px, where
    /// Add Account needed 392. Elsewhere it is `box`: upright, a scrolled window measured the
    /// wrapped notes at their natural width and hid Connect below the fold.
    static func scrolling(_ box: UnsafeMutablePointer<GtkWidget>,
                          within parent: UnsafeMutablePointer<GtkWidget>?) -> UnsafeMutablePointer<GtkWidget> {
        guard let parent, case let height = gtk_widget_get_height(parent), height > 0,
              height < PhoneWidth.phoneBelow else { return box }
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(OpaquePointer(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_height(OpaquePointer(scrolled), 1)
        // The dialog's own title bar (about 50 px) stays above it.
        let most = height - 60
        gtk_scrolled_window_set_max_content_height(OpaquePointer(scrolled), most)
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), box)
        growToContent(scrolled, upTo: most)
        return scrolled
    }

    /// Makes `scrolled` as tall as its content once laid out, up to `most`: GTK 4.8 gives it
    /// the height of its content at the content's natural width, where wrapped lines are
    /// fewer, and sideways Remove Account hid 27 px of its Close button below the fold,
    /// Password 137 px of its field and buttons, with room on the screen for both.
    private static func growToContent(_ scrolled: UnsafeMutablePointer<GtkWidget>, upTo most: Int32) {
        guard let downwards = gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolled)) else { return }
        Signal.connect(UnsafeMutableRawPointer(downwards), "changed") {
            let content = Int32(gtk_adjustment_get_upper(downwards).rounded(.up))
            guard content > gtk_scrolled_window_get_min_content_height(OpaquePointer(scrolled)) else { return }
            gtk_scrolled_window_set_min_content_height(OpaquePointer(scrolled), min(content, most))
        }
    }

    /// GNOME's dialog margins, 24 px, or 12 over a phone-wide parent: at 24 Add Account's
    /// fields needed 362 px of a 360 px screen.
    static func setMargins(of box: UnsafeMutablePointer<GtkWidget>, over parent: UnsafeMutablePointer<GtkWidget>?) {
        let margin: Int32 = PhoneWidth.isPhone(over: parent) ? 12 : 24
        for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            side(box, margin)
        }
    }

    /// Gives `window` the default `width` (nil: its content's), or over a phone-wide parent
    /// (`PhoneWidth`) that parent's width where it is less, with the parent's 44 px buttons
    /// (AppStyle.phoneCSS): Add Account asked for 420 px over a 360 px phone.
    /// Without a parent, on a phone's screen, the screen's width.
    static func fit(_ window: UnsafeMutablePointer<GtkWidget>, width: Int32?, over parent: UnsafeMutablePointer<GtkWidget>?) {
        let phone = PhoneWidth.isPhone(over: parent)
        Widgets.setClass(window, "narrow", phone)
        if phone, let available = parent.map(contentWidth(of:)) ?? PhoneWidth.phoneScreenWidth() {
            gtk_window_set_default_size(cast(window), min(width ?? .max, available), -1)
        } else if let width {
            gtk_window_set_default_size(cast(window), width, -1)
        }
    }

    /// The width of `window`'s content, without the shadow and resize border GTK draws around a
    /// window without a window manager's frame (the window's own width is 14 px more); nil
    /// before its first frame.
    static func contentWidth(of window: UnsafeMutablePointer<GtkWidget>) -> Int32? {
        guard let child = gtk_window_get_child(cast(window)) else { return nil }
        let width = gtk_widget_get_width(child)
        return width > 0 ? width : nil
    }
}
