import Foundation

/// The full check of a database file (`PRAGMA integrity_check` and the schema's shape) still
/// running on the preload's thread while the window already shows the list it read. After a
/// crash or a kill the check reads every page: 268 ms of the 535 ms to the first frame at
/// 100,000 items, when the first frame waited for it (`make bench`'s start-up phases). It need
/// not wait, since reading a file cannot harm it. Writing can: until the check has ended, every
/// commit waits for it (`CheckedCommitGate`), and once it has found damage no commit is made at
/// all; Flick then starts again and sets the file aside as any start does.
public final class DeferredDatabaseCheck: @unchecked Sendable {
    /// What the check found.
    public enum Verdict: Sendable, Equatable {
        case sound
        /// Damage, or an error that kept the check from its end, in SQLite's words: the next
        /// start checks the file before it shows anything, and sets it aside if it is damaged.
        case failed(detail: String)
    }

    private let condition = NSCondition()
    private var verdict: Verdict?
    private var handlers: [@Sendable (Verdict) -> Void] = []

    init() {}

    /// The verdict, if the check has ended.
    public var finished: Verdict? {
        condition.withLock { verdict }
    }

    /// Waits for the check to end and returns what it found.
    public func wait() -> Verdict {
        condition.lock()
        defer { condition.unlock() }
        while verdict == nil { condition.wait() }
        return verdict!
    }

    /// Calls `handler` with the verdict once the check ends, on the checking thread (or at
    /// once, on the caller's, when it has ended already).
    public func whenFinished(_ handler: @escaping @Sendable (Verdict) -> Void) {
        condition.lock()
        guard let verdict else {
            handlers.append(handler)
            condition.unlock()
            return
        }
        condition.unlock()
        handler(verdict)
    }

    /// Records the verdict: waiting commits go on (or fail), and the handlers are told.
    func finish(_ verdict: Verdict) {
        condition.lock()
        guard self.verdict == nil else {
            condition.unlock()
            return
        }
        self.verdict = verdict
        let waiting = handlers
        handlers = []
        condition.broadcast()
        condition.unlock()
        for handler in waiting { handler(verdict) }
    }
}
