@preconcurrency import CGtk

/// Tells a window whether it is a phone's: narrower or shorter than `phoneBelow`
/// px (360 x 640 held upright or sideways), it carries the CSS class `narrow`, under which
/// AppStyle makes every button a fingertip's 44 px, and `onChange` hears the switch (the header
/// moves its search into the menu). GTK 4.8 has no breakpoints,
/// so the size is read from the window's surface each time it changes, maximised or not: a
/// phone's shell maximises every window, and a maximised window's default size stays what it
/// was.
@MainActor
final class PhoneWidth {
    /// Phones are 360 to 414 px wide upright. Not 500, where the details' widest row (four day
    /// buttons and a date) stops fitting: Flick's own default window, 480 x 640 on a desktop,
    /// then took the phone's header and menu, and its row menu grew past test_postpone's drags.
    static let phoneBelow: Int32 = 420

    private let window: UnsafeMutablePointer<GtkWidget>
    private(set) var isNarrow = false
    var onChange: ((Bool) -> Void)?

    init(window: UnsafeMutablePointer<GtkWidget>) {
        self.window = window
        Signal.connect(window.raw, "realize") { [weak self] in self?.watchSurface() }
    }

    /// Whether `window` (a dialog's parent) is narrow now.
    static func isNarrow(_ window: UnsafeMutablePointer<GtkWidget>) -> Bool {
        gtk_widget_has_css_class(window, "narrow") != 0
    }

    /// Whether a dialog over `parent` is a phone's: its parent is narrow, or, without one, the
    /// screen itself is a phone's (`phoneScreenWidth`).
    static func isPhone(over parent: UnsafeMutablePointer<GtkWidget>?) -> Bool {
        parent.map(isNarrow) ?? (phoneScreenWidth() != nil)
    }

    /// The width of the screen when it is a phone's, nil when it is not: for a window with no
    /// window to measure, as the message that Flick cannot start, which comes before any; it
    /// was 483 px on a 360 px screen, its OK button 24 px tall.
    static func phoneScreenWidth() -> Int32? {
        guard let display = gdk_display_get_default(), let monitors = gdk_display_get_monitors(display),
              let monitor = g_list_model_get_item(monitors, 0) else { return nil }
        defer { g_object_unref(monitor) }
        var area = GdkRectangle()
        gdk_monitor_get_geometry(OpaquePointer(monitor), &area)
        return area.width > 0 && min(area.width, area.height) < phoneBelow ? area.width : nil
    }

    private func watchSurface() {
        guard let surface = gtk_native_get_surface(OpaquePointer(window)) else { return }
        for size in ["notify::width", "notify::height"] {
            Signal.connectObject(UnsafeMutableRawPointer(surface), size) { [weak self] _ in self?.measure() }
        }
        measure()
    }

    private func measure() {
        guard let surface = gtk_native_get_surface(OpaquePointer(window)) else { return }
        let (width, height) = (gdk_surface_get_width(surface), gdk_surface_get_height(surface))
        let narrow = min(width, height) < Self.phoneBelow
        guard narrow != isNarrow else { return }
        isNarrow = narrow
        Widgets.setClass(window, "narrow", narrow)
        onChange?(narrow)
    }
}
