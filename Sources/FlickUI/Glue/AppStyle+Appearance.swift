@preconcurrency import CGtk

/// Follows the desktop's appearance (`DesktopSettingsWatch`) live: GTK's own settings for the
/// widgets (a dark variant, the high-contrast theme, animations) and Flick's classes on its
/// windows for what Flick draws itself (the heat map). What the user set for GTK alone
/// (settings.ini, `GTK_THEME`) stays: the desktop can make Flick darker, higher in contrast
/// or still, and giving that up brings back what GTK had at start.
@MainActor
extension AppStyle {
    /// What GTK had before Flick changed anything.
    private struct Start {
        var themeName: String
        var preferDark: Bool
        var animations: Bool
        /// The theme is dark by itself: a dark theme name, `GTK_THEME=Name:dark`, or
        /// `gtk-application-prefer-dark-theme` set for GTK.
        var isDark: Bool
    }

    private static var start: Start?
    /// The look Flick draws in now.
    private(set) static var isDark = false
    private(set) static var isHighContrast = false

    static func follow(_ appearance: DesktopAppearance) {
        guard let settings = gtk_settings_get_default() else { return }
        let start = start ?? Self.recordStart(settings)
        isDark = appearance.isDark(themeIsDark: start.isDark)
        isHighContrast = appearance.highContrast
        setBool(settings, "gtk-application-prefer-dark-theme", isDark || start.preferDark)
        // GTK 4.8's own high-contrast theme, in its dark variant when the style is dark.
        setString(settings, "gtk-theme-name", isHighContrast ? "HighContrast" : start.themeName)
        setBool(settings, "gtk-enable-animations", appearance.animations && start.animations)
        loadStyleSheet()
        for window in toplevels() { mark(window) }
    }

    /// Gives `window` the classes Flick's own drawing follows.
    static func mark(_ window: UnsafeMutablePointer<GtkWidget>) {
        Widgets.setClass(window, "dark", isDark)
        Widgets.setClass(window, "high-contrast", isHighContrast)
    }

    private static func recordStart(_ settings: OpaquePointer) -> Start {
        let name = string(settings, "gtk-theme-name")
        let preferDark = bool(settings, "gtk-application-prefer-dark-theme")
        let themeVariable = ProcessEnvironment.value("GTK_THEME") ?? ""
        let recorded = Start(themeName: name, preferDark: preferDark, animations: bool(settings, "gtk-enable-animations"),
                             isDark: preferDark || name.lowercased().hasSuffix("dark") || themeVariable.lowercased().hasSuffix(":dark"))
        start = recorded
        return recorded
    }

    private static func toplevels() -> [UnsafeMutablePointer<GtkWidget>] {
        let list = gtk_window_get_toplevels()!
        return (0..<g_list_model_get_n_items(list)).compactMap { index in
            guard let object = g_list_model_get_item(list, index) else { return nil }
            g_object_unref(object)  // The list keeps the window.
            return object.assumingMemoryBound(to: GtkWidget.self)
        }
    }

    private static func bool(_ settings: OpaquePointer, _ name: String) -> Bool {
        var value = GValue()
        g_value_init(&value, GType(G_TYPE_BOOLEAN_RAW))
        defer { g_value_unset(&value) }
        g_object_get_property(UnsafeMutablePointer(settings), name, &value)
        return g_value_get_boolean(&value) != 0
    }

    private static func string(_ settings: OpaquePointer, _ name: String) -> String {
        var value = GValue()
        g_value_init(&value, GType(G_TYPE_STRING_RAW))
        defer { g_value_unset(&value) }
        g_object_get_property(UnsafeMutablePointer(settings), name, &value)
        return g_value_get_string(&value).map { String(cString: $0) } ?? ""
    }

    private static func setBool(_ settings: OpaquePointer, _ name: String, _ on: Bool) {
        guard bool(settings, name) != on else { return }
        var value = GValue()
        g_value_init(&value, GType(G_TYPE_BOOLEAN_RAW))
        defer { g_value_unset(&value) }
        g_value_set_boolean(&value, on ? 1 : 0)
        g_object_set_property(UnsafeMutablePointer(settings), name, &value)
    }

    private static func setString(_ settings: OpaquePointer, _ name: String, _ text: String) {
        guard string(settings, name) != text else { return }
        var value = GValue()
        g_value_init(&value, GType(G_TYPE_STRING_RAW))
        defer { g_value_unset(&value) }
        g_value_set_string(&value, text)
        g_object_set_property(UnsafeMutablePointer(settings), name, &value)
    }
}
