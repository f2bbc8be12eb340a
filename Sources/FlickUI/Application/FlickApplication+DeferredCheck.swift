import FlickCore
import Foundation

/// A start after a crash shows the list while the file's full check still runs
/// (`DeferredDatabaseCheck`). What writes on its own (a sync, a backup) waits for the check's
/// verdict; a check that fails makes Flick start again, this time checking the file before it
/// shows anything, so that the start sets the file aside and explains it as any start does.
extension FlickApplication {
    /// Set for the Flick that starts again after a failed check: it checks first.
    static let checkFirstVariable = "FLICK_CHECK_BEFORE_SHOWING"

    /// Whether this start follows a failed check. Forgets it, so that nothing Flick starts
    /// (a sound player, a browser) inherits it.
    static func takeCheckFirst() -> Bool {
        defer { unsetenv(checkFirstVariable) }
        return ProcessEnvironment.value(checkFirstVariable) == "1"
    }

    /// Runs `work` once `store`'s file is known to be sound: at once when it was checked
    /// before it opened, else on the main loop when its check ends well. A failed check ends
    /// this Flick and starts it again instead.
    func whenChecked(_ store: TodoStore, _ work: @escaping @MainActor () -> Void) {
        guard let check = store.pendingCheck else { return work() }
        check.whenFinished { verdict in
            _ = MainLoop.idle { [weak self] in
                guard case let .failed(detail) = verdict else { return work() }
                self?.checkFailed(detail)
            }
        }
    }

    private func checkFailed(_ detail: String) {
        guard !checkFailedWhileShown else { return }
        FileHandle.standardError.write(Data("flick: the database failed its check (\(detail)); starting again to set it aside\n".utf8))
        checkFailedWhileShown = true
        quit()
    }

    /// After the main loop, with the store left as it was: this process becomes a new Flick
    /// (same arguments, same process id) that checks the file before it shows it.
    func startAgainCheckingFirst() {
        setenv(Self.checkFirstVariable, "1", 1)
        startAgain()
    }
}
