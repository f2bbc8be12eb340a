@preconcurrency import CGtk

/// Keeps a menu's popover within a phone's window: with its items 44 px tall the
/// main menu is 650 px, taller than a 640 px screen under its header, so its items scroll
/// inside the window instead of running off its bottom edge, and it opens leftwards from the
/// button. GtkPopoverMenu holds its items in a scrolled window that grows to their height; its
/// maximum is set each time it opens. The selection's More Actions (`SelectionBar`) puts its
/// own in one: 414 px, it ran off a phone held sideways.
@MainActor
enum PhoneMenuHeight {
    /// The popover's arrow and margins, and the header above it.
    private static let outsideItems: Int32 = 100

    /// - Parameter leftwards: opens with its right edge at the button's: the main menu's button
    ///   is at the window's right; the selection's, in the middle, stays centred under it.
    static func limit(_ popover: UnsafeMutablePointer<GtkWidget>, within window: UnsafeMutablePointer<GtkWidget>? = nil,
                      leftwards: Bool = true) {
        Signal.connect(popover.raw, "show") {
            let root = gtk_widget_get_root(popover).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWidget.self) }
            guard let scrolled = scrolledWindow(in: popover), let window = window ?? root else { return }
            let phone = PhoneWidth.isNarrow(window)
            gtk_scrolled_window_set_max_content_height(OpaquePointer(scrolled),
                                                       phone ? max(gtk_widget_get_height(window) - outsideItems, 132) : -1)
            // Its right edge at the menu button's, near the window's: centred under the button,
            // it ran 60 px past a 360 px window's edge.
            if leftwards { gtk_widget_set_halign(popover, phone ? GTK_ALIGN_END : GTK_ALIGN_FILL) }
        }
    }

    private static func scrolledWindow(in widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        if g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(widget)), gtk_scrolled_window_get_type()) != 0 {
            return widget
        }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if let found = scrolledWindow(in: current) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }
}
