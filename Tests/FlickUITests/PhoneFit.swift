@preconcurrency import CGtk
@testable import FlickUI

/// What of a window does not fit a phone's screen (issue 61), read from GTK's own layout, in
/// the words of tests/e2e/phone_screens.py's `misfits`: the window larger than the screen; a
/// widget a hand presses or types into, or a label, beyond the window's sides or top, or below
/// its bottom outside a scrolled view; a pressed one under 44 px tall; a view that scrolls
/// sideways, or up and down where the phone has room to show it whole. The end-to-end tour
/// reads the same through AT-SPI; this reads the widgets themselves, for the dialogs whose
/// cause (a CalDAV server, a sync) costs seconds to bring about.
@MainActor
enum PhoneFit {
    /// A fingertip covers about 9 mm, 44 px at a phone's scale (GNOME's HIG, Apple's 44 pt).
    static let touchPx: Float = 44
    private static let titleBar = 60.0

    /// `window`'s misfits on a screen the size of `screen`'s frame (the phone-sized main window).
    static func misfits(of window: UnsafeMutablePointer<GtkWidget>, on screen: UnsafeMutablePointer<GtkWidget>) -> [String] {
        let phone = frame(of: screen), shown = frame(of: window)
        let name = title(of: window)
        var found: [String] = []
        if shown.size.width > phone.size.width || shown.size.height > phone.size.height {
            found.append("\(name) is \(Int(shown.size.width)) x \(Int(shown.size.height)), "
                         + "the phone \(Int(phone.size.width)) x \(Int(phone.size.height))")
        }
        Widgets.forEachDescendant(of: window) { widget in
            guard gtk_widget_get_mapped(widget) != 0, let what = kind(of: widget),
                  let bounds = bounds(of: pressedPart(of: widget), in: window) else { return }
            let said = "\(what) \(text(of: widget).debugDescription) in \(name) at \(Int(bounds.origin.x)),\(Int(bounds.origin.y)) "
                + "\(Int(bounds.size.width))x\(Int(bounds.size.height))"
            if let place = outside(bounds, shown, scrolled: scrolled(widget)) {
                found.append("\(said): \(place)")
            } else if what == "button", bounds.size.height < touchPx {
                found.append("\(said): under \(Int(touchPx)) px tall")
            }
        }
        Widgets.forEachDescendant(of: window) { widget in
            guard gtk_widget_get_mapped(widget) != 0, WidgetTree.isA(widget, gtk_scrolled_window_get_type()),
                  let sideways = gtk_scrolled_window_get_hadjustment(OpaquePointer(widget)),
                  gtk_adjustment_get_upper(sideways) > gtk_adjustment_get_page_size(sideways) + 0.5 else { return }
            found.append("a view in \(name) scrolls sideways")
        }
        Widgets.forEachDescendant(of: window) { widget in
            guard gtk_widget_get_mapped(widget) != 0, WidgetTree.isA(widget, gtk_scrolled_window_get_type()),
                  let downwards = gtk_scrolled_window_get_vadjustment(OpaquePointer(widget)) else { return }
            let hidden = gtk_adjustment_get_upper(downwards) - gtk_adjustment_get_page_size(downwards)
            // What a window could show by growing, it must not hide below a fold; the title bar
            // a phone's shell adds (none under Xvfb) keeps its 60 px (DialogWindow.scrolling).
            if hidden > 0.5, Double(shown.size.height) + hidden + titleBar <= Double(phone.size.height) {
                found.append("a view in \(name) hides \(Int(hidden)) px below its fold with room on the phone to show them")
            }
        }
        return found
    }

    /// The part of `window` that is the window: its title bar and content with their margins
    /// (a dialog's column has 12 px), without the shadow or resize border GTK draws around it
    /// where no window manager frames it.
    static func frame(of window: UnsafeMutablePointer<GtkWidget>) -> graphene_rect_t {
        var union: graphene_rect_t?
        var child = gtk_widget_get_first_child(window)
        while let current = child {
            if gtk_widget_get_visible(current) != 0, let inner = bounds(of: current, in: window) {
                let bounds = withMargins(inner, of: current)
                var joined = graphene_rect_t()
                if var before = union { graphene_rect_union(&before, [bounds], &joined) } else { joined = bounds }
                union = joined
            }
            child = gtk_widget_get_next_sibling(current)
        }
        return union ?? graphene_rect_t()
    }

