/// One pending piece of work on the main loop, started again or cancelled as the hands move:
/// how a gesture with no release of its own ends (the wheel's pull, Ctrl+scroll's pinch, when
/// no step came for a while) and how a hold becomes an action (a row held at the back button).
/// The work is dropped with its owner: the closure must hold the owner weakly.
@MainActor
final class Timeout {
    private var source: UInt32?

    var isPending: Bool { source != nil }

    /// Runs `work` after `seconds`, instead of what was pending.
    func restart(after seconds: Double, _ work: @escaping @MainActor () -> Void) {
        cancel()
        source = MainLoop.after(seconds: seconds) { [weak self] in
            self?.source = nil
            work()
        }
    }

    /// Runs `work` after `seconds` unless something is pending already.
    func startIfIdle(after seconds: Double, _ work: @escaping @MainActor () -> Void) {
        if !isPending { restart(after: seconds, work) }
    }

    func cancel() {
        if let source { MainLoop.cancel(source) }
        source = nil
    }

    isolated deinit {
        cancel()
    }
}
