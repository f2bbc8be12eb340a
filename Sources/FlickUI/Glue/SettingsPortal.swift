@preconcurrency import CGtk

/// The desktop's Settings portal (`org.freedesktop.portal.Settings`), which offers an
/// application, sandboxed or not, the desktop's appearance settings and tells their changes.
/// It is asked only when it runs already (`G_DBUS_CALL_FLAGS_NO_AUTO_START`): starting it
/// for Flick would put its start-up before Flick's first frame.
@MainActor
final class SettingsPortal {
    private static let name = "org.freedesktop.portal.Desktop"
    private static let path = "/org/freedesktop/portal/desktop"
    private static let interface = "org.freedesktop.portal.Settings"

    /// Kept for the life of the process, as the one watch that asks is.
    private let bus: OpaquePointer
    private var subscription: guint = 0

    /// Nil when there is no session bus.
    init?() {
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            g_clear_error(&error)
            return nil
        }
        self.bus = bus
    }

    /// The value of `key` in `namespace`; nil when the portal is not running or does not know it.
    /// The caller unrefs it.
    func read(_ namespace: String, _ key: String) -> OpaquePointer? {
        var error: UnsafeMutablePointer<GError>?
        let arguments = [g_variant_new_string(namespace), g_variant_new_string(key)]
        let replyType = g_variant_type_new("(v)")
        defer { g_variant_type_free(replyType) }
        guard let reply = g_dbus_connection_call_sync(bus, Self.name, Self.path, Self.interface, "Read",
                                                      g_variant_new_tuple(arguments, 2), replyType,
                                                      G_DBUS_CALL_FLAGS_NO_AUTO_START, 1000, nil, &error) else {
            g_clear_error(&error)
            return nil
        }
        defer { g_variant_unref(reply) }
        return Self.unboxed(g_variant_get_child_value(reply, 0))
    }

    /// Calls `changed` whenever the portal says a setting changed (any of them: the caller
    /// reads again what it needs).
    func watch(_ changed: @escaping @MainActor () -> Void) {
        let box = Unmanaged.passRetained(HandlerBox(changed)).toOpaque()
        subscription = g_dbus_connection_signal_subscribe(
            bus, Self.name, Self.interface, "SettingChanged", Self.path, nil, G_DBUS_SIGNAL_FLAGS_NONE,
            settingChanged, box, releaseSettingHandler)
    }

    /// `Read` wraps the value in a variant of its own (the portal's first version); a value
    /// may come wrapped once or twice.
    nonisolated static func unboxed(_ value: OpaquePointer) -> OpaquePointer {
        var value = value
        while g_variant_is_of_type(value, g_variant_type_checked_("v")) != 0 {
            let inner = g_variant_get_variant(value)!
            g_variant_unref(value)
            value = inner
        }
        return value
    }
}

private let settingChanged: @convention(c) (OpaquePointer?, UnsafePointer<gchar>?, UnsafePointer<gchar>?, UnsafePointer<gchar>?,
                                            UnsafePointer<gchar>?, OpaquePointer?, gpointer?) -> Void = { _, _, _, _, _, _, data in
    guard let data else { return }
    let handler = Unmanaged<HandlerBox<@MainActor () -> Void>>.fromOpaque(data).takeUnretainedValue().handler
    MainActor.assumeIsolated { handler() }
}

private let releaseSettingHandler: GDestroyNotify = { data in
    Unmanaged<AnyObject>.fromOpaque(data!).release()
}
