@preconcurrency import CGtk

/// Gives a new window's first field the focus only a moment after the window is active. Orca 48
/// handles the keys that opened the window (Ctrl+I) while Flick builds it, asking Flick over
/// D-Bus which window is active: when the new one is, Orca says it, and if a field in it has the
/// focus by then Orca takes that field as its focus without saying it, so the field's own focus
/// event, after, is "the existing locus of focus" and never said (the details' Title, 2 Ctrl+I
/// in 3 on Debian 13; given in an idle after the activation, 4 in 5: Orca's questions about the
/// keys went on for 100 ms after it). Given after that, the focus is a change Orca says, as
/// Orca 43 says it at once. Nothing typed meanwhile is lost: a key pressed before then gives the
/// field the focus at once and goes to it, and a field clicked meanwhile keeps the focus.
@MainActor
enum FocusOnceActive {
    /// Presents `window` with nothing focused in it, then focuses `widget` once it is active.
    static func present(_ window: UnsafeMutablePointer<GtkWidget>, focusing widget: UnsafeMutablePointer<GtkWidget>) {
        gtk_window_present(cast(window))
        // GTK focuses the first focusable widget of a window shown without a focus (the field).
        gtk_window_set_focus(cast(window), nil)
        focusOnFirstKey(window, widget)
        if gtk_window_is_active(cast(window)) != 0 {
            focus(widget, in: window)
            return
        }
        var given = false
        Signal.connectObject(window.raw, "notify::is-active") { _ in
            guard !given, gtk_window_is_active(cast(window)) != 0 else { return }
            given = true
            focus(widget, in: window)
        }
    }

    /// Long enough for a screen reader to be done with the keys that opened the window, short
    /// enough not to be waited for.
    static let pauseSeconds = 0.4

    /// A window closed before then takes its timer with it. Holding a reference to the window
    /// instead kept it past its parent: closed with the main window, it was finalized at the
    /// timer, and its destroy handler presented the main window, gone by then (a CRITICAL).
    private static func focus(_ widget: UnsafeMutablePointer<GtkWidget>, in window: UnsafeMutablePointer<GtkWidget>) {
        var pending = true
        let timer = MainLoop.after(seconds: pauseSeconds) {
            pending = false
            guard gtk_widget_get_mapped(window) != 0, gtk_window_get_focus(cast(window)) == nil else { return }
            gtk_widget_grab_focus(widget)
        }
        Signal.connect(window.raw, "destroy") {
            if pending { MainLoop.cancel(timer) }
            pending = false
        }
    }

    /// A key pressed while nothing in the window has the focus (the pause) gives `widget` the
    /// focus and goes to it, as if the focus had been there: Ctrl+I and then at once a title
    /// typed, or a Tab, lose nothing. One controller a window, added at its first presenting.
    private static func focusOnFirstKey(_ window: UnsafeMutablePointer<GtkWidget>, _ widget: UnsafeMutablePointer<GtkWidget>) {
        let object = UnsafeMutablePointer<GObject>(OpaquePointer(window))
        guard g_object_get_data(object, controllerKey) == nil, let controller = gtk_event_controller_key_new() else { return }
        gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
        Signal.connectKeyPressed(UnsafeMutableRawPointer(controller)) { _, _ in
            guard gtk_window_get_focus(cast(window)) == nil, gtk_widget_get_mapped(widget) != 0 else { return false }
            gtk_widget_grab_focus(widget)
            // To what took the focus: an entry gives it to the text inside, whose keys these are.
            guard let focused = gtk_window_get_focus(cast(window)) else { return false }
            return gtk_event_controller_key_forward(controller, focused) != 0
        }
        gtk_widget_add_controller(window, controller)
        g_object_set_data(object, controllerKey, UnsafeMutableRawPointer(controller))
    }

    private static let controllerKey = "flick-focus-on-first-key"
}
