@preconcurrency import CGtk

/// Keeps a widget that grows in place (a calendar revealed below its button) in view
/// of the scrolled window around it while it grows: each time the scrolled content changes
/// size, the view scrolls the least that shows the widget whole, or, where it is taller than
/// the view, its top at the view's top, as GTK scrolls to a focused widget (GtkViewport's
/// `gtk_adjustment_clamp_page`): a calendar is read from its month and year down, so those
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
            self?.scrollOnceLaidOut()
        }
        followed = (scrolled, adjustment, handler)
        scroll(scrolled, adjustment)
    }

    /// Scrolls again, while following: the part moved (another day chosen by the keyboard).
    func partMoved() {
        scrollOnceLaidOut()
    }

    /// Scrolls once the frame being laid out is done: the adjustment changes while the view is
    /// laid out, before the widgets inside it are, and their places read then were the last
    /// frame's (the calendar not yet there at all, so nothing scrolled).
    private func scrollOnceLaidOut() {
        MainLoop.idle { [weak self] in
            guard let self, let followed = self.followed else { return }
            self.scroll(followed.scrolled, followed.adjustment)
        }
    }

    func stop() {
        guard let followed else { return }
        g_signal_handler_disconnect(UnsafeMutableRawPointer(followed.adjustment), gulong(followed.handler))
        self.followed = nil
    }

    /// Scrolls `scrolled` the least that shows the widget, or its top where it is too tall;
    /// then the least more that shows its part. Set at once: the view's own scroll to the
    /// focused calendar is animated, and left running it took the view back above the chosen
    /// day (`gtk_adjustment_set_value` ends it).
    private func scroll(_ scrolled: UnsafeMutablePointer<GtkWidget>, _ adjustment: UnsafeMutablePointer<GtkAdjustment>) {
        let page = gtk_adjustment_get_page_size(adjustment)
        var value = gtk_adjustment_get_value(adjustment)
        // Placed from where the view was laid out: the widgets keep those places until the next
        // layout, whatever the adjustment says meanwhile.
        let laidOut = value
        for shown in [widget, part()].compactMap({ $0 }) {
            var bounds = graphene_rect_t()
            guard gtk_widget_compute_bounds(shown, scrolled, &bounds) != 0 else { return }
            let top = laidOut + Double(bounds.origin.y), bottom = top + Double(bounds.size.height)
            if bottom - top > page || top < value {
                value = top
            } else if bottom > value + page {
                value = bottom - page
            }
        }
        gtk_adjustment_set_value(adjustment, value)
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
