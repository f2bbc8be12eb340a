@preconcurrency import CGtk

/// Tells when the machine wakes from a suspend: logind's `PrepareForSleep(false)` on the system
/// bus. Timers on the monotonic clock stop during a suspend, so what waits for a time of day
/// looks again at the resume: the date (`MidnightTimer.check`), a reminder that came due while
/// the lid was shut, and a sync. No system bus, or no logind, and it tells nothing.
@MainActor
final class SleepWatch {
    private static let name = "org.freedesktop.login1"
    private static let path = "/org/freedesktop/login1"
    private static let interface = "org.freedesktop.login1.Manager"

    private let resumed: @MainActor () -> Void
    private var bus: OpaquePointer?
    private var subscription: guint = 0

    /// Connects to the system bus without waiting for it (at start-up, after the first frame).
    init(resumed: @escaping @MainActor () -> Void) {
        self.resumed = resumed
        let box = Unmanaged.passRetained(WeakBox(self)).toOpaque()
        g_bus_get(G_BUS_TYPE_SYSTEM, nil, busReady, box)
    }

    fileprivate func connected(_ bus: OpaquePointer) {
        self.bus = bus
        let box = Unmanaged.passRetained(HandlerBox(resumed)).toOpaque()
        subscription = g_dbus_connection_signal_subscribe(
            bus, Self.name, Self.interface, "PrepareForSleep", Self.path, nil, G_DBUS_SIGNAL_FLAGS_NONE,
            prepareForSleep, box, releaseSleepHandler)
    }

    func stop() {
        if let bus, subscription != 0 { g_dbus_connection_signal_unsubscribe(bus, subscription) }
        subscription = 0
    }
}

/// The watch, held weakly while the bus is being connected: a watch stopped meanwhile is gone.
/// GIO calls back on the main loop, the watch's thread.
private final class WeakBox: @unchecked Sendable {
    weak var watch: SleepWatch?
    init(_ watch: SleepWatch) { self.watch = watch }
}

private let busReady: GAsyncReadyCallback = { _, result, data in
    let box = Unmanaged<WeakBox>.fromOpaque(data!).takeRetainedValue()
    var error: UnsafeMutablePointer<GError>?
    guard let bus = g_bus_get_finish(result, &error) else {
        g_clear_error(&error)
        return
    }
    nonisolated(unsafe) let connection = bus
    MainActor.assumeIsolated {
        if let watch = box.watch { watch.connected(connection) } else { g_object_unref(UnsafeMutableRawPointer(connection)) }
    }
}

/// `PrepareForSleep(b start)`: true as the machine goes to sleep, false once it has woken.
private let prepareForSleep: @convention(c) (OpaquePointer?, UnsafePointer<gchar>?, UnsafePointer<gchar>?,
                                             UnsafePointer<gchar>?, UnsafePointer<gchar>?, OpaquePointer?,
                                             gpointer?) -> Void = { _, _, _, _, _, parameters, data in
    guard let data, let parameters, g_variant_is_of_type(parameters, g_variant_type_checked_("(b)")) != 0 else { return }
    let child = g_variant_get_child_value(parameters, 0)!
    let goingToSleep = g_variant_get_boolean(child) != 0
    g_variant_unref(child)
    guard !goingToSleep else { return }
    let handler = Unmanaged<HandlerBox<@MainActor () -> Void>>.fromOpaque(data).takeUnretainedValue().handler
    MainActor.assumeIsolated { handler() }
}

private let releaseSleepHandler: GDestroyNotify = { data in
    Unmanaged<AnyObject>.fromOpaque(data!).release()
}
