/// What the desktop asks of every application's look: its colour scheme (GNOME Settings'
/// "Default" and "Dark" styles), high contrast, and whether things move. GNOME keeps these in
/// GSettings and offers them through the Settings portal; GTK 4.8 alone follows none of them
/// (libadwaita does), so Flick reads them itself (`DesktopSettingsWatch`).
struct DesktopAppearance: Equatable {
    enum ColorScheme: Equatable {
        /// No preference: the theme's own style.
        case noPreference
        case preferDark
        case preferLight
    }

    var colorScheme = ColorScheme.noPreference
    var highContrast = false
    var animations = true

    /// The portal's `org.freedesktop.appearance color-scheme`: 0 none, 1 dark, 2 light.
    static func colorScheme(portalValue: UInt32) -> ColorScheme {
        switch portalValue {
        case 1: .preferDark
        case 2: .preferLight
        default: .noPreference
        }
    }

    /// GSettings' `org.gnome.desktop.interface color-scheme`: "default", "prefer-dark" or "prefer-light".
    static func colorScheme(settingsValue: String) -> ColorScheme {
        switch settingsValue {
        case "prefer-dark": .preferDark
        case "prefer-light": .preferLight
        default: .noPreference
        }
    }

    /// Whether Flick draws dark: the desktop prefers it, or, without a preference either way,
    /// the theme is dark on its own (`themeIsDark`: a dark theme name, `GTK_THEME=…:dark`,
    /// `gtk-application-prefer-dark-theme` in settings.ini).
    func isDark(themeIsDark: Bool) -> Bool {
        switch colorScheme {
        case .preferDark: true
        case .preferLight, .noPreference: themeIsDark
        }
    }
}
