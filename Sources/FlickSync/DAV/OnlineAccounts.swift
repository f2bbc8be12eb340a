import CGio
import Foundation

/// GNOME Online Accounts on the session bus (`org.gnome.OnlineAccounts`, its ObjectManager at
/// `/org/gnome/OnlineAccounts`): the calendar accounts configured there, and an account's
/// password when the user picks it. Outside GNOME nobody owns the name: that is no accounts,
/// silently. The calls block (a few seconds at most), so they belong on a thread of their own.
public enum OnlineAccounts {
    /// Why GOA gave nothing.
    public enum Failure: Error, Equatable, Sendable {
        /// Nobody owns GOA's name (it quit since it listed its accounts).
        case notRunning
        /// GOA answered with an error, or did not answer in time: its message.
        case failed(String)
    }

    public static let name = "org.gnome.OnlineAccounts"
    public static let managerPath = "/org/gnome/OnlineAccounts"

    /// D-Bus errors that mean GOA is not there: no accounts rather than a failure.
    static let absentErrors: Set<String> = [
        "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner",
        "org.freedesktop.DBus.Error.UnknownMethod", "org.freedesktop.DBus.Error.UnknownObject",
        "org.freedesktop.DBus.Error.UnknownInterface",
    ]

    /// How long GOA may take to answer, in milliseconds.
    static let timeout: Int32 = 5000

    /// The accounts Flick can sync with; none without a session bus or without GOA.
    public static func list() throws(Failure) -> [OnlineAccount] {
        guard let reply = try call(managerPath, "org.freedesktop.DBus.ObjectManager", "GetManagedObjects", nil,
                                   replyType: "(a{oa{sa{sv}}})") else { return [] }
        defer { g_variant_unref(reply) }
        return OnlineAccount.accounts(in: objects(reply))
    }

    /// The account's password, as GOA keeps it in the user's keyring.
    public static func password(of account: OnlineAccount) throws(Failure) -> String {
        let parameters = g_variant_new_tuple([g_variant_new_string(account.id)], 1)
        guard let reply = try call(account.objectPath, OnlineAccount.passwordInterface, "GetPassword", parameters,
                                   replyType: "(s)") else {
            throw .notRunning
        }
        defer { g_variant_unref(reply) }
        return string(child(reply, 0))
    }

    /// The reply, or nil when GOA is not there.
    private static func call(_ path: String, _ interface: String, _ method: String, _ parameters: OpaquePointer?,
                             replyType: String) throws(Failure) -> OpaquePointer? {
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            g_clear_error(&error)
            if let parameters { g_variant_unref(g_variant_ref_sink(parameters)) }
            return nil
        }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
        let type = g_variant_type_new(replyType)
        defer { g_variant_type_free(type) }
        // GOA is asked only if it runs: a GNOME session starts it at login (its calendar
        // server uses it), and elsewhere an installed but unused goa-daemon is not Flick's to
        // start and leave running.
        if let reply = g_dbus_connection_call_sync(bus, name, path, interface, method, parameters, type,
                                                   G_DBUS_CALL_FLAGS_NO_AUTO_START, timeout, nil, &error) {
            return reply
        }
        let remote = g_dbus_error_get_remote_error(error).map { name in
            defer { g_free(name) }
            return String(cString: name)
        }
        if error != nil { g_dbus_error_strip_remote_error(error) }
        let message = error.map { String(cString: $0.pointee.message) } ?? "?"
        g_clear_error(&error)
        if let remote, absentErrors.contains(remote) { return nil }
        throw .failed(message)
    }

    /// `a{oa{sa{sv}}}` as dictionaries: object path → interface → property → value.
    private static func objects(_ reply: OpaquePointer) -> [String: [String: [String: OnlineAccount.Value]]] {
        var result: [String: [String: [String: OnlineAccount.Value]]] = [:]
        let objects = child(reply, 0)
        defer { g_variant_unref(objects) }
        for index in 0..<g_variant_n_children(objects) {
            let entry = child(objects, index)
            defer { g_variant_unref(entry) }
            let path = child(entry, 0), interfaces = child(entry, 1)
            defer { g_variant_unref(interfaces) }
            result[string(path)] = dictionary(interfaces) { properties in
                dictionary(properties) { value in
                    let inner = g_variant_get_variant(value)!
                    defer { g_variant_unref(inner) }
                    return Self.value(inner)
                }
            }
        }
        return result
    }

    /// A D-Bus dictionary whose keys are strings, its values made by `convert`.
    private static func dictionary<Value>(_ variant: OpaquePointer, _ convert: (OpaquePointer) -> Value?) -> [String: Value] {
        var result: [String: Value] = [:]
        for index in 0..<g_variant_n_children(variant) {
            let entry = child(variant, index)
            let value = child(entry, 1)
            result[string(child(entry, 0))] = convert(value)
            g_variant_unref(value)
            g_variant_unref(entry)
        }
        return result
    }

    private static func value(_ variant: OpaquePointer) -> OnlineAccount.Value? {
        let type = String(cString: g_variant_get_type_string(variant))
        switch type {
        case "s", "o": return .text(String(cString: g_variant_get_string(variant, nil)))
        case "b": return .flag(g_variant_get_boolean(variant) != 0)
        default: return nil
        }
    }

    private static func child(_ variant: OpaquePointer, _ index: gsize) -> OpaquePointer {
        g_variant_get_child_value(variant, index)!
    }

    /// A string child's text; the child is let go.
    private static func string(_ variant: OpaquePointer) -> String {
        defer { g_variant_unref(variant) }
        return String(cString: g_variant_get_string(variant, nil))
    }
}
