import Foundation

/// What the database's queue hands to the main loop: the ids gathered under a lock, and one
/// idle callback at a time to take them.
final class StoreCommitMailbox: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: Set<Int64> = []
    private var isScheduled = false
    /// Read only on the main loop.
    private weak var feed: StoreChangeFeed?

    init(feed: StoreChangeFeed) {
        self.feed = feed
    }

    /// From the database's queue, inside a write.
    func post(_ ids: Set<Int64>) {
        let schedule: Bool = lock.withLock {
            pending.formUnion(ids)
            defer { isScheduled = true }
            return !isScheduled
        }
        guard schedule else { return }
        MainLoop.idle { [self] in
            let ids: Set<Int64> = lock.withLock {
                defer { (pending, isScheduled) = ([], false) }
                return pending
            }
            // Taken already (`takePending`) when a change ran before this idle.
            if !ids.isEmpty { feed?.deliver(ids) }
        }
    }

    /// The ids posted and not yet taken, taken now: the idle callback then finds none.
    func takePending() -> Set<Int64> {
        lock.withLock {
            defer { pending = [] }
            return pending
        }
    }
}
