@preconcurrency import CGtk

/// Remembers the window's size and maximised state in GSettings. When the schema is not
/// installed (running from a test harness without it), the state is simply not remembered.
@MainActor
final class WindowState {
    private let settings: UnsafeMutablePointer<GSettings>?

    init(schemaDirectories: [String]) {
        settings = WindowState.openSettings(schemaDirectories: schemaDirectories)
    }

    var isPersistent: Bool { settings != nil }

    func restore(_ window: UnsafeMutablePointer<GtkWidget>) {
        guard let settings else {
            gtk_window_set_default_size(cast(window), 480, 640)
            return
        }
        gtk_window_set_default_size(cast(window), g_settings_get_int(settings, "window-width"),
                                    g_settings_get_int(settings, "window-height"))
        if g_settings_get_boolean(settings, "window-maximized") != 0 {
            gtk_window_maximize(cast(window))
        }
    }

    func save(_ window: UnsafeMutablePointer<GtkWidget>) {
        guard let settings else { return }
        var width: Int32 = 0
        var height: Int32 = 0
        gtk_window_get_default_size(cast(window), &width, &height)
        let maximized = gtk_window_is_maximized(cast(window)) != 0
        if !maximized {
            g_settings_set_int(settings, "window-width", width)
            g_settings_set_int(settings, "window-height", height)
        }
        g_settings_set_boolean(settings, "window-maximized", maximized ? 1 : 0)
    }

    /// The settings themselves, for the Preferences window to bind its switches to; nil when
    /// the schema is not installed.
    var gSettings: UnsafeMutablePointer<GSettings>? { settings }

    /// A boolean setting, or `fallback` when the schema is not installed.
    func bool(_ key: String, fallback: Bool) -> Bool {
        settings.map { g_settings_get_boolean($0, key) != 0 } ?? fallback
    }

    /// A string setting, or nil when the schema is not installed.
    func string(_ key: String) -> String? {
        guard let settings, let value = g_settings_get_string(settings, key) else { return nil }
        defer { g_free(value) }
        return String(cString: value)
    }

    func int64(_ key: String) -> Int64? {
        settings.map { Int64(g_settings_get_int64($0, key)) }
    }

    func setInt64(_ key: String, _ value: Int64) {
        if let settings { g_settings_set_int64(settings, key, Int(value)) }
    }

    /// Looks the schema up in the default places and then in `schemaDirectories`, because
    /// g_settings_new aborts the process when a schema is missing.
    private static func openSettings(schemaDirectories: [String]) -> UnsafeMutablePointer<GSettings>? {
        var source: OpaquePointer? = g_settings_schema_source_get_default().flatMap { g_settings_schema_source_ref($0) }
        for directory in schemaDirectories {
            if let local = g_settings_schema_source_new_from_directory(directory, source, 0, nil) {
                if let source { g_settings_schema_source_unref(source) }
                source = local
            }
        }
        guard let source else { return nil }
        defer { g_settings_schema_source_unref(source) }
        guard let schema = g_settings_schema_source_lookup(source, FlickApplication.applicationID, 1) else { return nil }
        defer { g_settings_schema_unref(schema) }
        return g_settings_new_full(schema, nil, nil)
    }
}
