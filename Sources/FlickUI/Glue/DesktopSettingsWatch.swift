@preconcurrency import CGtk

/// Reads the desktop's appearance (`DesktopAppearance`) and tells each change while Flick runs:
/// from the Settings portal when it runs (a sandbox sees only that), else from GNOME's own
/// GSettings (`org.gnome.desktop.interface`, `org.gnome.desktop.a11y.interface`), when their
/// schemas are installed. Without either, the appearance is the default one.
@MainActor
final class DesktopSettingsWatch {
    private(set) var appearance = DesktopAppearance()
    private let onChange: (DesktopAppearance) -> Void
    private var portal: SettingsPortal?
    private var interfaceSettings: UnsafeMutablePointer<GSettings>?
    private var accessibilitySettings: UnsafeMutablePointer<GSettings>?

    init(onChange: @escaping (DesktopAppearance) -> Void) {
        self.onChange = onChange
        if let portal = SettingsPortal(), let appearance = Self.read(from: portal) {
            self.portal = portal
            self.appearance = appearance
            portal.watch { [weak self] in self?.readAgain() }
        } else {
            interfaceSettings = Self.settings("org.gnome.desktop.interface")
            accessibilitySettings = Self.settings("org.gnome.desktop.a11y.interface")
            appearance = readSettings()
            for settings in [interfaceSettings, accessibilitySettings].compactMap({ $0 }) {
                Signal.connectObject(UnsafeMutableRawPointer(settings), "changed") { [weak self] _ in self?.readAgain() }
            }
        }
    }

    private func readAgain() {
        let now = portal.flatMap(Self.read(from:)) ?? readSettings()
        guard now != appearance else { return }
        appearance = now
        onChange(now)
    }

    /// The appearance as the portal says it; nil when it does not run or knows no colour scheme.
    private static func read(from portal: SettingsPortal) -> DesktopAppearance? {
        guard let scheme = portal.read("org.freedesktop.appearance", "color-scheme") else { return nil }
        defer { g_variant_unref(scheme) }
        var appearance = DesktopAppearance()
        if g_variant_is_of_type(scheme, g_variant_type_checked_("u")) != 0 {
            appearance.colorScheme = DesktopAppearance.colorScheme(portalValue: g_variant_get_uint32(scheme))
        }
        // `contrast` (1: higher) is the portal's own key since 2024; GNOME's before it.
        if let contrast = portal.read("org.freedesktop.appearance", "contrast") {
            appearance.highContrast = g_variant_is_of_type(contrast, g_variant_type_checked_("u")) != 0 && g_variant_get_uint32(contrast) == 1
            g_variant_unref(contrast)
        } else if let high = portal.read("org.gnome.desktop.a11y.interface", "high-contrast") {
            appearance.highContrast = Self.bool(high, fallback: false)
        }
        if let animations = portal.read("org.gnome.desktop.interface", "enable-animations") {
            appearance.animations = Self.bool(animations, fallback: true)
        }
        return appearance
    }

    /// Reads a boolean variant and unrefs it.
    private static func bool(_ value: OpaquePointer, fallback: Bool) -> Bool {
        defer { g_variant_unref(value) }
        guard g_variant_is_of_type(value, g_variant_type_checked_("b")) != 0 else { return fallback }
        return g_variant_get_boolean(value) != 0
    }

    private func readSettings() -> DesktopAppearance {
        var appearance = DesktopAppearance()
        if let interface = interfaceSettings {
            if Self.has(interface, "color-scheme"), let nick = g_settings_get_string(interface, "color-scheme") {
                appearance.colorScheme = DesktopAppearance.colorScheme(settingsValue: String(cString: nick))
                g_free(nick)
            }
            if Self.has(interface, "enable-animations") {
                appearance.animations = g_settings_get_boolean(interface, "enable-animations") != 0
            }
        }
        if let accessibility = accessibilitySettings, Self.has(accessibility, "high-contrast") {
            appearance.highContrast = g_settings_get_boolean(accessibility, "high-contrast") != 0
        }
        return appearance
    }

    /// The settings of `schemaID`, or nil when its schema is not installed (g_settings_new
    /// would abort the process).
    private static func settings(_ schemaID: String) -> UnsafeMutablePointer<GSettings>? {
        guard let source = g_settings_schema_source_get_default(),
              let schema = g_settings_schema_source_lookup(source, schemaID, 1) else { return nil }
        defer { g_settings_schema_unref(schema) }
        return g_settings_new_full(schema, nil, nil)
    }

    private static func has(_ settings: UnsafeMutablePointer<GSettings>, _ key: String) -> Bool {
        var schema: OpaquePointer?
        var property = GValue()
        g_value_init(&property, g_settings_schema_get_type())
        defer { g_value_unset(&property) }
        g_object_get_property(UnsafeMutablePointer(OpaquePointer(settings)), "settings-schema", &property)
        schema = OpaquePointer(g_value_get_boxed(&property))
        guard let schema else { return false }
        return g_settings_schema_has_key(schema, key) != 0
    }
}
