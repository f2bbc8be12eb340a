@preconcurrency import CGtk
import Foundation
import GestureShim

/// Flick's GNOME Shell search provider: `org.gnome.Shell.SearchProvider2` at
/// `<application path>/SearchProvider` on the application's own connection, named by the
/// installed `io.github.flicktodo.Flick.search-provider.ini`. The Shell calls it as the user
/// types in the overview; the answers come from `SearchProviderResults`, and a chosen result or
/// "more results" goes to the host (`SearchProviderHost`).
///
/// The object is exported when GApplication exports its own (`FlickBusApplication`), before
/// the name is taken, so the call that D-Bus-activated Flick finds it. A Flick started for the
/// Shell alone gets no `activate` and shows no window: each call holds the application while it
/// runs, and the last one keeps it `lingerSeconds` more, for the next key typed, after which an
/// idle Flick ends as GApplication ends a service.
@MainActor
final class SearchProvider {
    static let interfaceName = "org.gnome.Shell.SearchProvider2"
    /// Below the application's object path (the .ini names the whole path).
    static let pathSuffix = "/SearchProvider"
    /// GApplication's own wait before an idle D-Bus-activated service ends.
    static let lingerSeconds = 10.0
    /// The Shell asks for the metas of the few results it shows; more ids than this are not its.
    static let maximumIDs = 100

    private static let introspection = """
        <node>
          <interface name="org.gnome.Shell.SearchProvider2">
            <method name="GetInitialResultSet">
              <arg type="as" name="terms" direction="in"/><arg type="as" name="results" direction="out"/>
            </method>
            <method name="GetSubsearchResultSet">
              <arg type="as" name="previous_results" direction="in"/><arg type="as" name="terms" direction="in"/>
              <arg type="as" name="results" direction="out"/>
            </method>
            <method name="GetResultMetas">
              <arg type="as" name="identifiers" direction="in"/><arg type="aa{sv}" name="metas" direction="out"/>
            </method>
            <method name="ActivateResult">
              <arg type="s" name="identifier" direction="in"/><arg type="as" name="terms" direction="in"/>
              <arg type="u" name="timestamp" direction="in"/>
            </method>
            <method name="LaunchSearch">
              <arg type="as" name="terms" direction="in"/><arg type="u" name="timestamp" direction="in"/>
            </method>
          </interface>
        </node>
        """

    private weak var host: SearchProviderHost?
    private let application: UnsafeMutablePointer<GApplication>
    private var registration: (connection: OpaquePointer, id: guint)?
    /// The hold kept after the last call, and its timer.
    private var linger: UInt32?

    init(application: UnsafeMutablePointer<GApplication>, host: SearchProviderHost) {
        self.application = application
        self.host = host
    }

    /// Has `gtkApplication` (a FlickBusApplication) export the provider with its own objects.
    /// The provider must live as long as the application.
    func install(on gtkApplication: UnsafeMutablePointer<GtkApplication>) {
        flick_bus_application_set_hooks(gtkApplication, exportHook, unexportHook, Unmanaged.passUnretained(self).toOpaque())
    }

    fileprivate func export(on connection: OpaquePointer, under applicationPath: String) {
        var error: UnsafeMutablePointer<GError>?
        guard let node = g_dbus_node_info_new_for_xml(Self.introspection, &error) else {
            return report(&error)
        }
        defer { g_dbus_node_info_unref(node) }
        let interface = g_dbus_node_info_lookup_interface(node, Self.interfaceName)
        var table = GDBusInterfaceVTable()
        table.method_call = methodCall
        let box = Unmanaged.passRetained(HandlerBox(self)).toOpaque()
        // GDBus copies the table and keeps the interface info; it calls on this (the main) thread.
        let id = g_dbus_connection_register_object(connection, applicationPath + Self.pathSuffix, interface, &table,
                                                   box, releaseProvider, &error)
        guard id != 0 else { return report(&error) }
        registration = (connection, id)
    }

    fileprivate func unexport() {
        guard let registration else { return }
        g_dbus_connection_unregister_object(registration.connection, registration.id)
        self.registration = nil
    }

    private func report(_ error: inout UnsafeMutablePointer<GError>?) {
        let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
        g_clear_error(&error)
        FileHandle.standardError.write(Data("flick: the Shell search provider is not available: \(message)\n".utf8))
    }

    // MARK: Calls

