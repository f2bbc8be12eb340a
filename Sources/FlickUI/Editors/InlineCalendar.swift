@preconcurrency import CGtk

/// Where a `DateButton` shows its calendar at a phone's size: a button and, right
/// below it, the calendar revealed in place, in the details view that scrolls to it
/// (`KeptInView`), instead of a popover. A popover with a fingertip's 44 px days is 379 px tall,
/// which a phone held sideways (about 300 px under the header) cannot show, and GTK 4.8 keeps a
/// popover within the monitor, not the window: upright under Xvfb it ran past the window's
/// bottom. The button looks and speaks as the menu button it stands for: the date with an
/// arrow, and whether the calendar is open (GTK_ACCESSIBLE_STATE_EXPANDED, "expanded" or
/// "collapsed" to Orca).
@MainActor
final class InlineCalendar {
    let button: UnsafeMutablePointer<GtkWidget>
    /// Holds the calendar, below the button; hidden while it is closed, when its width (the
    /// calendar's) must not count.
    let revealer: UnsafeMutablePointer<GtkWidget>
    private let label: UnsafeMutablePointer<GtkWidget>
    private let arrow: UnsafeMutablePointer<GtkWidget>
    private let keptInView: KeptInView
    private(set) var isOpen = false
    /// The button was pressed (a click, Enter, Space, Orca's press).
    var onPress: (() -> Void)?

    init(accessibleName: String) {
        label = gtk_label_new(nil)!
        gtk_label_set_ellipsize(OpaquePointer(label), PANGO_ELLIPSIZE_END)
        gtk_widget_set_hexpand(label, 1)
        gtk_label_set_xalign(OpaquePointer(label), 0)
        arrow = AccessibleRole.widget(gtk_image_get_type(), role: GTK_ACCESSIBLE_ROLE_PRESENTATION)
        gtk_image_set_from_icon_name(OpaquePointer(arrow), "pan-down-symbolic")
        let content = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_box_append(cast(content), label)
        gtk_box_append(cast(content), arrow)
        button = gtk_button_new()!
        gtk_button_set_child(cast(button), content)
        Widgets.setAccessibleLabel(button, accessibleName)
        revealer = gtk_revealer_new()!
        // Shown at once, not slid down: the view is scrolled to the chosen day from where it is
        // drawn (`KeptInView`), and mid-slide it is drawn above where it ends.
        gtk_revealer_set_transition_type(OpaquePointer(revealer), GTK_REVEALER_TRANSITION_TYPE_NONE)
        gtk_widget_set_visible(revealer, 0)
        // The calendar kept in view, not its button too: held sideways there is no room for
        // both, and the room goes to the calendar, and within it to the chosen day.
        keptInView = KeptInView(revealer, part: { [revealer] in Self.chosenDay(in: revealer) })
        Signal.connect(button.raw, "clicked") { [weak self] in self?.onPress?() }
        setExpanded(false)
    }

    func setLabel(_ text: String) {
        gtk_label_set_text(OpaquePointer(label), text)
    }

    /// Shows the calendar below the button and gives it the keyboard, scrolling it into view.
    func open() {
        guard !isOpen, let calendar = gtk_revealer_get_child(OpaquePointer(revealer)) else { return }
        isOpen = true
        gtk_widget_set_visible(revealer, 1)
        gtk_revealer_set_reveal_child(OpaquePointer(revealer), 1)
        setExpanded(true)
        keptInView.start()
        if calendar != followedCalendar {
            followedCalendar = calendar
            // The arrow keys move the chosen day into a week below the fold: it is scrolled to.
            Signal.connect(calendar.raw, "day-selected") { [weak self] in self?.keptInView.partMoved() }
        }
        gtk_widget_grab_focus(calendar)
    }

    /// The calendar whose chosen day the view follows (connected once).
    private var followedCalendar: UnsafeMutablePointer<GtkWidget>?

    /// The chosen day's number in the calendar under `revealer`: GTK 4.8 marks its label
    /// (class day-number) selected.
    private static func chosenDay(in revealer: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        var chosen: UnsafeMutablePointer<GtkWidget>?
        Widgets.forEachDescendant(of: revealer) { widget in
            if chosen == nil, gtk_widget_has_css_class(widget, "day-number") != 0,
               gtk_widget_get_state_flags(widget).rawValue & GTK_STATE_FLAG_SELECTED.rawValue != 0 {
                chosen = widget
            }
        }
        return chosen
    }

    /// Hides the calendar; the keyboard goes back to the button if it was in the calendar.
    func close() {
        guard isOpen else { return }
        isOpen = false
        keptInView.stop()
        let hadFocus = gtk_widget_get_focus_child(revealer) != nil
        gtk_revealer_set_reveal_child(OpaquePointer(revealer), 0)
        gtk_widget_set_visible(revealer, 0)
        setExpanded(false)
        if hadFocus { gtk_widget_grab_focus(button) }
    }

    private func setExpanded(_ open: Bool) {
        gtk_image_set_from_icon_name(OpaquePointer(arrow), open ? "pan-up-symbolic" : "pan-down-symbolic")
        Widgets.setAccessibleState(button, GTK_ACCESSIBLE_STATE_EXPANDED, open)
    }
}
