@preconcurrency import CGtk
import Foundation

/// A reminder's body text (the item's list name) as the notification server will read it.
/// GNotification sends the body unchanged. Through org.freedesktop.Notifications, a server that
/// lists "body-markup" among its capabilities reads the body as markup (Desktop Notifications
/// specification), so a list named "<b>x</b>" would show bold and "&amp;" as "&": for such a
/// server the text is escaped. GNOME Shell's org.gtk.Notifications, the portal and servers
/// without body-markup show the body as plain text, so it goes as it is. (The summary is plain
/// text everywhere.)
@MainActor
final class NotificationBody {
    private let application: UnsafeMutablePointer<GApplication>
    /// Asked once, at the first notification, as GLib picks its way of sending them then.
    private lazy var serverReadsMarkup = Self.serverReadsMarkup(application)

    init(application: UnsafeMutablePointer<GApplication>) {
        self.application = application
    }

    func text(_ plain: String) -> String {
        serverReadsMarkup ? Self.escaped(plain) : plain
    }

    /// The three characters markup gives a meaning to; the numeric and quote entities are left
    /// out, as simple servers may not know them.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// GLib's choice of backend (gio/gnotificationbackend.c): the portal in a sandbox or with
    /// GTK_USE_PORTAL=1, else org.gtk.Notifications if someone owns it, else the freedesktop server.
    private static func serverReadsMarkup(_ application: UnsafeMutablePointer<GApplication>) -> Bool {
        let sandboxed = FileManager.default.fileExists(atPath: String(cString: g_get_user_runtime_dir()) + "/flatpak-info")
        if sandboxed || ProcessEnvironment.value("GTK_USE_PORTAL") == "1" { return false }
        guard let connection = g_application_get_dbus_connection(application) else { return false }
        if hasOwner("org.gtk.Notifications", connection) { return false }
        return capabilities(connection).contains("body-markup")
    }

    private static func hasOwner(_ name: String, _ connection: OpaquePointer) -> Bool {
        var argument: OpaquePointer? = g_variant_new_string(name)
        let parameters = g_variant_new_tuple(&argument, 1)
        guard let reply = call(connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                               "NameHasOwner", parameters) else { return false }
        defer { g_variant_unref(reply) }
        let owned = g_variant_get_child_value(reply, 0)!
        defer { g_variant_unref(owned) }
        return g_variant_get_boolean(owned) != 0
    }

    private static func capabilities(_ connection: OpaquePointer) -> [String] {
        guard let reply = call(connection, "org.freedesktop.Notifications", "/org/freedesktop/Notifications",
                               "org.freedesktop.Notifications", "GetCapabilities", nil) else { return [] }
        defer { g_variant_unref(reply) }
        let list = g_variant_get_child_value(reply, 0)!
        defer { g_variant_unref(list) }
        return (0..<g_variant_n_children(list)).map { index in
            let item = g_variant_get_child_value(list, index)!
            defer { g_variant_unref(item) }
            return String(cString: g_variant_get_string(item, nil))
        }
    }

    /// A blocking call of at most a second, made once: GLib itself asks the bus the same way
    /// when it picks the backend.
    private static func call(_ connection: OpaquePointer, _ name: String, _ path: String, _ interface: String,
                             _ method: String, _ parameters: OpaquePointer?) -> OpaquePointer? {
        var error: UnsafeMutablePointer<GError>?
        let reply = g_dbus_connection_call_sync(connection, name, path, interface, method, parameters, nil,
                                                G_DBUS_CALL_FLAGS_NONE, 1000, nil, &error)
        if let error { g_error_free(error) }
        return reply
    }
}
