@preconcurrency import CGtk

/// Whether a Flick already runs in this session, asked of the session bus without becoming
/// one: registering would start GTK, which needs a display, and `--import` or `--sync` from a
/// script or an ssh session must work without one.
enum RunningInstance {
    static func exists(applicationID: String) -> Bool {
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            g_clear_error(&error)
            return false
        }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
        let reply = g_dbus_connection_call_sync(bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                                "NameHasOwner", g_variant_new_tuple([g_variant_new_string(applicationID)], 1),
                                                g_variant_type_new("(b)"), G_DBUS_CALL_FLAGS_NONE, 5000, nil, &error)
        guard let reply else {
            g_clear_error(&error)
            return false
        }
        defer { g_variant_unref(reply) }
        let owned = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(owned) }
        return g_variant_get_boolean(owned) != 0
    }
}
