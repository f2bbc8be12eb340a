@preconcurrency import CGtk

/// One entry of the shortcuts (`ShortcutTable`): keys with what they do, or a gesture with how
/// to make it. The desktop's GtkShortcutsWindow and the phone's list (`PhoneShortcutsWindow`)
/// show the same entries, and a screen reader reads both by `spokenName`.
@MainActor
struct Shortcut {
    /// GTK's accelerators, alternatives separated by spaces ("F2 Return"), a range by "..."
    /// ("<Control>1...<Control>9"); empty for a gesture.
    var accelerator: String
    var title: String
    /// For a gesture: GtkShortcutType's nick ("gesture-stretch", or "gesture" with `icon`).
    var gesture: String?
    var icon: String?
    var subtitle: String?

    init(accelerator: String, title: String) {
        self.accelerator = accelerator
        self.title = title
    }

    init(gesture: String, icon: String? = nil, title: String, subtitle: String) {
        accelerator = ""
        self.gesture = gesture
        self.icon = icon
        self.title = title
        self.subtitle = subtitle
    }

    /// The accelerator's alternatives, each its own keys ("F2 Return": "F2", "Return").
    var alternatives: [String] {
        accelerator.split(separator: " ").map(String.init)
    }

    /// The icon a gesture is drawn with: its own, or the one GtkShortcutsShortcut draws for its
    /// type ("gesture-pinch" is GTK's icon "gesture-pinch-symbolic"); nil for keys.
    var gestureIcon: String? {
        guard let gesture else { return nil }
        return icon ?? "\(gesture)-symbolic"
    }

    /// What a screen reader says for the shortcut, which Tab reaches (GTK 4.8's shortcuts window
    /// could not be read with the keyboard at all): its title and keys ("New item at the top,
    /// Ctrl+N"), or a gesture's title and how to make it.
    var spokenName: String {
        if let subtitle { return "\(title), \(subtitle)" }
        let keys = alternatives.map { choice in
            let ends = choice.components(separatedBy: "...").map(Self.label(ofAccelerator:))
            return ends.count == 2 ? tr("{first} to {last}", ["first": ends[0], "last": ends[1]]) : ends[0]
        }
        return ([title] + keys).joined(separator: ", ")
    }

    /// GTK's own words for an accelerator ("Ctrl+N"), in the user's language.
    private static func label(ofAccelerator accelerator: String) -> String {
        var key: guint = 0
        var modifiers = GdkModifierType(rawValue: 0)
        guard gtk_accelerator_parse(accelerator, &key, &modifiers) != 0, let label = gtk_accelerator_get_label(key, modifiers) else {
            return accelerator
        }
        defer { g_free(label) }
        return String(cString: label)
    }
}