    fileprivate func handle(_ method: String, _ parameters: OpaquePointer, _ invocation: OpaquePointer) {
        g_application_hold(application)
        defer {
            lingerAfterCall()  // Before the release, so the application is never left unheld.
            g_application_release(application)
        }
        switch method {
        case "GetInitialResultSet":
            answerResultSet(DBusValues.strings(parameters, at: 0), invocation)
        case "GetSubsearchResultSet":
            // Searched afresh rather than within the previous results: they stop at a page, and
            // the add entry's text changes with every key.
            answerResultSet(DBusValues.strings(parameters, at: 1), invocation)
        case "GetResultMetas":
            answerMetas(DBusValues.strings(parameters, at: 0), invocation)
        case "ActivateResult":
            if let result = SearchProviderResultID(DBusValues.string(parameters, at: 0)) { host?.activateSearchResult(result) }
            g_dbus_method_invocation_return_value(invocation, nil)
        case "LaunchSearch":
            host?.launchSearch(SearchProviderResults.text(of: DBusValues.strings(parameters, at: 0)) ?? "")
            g_dbus_method_invocation_return_value(invocation, nil)
        default:
            g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.DBus.Error.UnknownMethod", method)
        }
    }

    private func answerResultSet(_ terms: [String], _ invocation: OpaquePointer) {
        answer(invocation) { results in DBusValues.stringArray(try results.ids(for: terms)) }
    }

    private func answerMetas(_ ids: [String], _ invocation: OpaquePointer) {
        answer(invocation) { results in
            let metas = try results.metas(for: Array(ids.prefix(Self.maximumIDs)))
            return DBusValues.array(of: "a{sv}", metas.map(Self.dictionary))
        }
    }

    /// Replies with the one value `make` makes of the store's results, or with an error when
    /// the store cannot be opened or read.
    private func answer(_ invocation: OpaquePointer, _ make: (SearchProviderResults) throws -> OpaquePointer) {
        guard let results = host?.searchProviderResults() else {
            return g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.DBus.Error.Failed",
                                                             host?.cannotOpenText ?? "Flick cannot open its list")
        }
        do {
            g_dbus_method_invocation_return_value(invocation, DBusValues.tuple([try make(results)]))
        } catch {
            g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.DBus.Error.Failed", "\(error)")
        }
    }

    private static func dictionary(_ meta: SearchProviderMeta) -> OpaquePointer {
        var entries: [(key: String, value: OpaquePointer)] = [
            ("id", g_variant_new_string(meta.id)), ("name", g_variant_new_string(meta.name)),
            ("description", g_variant_new_string(meta.description)),
        ]
        if let icon = meta.iconName { entries.append(("icon", DBusValues.themedIcon(icon))) }
        return DBusValues.dictionary(entries)
    }

    /// Keeps Flick `lingerSeconds` after the last call: the Shell calls again at the next key.
    private func lingerAfterCall() {
        if let linger { MainLoop.cancel(linger) } else { g_application_hold(application) }
        linger = MainLoop.after(seconds: Self.lingerSeconds) { [weak self] in
            guard let self else { return }
            self.linger = nil
            g_application_release(self.application)
        }
    }
}

private let exportHook: FlickBusHook = { connection, path, data in
    guard let connection, let path, let data else { return }
    let provider = Unmanaged<SearchProvider>.fromOpaque(data).takeUnretainedValue()
    let applicationPath = String(cString: path)
    // GApplication registers on the main thread.
    nonisolated(unsafe) let bus = connection
    MainActor.assumeIsolated { provider.export(on: bus, under: applicationPath) }
}

private let unexportHook: FlickBusHook = { _, _, data in
    guard let data else { return }
    let provider = Unmanaged<SearchProvider>.fromOpaque(data).takeUnretainedValue()
    MainActor.assumeIsolated { provider.unexport() }
}

private let methodCall: GDBusInterfaceMethodCallFunc = { _, _, _, _, method, parameters, invocation, data in
    guard let method, let parameters, let invocation, let data else { return }
    let box = Unmanaged<HandlerBox<SearchProvider>>.fromOpaque(data).takeUnretainedValue()
    let name = String(cString: method)
    // GDBus calls in the main context, where the object was registered.
    nonisolated(unsafe) let (arguments, call) = (parameters, invocation)
    MainActor.assumeIsolated { box.handler.handle(name, arguments, call) }
}

private let releaseProvider: GDestroyNotify = { data in
    Unmanaged<AnyObject>.fromOpaque(data!).release()
}
