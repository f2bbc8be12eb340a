@preconcurrency import CGtk

/// Every key controller of the main window, made here, each routing to what has the focus:
/// F10 opens the main menu; a key pressed with the focus in a gesture list goes to that list's
/// keys (`ListKeys`), whichever page it is on; Escape with the focus in the phone view, which
/// nothing in the view took, closes it. The window's actions' accelerators are GTK's
/// (`WindowActions`); the row editor's keys and focus are its entry's (`RowEditor`); the
/// dialogs and the details window have their own.
///
/// One capture-phase key controller for F10 and the lists, ahead of the focused widget's own
/// bindings (GtkListView's Space, GtkWindow's F10, which moves the focus into the header bar
/// when the window has no menu bar, and took the key from the application's accelerator), and
/// one in the bubble phase for the phone view's Escape, after a popover open in the view (a
/// date's calendar, the tags' completion) has taken its own.
@MainActor
enum WindowKeys {
    static func attach(to window: MainWindow) {
        let first = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(first, GTK_PHASE_CAPTURE)
        Signal.connectKeyPressed(UnsafeMutableRawPointer(first)) { [weak window] keyval, state in
            guard let window else { return false }
            return pressedFirst(keyval: keyval, state: state, in: window)
        }
        gtk_widget_add_controller(window.window, first)

        let last = gtk_event_controller_key_new()!
        Signal.connectKeyPressed(UnsafeMutableRawPointer(last)) { [weak window] keyval, state in
            guard let window else { return false }
            return pressedLast(keyval: keyval, state: state, in: window)
        }
        gtk_widget_add_controller(window.window, last)
    }

    private static func pressedFirst(keyval: guint, state: GdkModifierType, in window: MainWindow) -> Bool {
        if Int32(keyval) == GDK_KEY_F10, modifiers(state) == 0 {
            return gtk_widget_activate_action_variant(window.window, "win.main-menu", nil) != 0
        }
        guard let list = listWithFocus(in: window) else { return false }
        return ListKeys.pressed(keyval: keyval, state: state, on: list)
    }

    private static func pressedLast(keyval: guint, state: GdkModifierType, in window: MainWindow) -> Bool {
        guard Int32(keyval) == GDK_KEY_Escape, modifiers(state) == 0, window.phoneView.isShown,
              focus(of: window, isIn: window.phoneView.root) else { return false }
        return gtk_widget_activate_action_variant(window.window, "win.go-up", nil) != 0
    }

    /// The gesture list the keyboard focus is in, on any page made (a page settling beside the
    /// one shown has its list too).
    private static func listWithFocus(in window: MainWindow) -> GestureList? {
        window.pages.madeLists.first { focus(of: window, isIn: $0.listView) }
    }

    private static func focus(of window: MainWindow, isIn widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let focused = gtk_window_get_focus(cast(window.window)) else { return false }
        return focused == widget || gtk_widget_is_ancestor(focused, widget) != 0
    }

    private static func modifiers(_ state: GdkModifierType) -> UInt32 {
        state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue | GDK_SUPER_MASK.rawValue)
    }
}
