import FlickCore
import FlickSync

/// Reads the priority, tags and parent of items stored before schema v8 from their iCalendar
/// text (`OrganisingBackfill`), a little at a time once the window is up, so a large database
/// upgraded from an earlier Flick does not wait for it. Looking costs one probe of an empty
/// index once none is left, and writes nothing. A failure stops it quietly; the next start
/// tries again, and until then those items show no priority or tags, as before.
@MainActor
enum OrganisingBackfillRunner {
    /// Items read per main loop turn: a few milliseconds of libical.
    private static let chunk = 200

    static func start(_ store: TodoStore) {
        MainLoop.after(seconds: 1) { step(store) }
    }

    private static func step(_ store: TodoStore) {
        guard (try? OrganisingBackfill.run(store, limit: chunk)) == chunk else { return }
        MainLoop.idle { step(store) }
    }
}
