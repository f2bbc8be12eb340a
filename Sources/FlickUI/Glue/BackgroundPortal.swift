@preconcurrency import CGtk
import Foundation
import GestureShim

/// The desktop's Background portal (`org.freedesktop.portal.Background`): asks that
/// Flick may run in the background and be started at login. Where the portal runs it is the
/// desktop's own say in that (a sandbox can ask nothing else, and GNOME lists the apps allowed);
/// without it Flick writes its autostart entry itself (`BackgroundPreference`).
///
/// Asked through libportal where it is installed (`flick_libportal_load`, opened at the first
/// request), with the window the user switched in as the parent of the portal's dialog: libportal
/// exports its handle ("x11:XID", or the handle GDK exports on Wayland), so the desktop puts the
/// dialog over that window, modal to it, rather than anywhere on the screen. Without libportal,
/// Flick makes the call itself, as below, with no parent.
///
/// One request: `RequestBackground(parent_window, options)` returns a Request object's path,
/// and the answer comes later as that object's `Response(u response, a{sv} results)` signal.
/// The path is predicted from the `handle_token` option, as the portal's Request documentation
/// says, and the signal subscribed to before the call, so an answer that comes at once is not
/// missed: `/org/freedesktop/portal/desktop/request/SENDER/TOKEN`, SENDER being the caller's
/// unique bus name without its ':' and with '.' as '_'.
@MainActor
final class BackgroundPortal {
    enum Answer: Equatable {
        /// No portal: nobody owns its name (and none can be started), or it has no Background.
        case noPortal
        /// Flick may run in the background; `autostart`: the desktop will start it at login.
        case allowed(autostart: Bool)
        /// The user, or the desktop's settings, did not allow it (or the dialog went away).
        case refused
        /// The portal is there but the request failed: its error.
        case failed(String)
    }

    nonisolated static let name = "org.freedesktop.portal.Desktop"
    nonisolated static let path = "/org/freedesktop/portal/desktop"
    nonisolated static let interface = "org.freedesktop.portal.Background"
    nonisolated static let requestInterface = "org.freedesktop.portal.Request"

    /// D-Bus errors that mean there is no Background portal to ask.
    nonisolated static let absentErrors: Set<String> = [
        "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner",
        "org.freedesktop.DBus.Error.UnknownMethod", "org.freedesktop.DBus.Error.UnknownInterface",
        "org.freedesktop.DBus.Error.UnknownObject",
    ]

    private static var requestsMade = 0

    private let bus: OpaquePointer
    private var subscription: guint = 0
    private var answered: (@MainActor (Answer) -> Void)?
    /// Itself while a request waits for its answer: the caller need not hold it.
    private var keptAlive: BackgroundPortal?

