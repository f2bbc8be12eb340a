import FlickCore
import Foundation

/// What the database's queue hands to the main loop: the commits gathered under a lock, as
/// one, and one idle callback at a time to take them.
final class StoreCommitMailbox: @unchecked Sendable {
    private let lock = NSLock()
    private var pending = StoreCommit()
    private var isScheduled = false
    /// Read only on the main loop.
    private weak var feed: StoreChangeFeed?

    init(feed: StoreChangeFeed) {
        self.feed = feed
    }

    /// From the database's queue, inside a write.
    func post(_ commit: StoreCommit) {
        let schedule: Bool = lock.withLock {
            pending.formUnion(commit)
            defer { isScheduled = true }
            return !isScheduled
        }
        guard schedule else { return }
        MainLoop.idle { [self] in
            let commit: StoreCommit = lock.withLock {
                defer { (pending, isScheduled) = (StoreCommit(), false) }
                return pending
            }
            // Taken already (`takePending`) when a change ran before this idle.
            if !commit.isEmpty { feed?.deliver(commit) }
        }
    }

    /// What was posted and not yet taken, taken now: the idle callback then finds nothing.
    func takePending() -> StoreCommit {
        lock.withLock {
            defer { pending = StoreCommit() }
            return pending
        }
    }
}
