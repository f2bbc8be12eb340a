/// Knows when code runs inside one of GtkListView's own callbacks: the factory's `setup`,
/// `bind`, `unbind` and `teardown`, and the scroll adjustment's `value-changed`, which the list
/// emits while it lays out. Calling back into the list from there (grabbing focus, scrolling
/// to an item, selecting, splicing the model) makes GTK re-enter its item manager, which can
/// bind again without end (issue 13: a pinch-insert on a 2,000-item list, read by a screen
/// reader after every action, overflowed the stack and lost what was being typed). Such work
/// goes through `whenOutside`, which defers it to the main loop while a callback runs.
@MainActor
final class ListCallbackGuard {
    private var depth = 0

    /// True while a list callback is running.
    var isInside: Bool { depth > 0 }

    /// Runs `body` as a list callback.
    func run(_ body: () -> Void) {
        depth += 1
        defer { depth -= 1 }
        body()
    }

    /// Runs `work` now, or once the list callback that is running has returned.
    func whenOutside(_ work: @escaping @MainActor () -> Void) {
        if isInside { MainLoop.idle(work) } else { work() }
    }
}
