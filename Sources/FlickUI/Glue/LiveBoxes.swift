import Synchronization

/// Counts the boxes handed to C as `user_data` (`HandlerBox`, `WeakBox`) that are still
/// alive: each is retained when handed over and released by
/// its destroy notify, so once a window and its rows are gone the count is back where it was
/// before the window came (the UI tests check this). Atomic: GLib may run a destroy notify on
/// another thread, for a source removed there.
enum LiveBoxes {
    private static let live = Atomic<Int>(0)

    static var count: Int { live.load(ordering: .relaxed) }

    static func made() {
        live.add(1, ordering: .relaxed)
    }

    static func released() {
        live.subtract(1, ordering: .relaxed)
    }
}
