@preconcurrency import CGtk

/// A signal of one of the system's services that Flick follows (`SystemBusWatch`): who sends
/// it, and what Flick does with its parameters (a GVariant tuple).
struct BusSignal {
    let sender: String
    let interface: String
    let member: String
    let path: String
    let handler: @MainActor (OpaquePointer) -> Void

    /// logind's `PrepareForSleep(false)`: the machine woke. Timers on the monotonic clock stop
    /// during a suspend, so what waits for a time of day looks again then.
    static func resumed(_ handler: @escaping @MainActor () -> Void) -> BusSignal {
        BusSignal(sender: "org.freedesktop.login1", interface: "org.freedesktop.login1.Manager", member: "PrepareForSleep",
                  path: "/org/freedesktop/login1") { parameters in
            guard g_variant_is_of_type(parameters, g_variant_type_checked_("(b)")) != 0 else { return }
            let child = g_variant_get_child_value(parameters, 0)!
            defer { g_variant_unref(child) }
            if g_variant_get_boolean(child) == 0 { handler() }
        }
    }

    /// timedated's `Timezone` changed (after it pointed /etc/localtime at the new zone).
    static func timeZoneChanged(_ handler: @escaping @MainActor () -> Void) -> BusSignal {
        BusSignal(sender: "org.freedesktop.timedate1", interface: "org.freedesktop.DBus.Properties",
                  member: "PropertiesChanged", path: "/org/freedesktop/timedate1") { parameters in
            guard g_variant_is_of_type(parameters, g_variant_type_checked_("(sa{sv}as)")) != 0 else { return }
            let changed = g_variant_get_child_value(parameters, 1)!
            let invalidated = g_variant_get_child_value(parameters, 2)!
            defer {
                g_variant_unref(changed)
                g_variant_unref(invalidated)
            }
            let named = g_variant_lookup_value(changed, "Timezone", nil)
            if let named { g_variant_unref(named) }
            if named != nil || Self.strings(invalidated).contains("Timezone") { handler() }
        }
    }

    private static func strings(_ array: OpaquePointer) -> [String] {
        (0..<g_variant_n_children(array)).compactMap { index in
            let child = g_variant_get_child_value(array, index)!
            defer { g_variant_unref(child) }
            return g_variant_get_string(child, nil).map { String(cString: $0) }
        }
    }
}
