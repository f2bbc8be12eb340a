@preconcurrency import CGtk
import CGSound

/// Short event sounds from the desktop's sound theme, as Clear plays them (DESIGN 2.7): on
/// completing an item, on clearing completed items and on deleting. Never when GTK's
/// `gtk-enable-input-feedback-sounds` is off or the user turned sounds off; a sound is never the
/// only sign that something happened. The GSound context is made on the first sound, not at
/// start-up, and a desktop without sound (no sound server) just stays silent.
@MainActor
final class EventSounds {
    enum Event {
        case complete, clear, delete

        /// The freedesktop sound theme's event id.
        var id: String {
            switch self {
            case .complete: return "complete"
            case .clear, .delete: return "trash-empty"
            }
        }
    }

    /// The user's setting (Preferences).
    var isEnabled: () -> Bool = { true }
    /// Told of every sound that is played (tests).
    var onPlay: ((Event) -> Void)?
    private var context: OpaquePointer?
    private var contextFailed = false

    /// The sound context goes with the sounds (valgrind found it lost when the window went).
    isolated deinit {
        if let context { g_object_unref(UnsafeMutableRawPointer(context)) }
    }

    /// Plays the sound once the frame that shows the change is drawn, so that it comes with
    /// what the user sees. Played at once, it was a tenth of a deletion's work before that frame
    /// on a long list (libcanberra reads and decodes the file when no sound server holds it;
    /// callgrind on `make bench`'s edits).
    func play(_ event: Event) {
        guard isEnabled(), Self.inputFeedbackSoundsEnabled() else { return }
        onPlay?(event)
        MainLoop.idle { [weak self] in self?.playNow(event) }
    }

    private func playNow(_ event: Event) {
        guard let context = makeContextOnce() else { return }
        let attributes = g_hash_table_new(g_str_hash, g_str_equal)
        defer { g_hash_table_unref(attributes) }
        event.id.withCString { id in
            GSOUND_ATTR_EVENT_ID.withCString { key in
                g_hash_table_insert(attributes, UnsafeMutableRawPointer(mutating: key), UnsafeMutableRawPointer(mutating: id))
                // Errors (no sound server, no such sound) are not the user's concern: silence.
                _ = gsound_context_play_simplev(context, attributes, nil, nil)
            }
        }
    }

    private func makeContextOnce() -> OpaquePointer? {
        if context == nil, !contextFailed {
            let made: OpaquePointer? = gsound_context_new(nil, nil)
            context = made
            contextFailed = context == nil
        }
        return context
    }

    private static func inputFeedbackSoundsEnabled() -> Bool {
        guard let settings = gtk_settings_get_default() else { return true }
        var value = GValue()
        g_value_init(&value, GType(G_TYPE_BOOLEAN_RAW))
        defer { g_value_unset(&value) }
        g_object_get_property(UnsafeMutablePointer(settings), "gtk-enable-input-feedback-sounds", &value)
        return g_value_get_boolean(&value) != 0
    }
}