    /// Where GTK placed the popover `native`, in `main`'s coordinates: from its surface's place
    /// beside its parent's, less the shadow each draws around itself. Nil for a window, which
    /// the phone's shell places. Only drawn, not checked: GTK keeps a popover within the
    /// monitor, not the window, and Xvfb's is larger than a phone (the details' calendar opened
    /// below its button ran 60 px past a 640 px window's bottom, where a phone's screen flips
    /// it above), so only its size is checked, as phone_screens.misfits does.
    static func popoverOrigin(of native: UnsafeMutablePointer<GtkWidget>,
                              over main: UnsafeMutablePointer<GtkWidget>) -> graphene_point_t? {
        guard WidgetTree.isA(native, gtk_popover_get_type()), let surface = gtk_native_get_surface(OpaquePointer(native)) else {
            return nil
        }
        var popoverX = 0.0, popoverY = 0.0, mainX = 0.0, mainY = 0.0
        gtk_native_get_surface_transform(OpaquePointer(native), &popoverX, &popoverY)
        gtk_native_get_surface_transform(OpaquePointer(main), &mainX, &mainY)
        return graphene_point_t(x: Float(Double(gdk_popup_get_position_x(surface)) + popoverX - mainX),
                                y: Float(Double(gdk_popup_get_position_y(surface)) + popoverY - mainY))
    }

    private static func withMargins(_ bounds: graphene_rect_t, of widget: UnsafeMutablePointer<GtkWidget>) -> graphene_rect_t {
        let start = Float(gtk_widget_get_margin_start(widget)), top = Float(gtk_widget_get_margin_top(widget))
        let width = bounds.size.width + start + Float(gtk_widget_get_margin_end(widget))
        let height = bounds.size.height + top + Float(gtk_widget_get_margin_bottom(widget))
        return graphene_rect_t(origin: graphene_point_t(x: bounds.origin.x - start, y: bounds.origin.y - top),
                               size: graphene_size_t(width: width, height: height))
    }

    /// What the hand does with `widget` ("button": pressed; "field": typed into), "label" for
    /// text that must not be cut off, nil for the rest.
    private static func kind(of widget: UnsafeMutablePointer<GtkWidget>) -> String? {
        let pressed = [gtk_button_get_type(), gtk_check_button_get_type(), gtk_switch_get_type(), gtk_drop_down_get_type(),
                       gtk_expander_get_type()]
        let typed = [gtk_text_get_type(), gtk_entry_get_type(), gtk_password_entry_get_type(), gtk_spin_button_get_type()]
        if pressed.contains(where: { WidgetTree.isA(widget, $0) }) { return "button" }
        if typed.contains(where: { WidgetTree.isA(widget, $0) }) { return "field" }
        return WidgetTree.isA(widget, gtk_label_get_type()) ? "label" : nil
    }

    /// What a finger presses of `widget`: an expander's title row, not the text it opens.
    private static func pressedPart(of widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        guard WidgetTree.isA(widget, gtk_expander_get_type()) else { return widget }
        return WidgetTree.descendants(of: widget).first { String(cString: gtk_widget_get_css_name($0)) == "title" } ?? widget
    }

    /// Where `bounds` leaves `frame`, nil when inside; below the bottom is allowed in a scrolled view.
    private static func outside(_ bounds: graphene_rect_t, _ frame: graphene_rect_t, scrolled: Bool) -> String? {
        let tolerance: Float = 0.5
        if bounds.origin.x < frame.origin.x - tolerance
            || bounds.origin.x + bounds.size.width > frame.origin.x + frame.size.width + tolerance
            || bounds.origin.y < frame.origin.y - tolerance { return "outside the window's sides or top" }
        if !scrolled, bounds.origin.y + bounds.size.height > frame.origin.y + frame.size.height + tolerance {
            return "below the window"
        }
        return nil
    }

    private static func bounds(of widget: UnsafeMutablePointer<GtkWidget>,
                               in window: UnsafeMutablePointer<GtkWidget>) -> graphene_rect_t? {
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget, window, &bounds) != 0 else { return nil }
        return bounds
    }

    private static func scrolled(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        var parent = gtk_widget_get_parent(widget)
        while let current = parent {
            if WidgetTree.isA(current, gtk_scrolled_window_get_type()) { return true }
            parent = gtk_widget_get_parent(current)
        }
        return false
    }

    /// A window's title, quoted; a popover's type.
    private static func title(of native: UnsafeMutablePointer<GtkWidget>) -> String {
        guard WidgetTree.isA(native, gtk_window_get_type()) else { return WidgetTree.typeName(native) }
        return (gtk_window_get_title(cast(native)).map { String(cString: $0) } ?? "").debugDescription
    }

    /// A label's text, or the text of the first label inside (a button's).
    private static func text(of widget: UnsafeMutablePointer<GtkWidget>) -> String {
        if WidgetTree.isA(widget, gtk_label_get_type()) { return WidgetTree.labelText(widget) }
        let label = WidgetTree.descendants(of: widget).first { WidgetTree.isA($0, gtk_label_get_type()) }
        return label.map(WidgetTree.labelText) ?? WidgetTree.typeName(widget)
    }
}
