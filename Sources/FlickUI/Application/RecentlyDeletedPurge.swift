import FlickCore

/// Removes for good what Recently Deleted has kept for more than 30 days: a few
/// seconds after the store opens (and its file is vouched for), so the first frame never waits
/// for it, and at each new day while the window is open. Reading the entries (`flick --deleted`, and the window's view) removes them too.
/// A failure is quiet: the entries stay until the next time, which is all it costs.
@MainActor
enum RecentlyDeletedPurge {
    private static let delayAfterOpening = 3.0

    static func soon(_ store: TodoStore) {
        _ = MainLoop.after(seconds: delayAfterOpening) { now(store) }
    }

    static func now(_ store: TodoStore) {
        _ = try? store.purgeRecentlyDeleted()
    }
}
