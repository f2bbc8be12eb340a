@preconcurrency import CGtk

/// Follows signals of the system's services (`BusSignal`: logind, timedated) on the system bus,
/// connected without waiting for it. No system bus, or no such service, and it tells nothing.
@MainActor
final class SystemBusWatch {
    private let signals: [BusSignal]
    private var bus: OpaquePointer?
    private var subscriptions: [guint] = []

    /// Made after the first frame: the connection is not part of start-up.
    init(_ signals: [BusSignal]) {
        self.signals = signals
        let box = Unmanaged.passRetained(WeakWatch(self)).toOpaque()
        g_bus_get(G_BUS_TYPE_SYSTEM, nil, busReady, box)
    }

    fileprivate func connected(_ bus: OpaquePointer) {
        self.bus = bus
        subscriptions = signals.map { signal in
            let box = Unmanaged.passRetained(HandlerBox(signal.handler)).toOpaque()
            return g_dbus_connection_signal_subscribe(bus, signal.sender, signal.interface, signal.member, signal.path, nil,
                                                      G_DBUS_SIGNAL_FLAGS_NONE, busSignalArrived, box, releaseBusHandler)
        }
    }

    func stop() {
        if let bus { for subscription in subscriptions { g_dbus_connection_signal_unsubscribe(bus, subscription) } }
        subscriptions = []
    }
}

/// The watch, held weakly while the bus is being connected: a watch gone meanwhile subscribes
/// nothing. GIO calls back on the main loop, the watch's thread.
private final class WeakWatch: @unchecked Sendable {
    weak var watch: SystemBusWatch?
    init(_ watch: SystemBusWatch) { self.watch = watch }
}

private let busReady: GAsyncReadyCallback = { _, result, data in
    let box = Unmanaged<WeakWatch>.fromOpaque(data!).takeRetainedValue()
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

private let busSignalArrived: @convention(c) (OpaquePointer?, UnsafePointer<gchar>?, UnsafePointer<gchar>?,
                                              UnsafePointer<gchar>?, UnsafePointer<gchar>?, OpaquePointer?,
                                              gpointer?) -> Void = { _, _, _, _, _, parameters, data in
    guard let data, let parameters else { return }
    let handler = Unmanaged<HandlerBox<@MainActor (OpaquePointer) -> Void>>.fromOpaque(data).takeUnretainedValue().handler
    nonisolated(unsafe) let values = parameters
    MainActor.assumeIsolated { handler(values) }
}

private let releaseBusHandler: GDestroyNotify = { data in
    Unmanaged<AnyObject>.fromOpaque(data!).release()
}
