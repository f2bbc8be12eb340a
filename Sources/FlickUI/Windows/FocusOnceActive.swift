@preconcurrency import CGtk

/// Gives a new window's first field the focus only a moment after the window is active. Orca 48
/// handles the keys that opened the window (Ctrl+I) while Flick builds it, asking Flick over
/// D-Bus which window is active: when the new one is, Orca says it, and if a field in it has the
/// focus by then Orca takes that field as its focus without saying it, so the field's own focus
/// event, after, is "the existing locus of focus" and never said (the details' Title, 2 Ctrl+I
/// in 3 on Debian 13; given in an idle after the activation, 4 in 5: Orca's questions about the
/// keys went on for 100 ms after it). Given after that, the focus is a change Orca says, as
/// Orca 43 says it at once.
@MainActor
enum FocusOnceActive {
    /// Presents `window` with nothing focused in it, then focuses `widget` once it is active.
    static func present(_ window: UnsafeMutablePointer<GtkWidget>, focusing widget: UnsafeMutablePointer<GtkWidget>) {
        gtk_window_present(cast(window))
        // GTK focuses the first focusable widget of a window shown without a focus (the field).
        gtk_window_set_focus(cast(window), nil)
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

    /// The window is held until then, as it may be closed before.
    private static func focus(_ widget: UnsafeMutablePointer<GtkWidget>, in window: UnsafeMutablePointer<GtkWidget>) {
        g_object_ref(window.raw)
        _ = MainLoop.after(seconds: pauseSeconds) {
            defer { g_object_unref(window.raw) }
            guard gtk_widget_get_mapped(window) != 0 else { return }
            gtk_widget_grab_focus(widget)
        }
    }
}
