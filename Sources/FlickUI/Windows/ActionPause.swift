@preconcurrency import CGtk

/// Greys out the main window's actions while a `PhoneView` covers the pages, all but those
/// that make sense over it: the pages' keys must not act on rows the user cannot see (Ctrl+N
/// began a row under the details, Ctrl+Page Down opened another list), as the details window,
/// modal, kept them from the main window. Only the actions it greyed out are enabled again.
@MainActor
final class ActionPause {
    /// Going up (which closes the view), closing the window, and the main menu's entries that
    /// open windows of their own or another view.
    static let kept: Set<String> = ["go-up", "close", "main-menu", "shortcuts", "preferences", "add-account",
                                    "remove-account", "recently-deleted"]

    private let window: UnsafeMutablePointer<GtkWidget>
    private var paused: [String] = []

    init(window: UnsafeMutablePointer<GtkWidget>) {
        self.window = window
    }

    func pause() {
        guard paused.isEmpty, let names = g_action_group_list_actions(OpaquePointer(window)) else { return }
        defer { g_strfreev(names) }
        var index = 0
        while let name = names[index] {
            index += 1
            let text = String(cString: name)
            guard !Self.kept.contains(text), let action = g_action_map_lookup_action(OpaquePointer(window), name),
                  g_action_get_enabled(action) != 0 else { continue }
            g_simple_action_set_enabled(action, 0)
            paused.append(text)
        }
    }

    func resume() {
        for name in paused {
            if let action = g_action_map_lookup_action(OpaquePointer(window), name) { g_simple_action_set_enabled(action, 1) }
        }
        paused = []
    }
}
