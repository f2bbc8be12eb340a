@preconcurrency import CGtk

/// Keeps a widget that grows in place (a calendar revealed below its button, issue 61) in view
/// of the scrolled window around it while it grows: each time the scrolled content changes
/// size, the view scrolls the least that shows the widget whole, or, where it is taller than
/// the view, its top at the view's top, as GTK scrolls to a focused widget
/// (`gtk_adjustment_clamp_page`): a calendar is read from its month and year down, so those
/// come first where it does not fit (held sideways a phone's view is 292 px under the header,
/// the details' due calendar 361). Then the least more that shows its `part` (the chosen
/// day): sideways the 28th, in the fifth week, was below the fold, and Enter took a day the
/// user could not see.
@MainActor
final class KeptInView {
    private let widget: UnsafeMutablePointer<GtkWidget>
    private let part: () -> UnsafeMutablePointer<GtkWidget>?
    private var followed: (scrolled: UnsafeMutablePointer<GtkWidget>, adjustment: UnsafeMutablePointer<GtkAdjustment>,
                           handler: UInt)?

    init(_ widget: UnsafeMutablePointer<GtkWidget>, part: @escaping () -> UnsafeMutablePointer<GtkWidget>? = { nil }) {
        self.widget = widget
        self.part = part
    }

    /// Starts following the scrolled window around the widget, if there is one, and scrolls now.
    func start() {
        stop()
        guard let scrolled = Self.scrolledWindow(around: widget),
              let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolled)) else { return }
        let handler = Signal.connect(UnsafeMutableRawPointer(adjustment), "changed") { [weak self] in
            self?.scroll(scrolled, adjustment)
        }
        followed = (scrolled, adjustment, handler)
        scroll(scrolled, adjustment)
    }

    /// Scrolls again, while following: the part moved (another day chosen by the keyboard).
    func partMoved() {
        guard let followed else { return }
        scroll(followed.scrolled, followed.adjustment)
    }

    func stop() {
        guard let followed else { return }
        g_signal_handler_disconnect(UnsafeMutableRawPointer(followed.adjustment), gulong(followed.handler))
        self.followed = nil
    }

    /// Scrolls `scrolled` the least that shows the widget, or its top where it is too tall;
    /// then the least that shows its part.
    private func scroll(_ scrolled: UnsafeMutablePointer<GtkWidget>, _ adjustment: UnsafeMutablePointer<GtkAdjustment>) {
        for shown in [widget, part()].compactMap({ $0 }) {
            var bounds = graphene_rect_t()
            guard gtk_widget_compute_bounds(shown, scrolled, &bounds) != 0 else { return }
            let top = gtk_adjustment_get_value(adjustment) + Double(bounds.origin.y)
            gtk_adjustment_clamp_page(adjustment, top, top + Double(bounds.size.height))
        }
    }

    private static func scrolledWindow(around widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        var parent = gtk_widget_get_parent(widget)
        while let current = parent {
            if g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(current)), gtk_scrolled_window_get_type()) != 0 {
                return current
            }
            parent = gtk_widget_get_parent(current)
        }
        return nil
    }

    isolated deinit {
        stop()
    }
}
