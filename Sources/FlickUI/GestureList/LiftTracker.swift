@preconcurrency import CGtk

/// Follows the pointer over the whole window while a row is lifted. GTK 4.8 stops reporting a
/// drag to the list once the pointer leaves it (seen with the mouse under X11: over the header
/// bar not even the release arrives), so a capture-phase controller on the window hands the
/// lifters the moves and the release it sees there.
@MainActor
enum LiftTracker {
    static func attach(to window: UnsafeMutablePointer<GtkWidget>, lists: @escaping @MainActor () -> [GestureList]) {
        let legacy = gtk_event_controller_legacy_new()!
        gtk_event_controller_set_propagation_phase(legacy, GTK_PHASE_CAPTURE)
        Signal.connectEvent(UnsafeMutableRawPointer(legacy)) { event in
            guard let list = lists().first(where: { $0.lifter.isLifted }),
                  let point = windowPoint(of: event, window: window) else { return false }
            switch gdk_event_get_event_type(event) {
            case GDK_MOTION_NOTIFY, GDK_TOUCH_UPDATE:
                list.lifter.moved(toWindowX: point.x, y: point.y, time: Double(gdk_event_get_time(event)) / 1000)
            case GDK_BUTTON_RELEASE, GDK_TOUCH_END:
                // After the list's own drag has seen it, if it did.
                MainLoop.idle { list.driver.liftReleasedElsewhere() }
            default:
                break
            }
            return false
        }
        gtk_widget_add_controller(window, legacy)
    }

    /// The event's position in the window widget's coordinates (the surface's, less the
    /// window's shadow and frame).
    private static func windowPoint(of event: OpaquePointer, window: UnsafeMutablePointer<GtkWidget>) -> (x: Double, y: Double)? {
        var x = 0.0
        var y = 0.0
        guard gdk_event_get_position(event, &x, &y) != 0, let native = gtk_widget_get_native(window) else { return nil }
        var dx = 0.0
        var dy = 0.0
        gtk_native_get_surface_transform(native, &dx, &dy)
        return (x - dx, y - dy)
    }
}
