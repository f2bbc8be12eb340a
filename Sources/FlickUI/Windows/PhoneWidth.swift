@preconcurrency import CGtk

/// Tells a window whether it is as narrow as a phone (issue 61): below `narrowBelow` px wide
/// it carries the CSS class `narrow`, under which AppStyle makes every button a fingertip's
/// 44 px, and `onChange` hears the switch (the header moves its search into the menu). GTK 4.8
/// has no breakpoints, so the width is read from the window's surface each time it changes,
/// maximised or not: a phone shell maximises every window, and a maximised window's default
/// width stays what it was.
@MainActor
final class PhoneWidth {
    /// GNOME's adaptive applications switch at about this width (libadwaita's "narrow"
    /// breakpoint), and the details' widest row (four day buttons and a date) needs 500 px.
    static let narrowBelow: Int32 = 500

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

    private func watchSurface() {
        guard let surface = gtk_native_get_surface(OpaquePointer(window)) else { return }
        Signal.connectObject(UnsafeMutableRawPointer(surface), "notify::width") { [weak self] _ in self?.measure() }
        measure()
    }

    private func measure() {
        guard let surface = gtk_native_get_surface(OpaquePointer(window)) else { return }
        let narrow = gdk_surface_get_width(surface) < Self.narrowBelow
        guard narrow != isNarrow else { return }
        isNarrow = narrow
        Widgets.setClass(window, "narrow", narrow)
        onChange?(narrow)
    }
}
