/// A page whose changes are values (one runner performs a change and retries it): the
/// runner asks the page whether the change may be written now, writes it through the page, and
/// tells the page what it did; when it could not be saved, the problem notice's Retry runs the
/// same value again, through the same steps.
@MainActor
protocol ChangeTarget: AnyObject {
    associatedtype Change: Sendable
    associatedtype Outcome
    /// Whether the change can be written now (its item is still there), and what must be done
    /// just before (a screen reader told what it will hear). Asked again on Retry.
    func prepare(_ change: Change) -> Bool
    /// Writes the change in the store; throws when it could not be saved.
    func write(_ change: Change) throws -> Outcome
    /// The change was saved: what the page does then (a sound, a notice, the focus).
    func saved(_ change: Change, _ outcome: Outcome)
    /// The change was not saved: the problem notice says so, with Retry.
    func notSaved(_ change: Change)
}

extension ChangeTarget {
    func prepare(_ change: Change) -> Bool { true }
    func notSaved(_ change: Change) {}
}

extension ChangeRunner {
    /// Runs `change` on `target`; when it cannot be saved, Retry runs the same change again.
    /// Returns whether it was saved.
    @discardableResult
    func run<Target: ChangeTarget>(_ change: Target.Change, on target: Target) -> Bool {
        run(on: target) { change }
    }

    /// Runs the change `make` gives once the store's commits not yet taken in are taken in,
    /// once: a change that depends on the item as stored is made then (a toggle completes or
    /// reopens what a D-Bus Complete All may have just completed). Nil runs nothing.
    @discardableResult
    func run<Target: ChangeTarget>(on target: Target, _ make: () -> Target.Change?) -> Bool {
        takeInPendingCommits?()  // Before `prepare` asks whether its item is still there.
        guard let change = make(), target.prepare(change) else { return false }
        var outcome: Target.Outcome?
        let saved = perform(retry: { [weak self, weak target] in
            guard let self, let target else { return }
            self.run(change, on: target)
        }, { outcome = try target.write(change) })
        if let outcome, saved { target.saved(change, outcome) } else if !saved { target.notSaved(change) }
        return saved
    }
}