    /// Nil when there is no session bus.
    init?() {
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            g_clear_error(&error)
            return nil
        }
        self.bus = bus
    }

    /// The Request object's path for `token`, asked by the connection named `uniqueName`.
    nonisolated static func handlePath(uniqueName: String, token: String) -> String {
        let sender = uniqueName.drop(while: { $0 == ":" }).replacingOccurrences(of: ".", with: "_")
        return "\(path)/request/\(sender)/\(token)"
    }

    /// The answer a `Response` signal carries: 0 allowed (its results say whether autostart is
    /// on), 1 refused, 2 the dialog ended some other way.
    nonisolated static func answer(response: UInt32, background: Bool?, autostart: Bool?) -> Answer {
        guard response == 0, background ?? true else { return .refused }
        return .allowed(autostart: autostart ?? false)
    }

    /// How libportal's answer reads: `outcome` as flick_background_portal.h says, to a request
    /// with autostart if `askedAutostart`.
    nonisolated static func answer(_ outcome: FlickBackgroundOutcome, askedAutostart: Bool, dbusError: String?,
                                   message: String) -> Answer {
        switch outcome {
        case FLICK_BACKGROUND_GRANTED:
            return .allowed(autostart: askedAutostart)
        case FLICK_BACKGROUND_NOT_GRANTED:
            // The portal said yes (response 0) but granted no autostart; asked without, it
            // granted no running in the background either.
            return askedAutostart ? .allowed(autostart: false) : .refused
        case FLICK_BACKGROUND_REFUSED:
            return .refused
        default:
            return dbusError.map(absentErrors.contains) == true ? .noPortal : .failed(message)
        }
    }

    /// Asks the portal, once; `answered` is called once, on the main loop. The portal may
    /// show a dialog first, so the answer can take as long as the user does; `parent` is the
    /// window it shows it over.
    func request(autostart: Bool, reason: String, commandLine: [String], parent: UnsafeMutablePointer<GtkWindow>?,
                 answered: @escaping @MainActor (Answer) -> Void) {
        self.answered = answered
        keptAlive = self
        askedAutostart = autostart
        if flick_libportal_load() != 0 {
            requestThroughLibportal(autostart: autostart, reason: reason, commandLine: commandLine, parent: parent)
        } else {
            requestOverDBus(autostart: autostart, reason: reason, commandLine: commandLine)
        }
    }

    private var askedAutostart = false

    private func requestThroughLibportal(autostart: Bool, reason: String, commandLine: [String],
                                         parent: UnsafeMutablePointer<GtkWindow>?) {
        let arguments = commandLine.map { UnsafePointer(strdup($0)) } + [nil]
        defer { arguments.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
        let retained = Unmanaged.passRetained(self).toOpaque()  // Released when libportal answers.
        flick_libportal_request_background(parent, reason, arguments, autostart ? 1 : 0, libportalReturned, retained)
    }

    fileprivate func libportalAnswered(_ outcome: FlickBackgroundOutcome, dbusError: String?, message: String) {
        finish(Self.answer(outcome, askedAutostart: askedAutostart, dbusError: dbusError, message: message))
    }

    /// The call made without libportal: the parent window is left empty, which the portal
    /// takes as "no parent".
    private func requestOverDBus(autostart: Bool, reason: String, commandLine: [String]) {
        Self.requestsMade += 1
        let token = "flick_\(getpid())_\(Self.requestsMade)"
        if let unique = g_dbus_connection_get_unique_name(bus) {
            subscribe(to: Self.handlePath(uniqueName: String(cString: unique), token: token))
        }
        let options = Self.vardict([
            ("handle_token", g_variant_new_string(token)),
            ("reason", g_variant_new_string(reason)),
            ("autostart", g_variant_new_boolean(autostart ? 1 : 0)),
            ("commandline", Self.strv(commandLine)),
            ("dbus-activatable", g_variant_new_boolean(0)),
        ])
        let parameters = g_variant_new_tuple([g_variant_new_string(""), options], 2)
        let replyType = g_variant_type_new("(o)")
        defer { g_variant_type_free(replyType) }
        let retained = Unmanaged.passRetained(self).toOpaque()  // Released when the call returns.
        g_dbus_connection_call(bus, Self.name, Self.path, Self.interface, "RequestBackground", parameters, replyType,
                               G_DBUS_CALL_FLAGS_NONE, -1, nil, requestReturned, retained)
    }

    /// The call returned: with the Request's path (the answer follows as its signal), or an error.
    fileprivate func returned(_ result: OpaquePointer?) {
        guard answered != nil else { return }
        var error: UnsafeMutablePointer<GError>?
        guard let reply = g_dbus_connection_call_finish(bus, result, &error) else {
            let remote = g_dbus_error_get_remote_error(error).map { name in
                defer { g_free(name) }
                return String(cString: name)
            }
            let message = error.map { String(cString: $0.pointee.message) } ?? "?"
            g_clear_error(&error)
            finish(remote.map(Self.absentErrors.contains) == true ? .noPortal : .failed(message))
            return
        }
        defer { g_variant_unref(reply) }
        let child = g_variant_get_child_value(reply, 0)!
        defer { g_variant_unref(child) }
        let handle = String(cString: g_variant_get_string(child, nil))
        if subscription == 0 || handle != subscribedPath {
            // An older portal that does not follow the token: its answer comes on this path.
            subscribe(to: handle)
        }
    }

    private var subscribedPath = ""

    private func subscribe(to handle: String) {
        unsubscribe()
        subscribedPath = handle
        subscription = g_dbus_connection_signal_subscribe(
            bus, Self.name, Self.requestInterface, "Response", handle, nil, G_DBUS_SIGNAL_FLAGS_NONE, responseArrived, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    private func unsubscribe() {
        if subscription != 0 { g_dbus_connection_signal_unsubscribe(bus, subscription) }
        subscription = 0
    }

    /// `Response(u response, a{sv} results)`.
    fileprivate func responded(_ parameters: OpaquePointer) {
        guard subscription != 0 else { return }
        let code = g_variant_get_child_value(parameters, 0)!
        let results = g_variant_get_child_value(parameters, 1)!
        defer {
            g_variant_unref(code)
            g_variant_unref(results)
        }
        finish(Self.answer(response: g_variant_get_uint32(code), background: Self.bool(results, "background"),
                           autostart: Self.bool(results, "autostart")))
    }

    private func finish(_ answer: Answer) {
        unsubscribe()
        let answered = self.answered
        self.answered = nil
        keptAlive = nil
        answered?(answer)
    }

    private static func bool(_ dictionary: OpaquePointer, _ key: String) -> Bool? {
        guard let value = g_variant_lookup_value(dictionary, key, g_variant_type_checked_("b")) else { return nil }
        defer { g_variant_unref(value) }
        return g_variant_get_boolean(value) != 0
    }

    private static func vardict(_ entries: [(String, OpaquePointer?)]) -> OpaquePointer {
        let pairs = entries.map { key, value in g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(value)) }
        return g_variant_new_array(g_variant_type_checked_("{sv}"), pairs, gsize(pairs.count))
    }

    private static func strv(_ strings: [String]) -> OpaquePointer {
        let items = strings.map { g_variant_new_string($0) }
        return g_variant_new_array(g_variant_type_checked_("s"), items, gsize(items.count))
    }
}

private let requestReturned: GAsyncReadyCallback = { _, result, data in
    guard let data else { return }
    let portal = Unmanaged<BackgroundPortal>.fromOpaque(data).takeRetainedValue()
    nonisolated(unsafe) let callResult = result  // Called on the main loop, where the call was made.
    MainActor.assumeIsolated { portal.returned(callResult) }
}

private let libportalReturned: FlickBackgroundAnswered = { data, outcome, dbusError, message in
    guard let data else { return }
    let portal = Unmanaged<BackgroundPortal>.fromOpaque(data).takeRetainedValue()
    let name = dbusError.map { String(cString: $0) }
    let text = message.map { String(cString: $0) } ?? "?"
    MainActor.assumeIsolated { portal.libportalAnswered(outcome, dbusError: name, message: text) }
}

private let responseArrived: GDBusSignalCallback = { _, _, _, _, _, signalParameters, data in
    guard let data, let signalParameters else { return }
    let portal = Unmanaged<BackgroundPortal>.fromOpaque(data).takeUnretainedValue()
    nonisolated(unsafe) let parameters = signalParameters
    MainActor.assumeIsolated { portal.responded(parameters) }
}
