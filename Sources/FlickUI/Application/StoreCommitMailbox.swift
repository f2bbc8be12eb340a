import FlickCore
import Foundation

/// What the store tells from its threads, handed to the main loop: the commits gathered under a
/// lock, as one, then whether another program committed and whether a writer finished, with one
/// idle callback at a time to take them.
final class StoreCommitMailbox: @unchecked Sendable {
    private let lock = NSLock()
    private var pending = StoreCommit()
    private var otherProgramCommitted = false
    /// A writer's end not yet taken.
    private var writerFinished = false
    private var isScheduled = false
    /// Read only on the main loop.
    private weak var feed: StoreChangeFeed?

    init(feed: StoreChangeFeed) {
        self.feed = feed
    }

    /// From the database's queue inside a write, or from the thread that told the change.
    func post(_ change: StoreChange) {
        let schedule: Bool = lock.withLock {
            switch change {
            case let .committed(commit): pending.formUnion(commit)
            case .otherProgram: otherProgramCommitted = true
            case .writerFinished: writerFinished = true
            }
            defer { isScheduled = true }
            return !isScheduled
        }
        guard schedule else { return }
        MainLoop.idle { [self] in
            let changes = takePending()
            lock.withLock { isScheduled = false }
            // Taken already (`takePending`) when a change ran before this idle.
            for change in changes { feed?.deliver(change) }
        }
    }

    /// What was posted and not yet taken, taken now, in the order the pages take it in: the
    /// commits, then what only a reading again shows. The idle callback then finds nothing.
    func takePending() -> [StoreChange] {
        lock.withLock {
            var changes: [StoreChange] = []
            if !pending.isEmpty { changes.append(.committed(pending)) }
            if otherProgramCommitted { changes.append(.otherProgram) }
            if writerFinished { changes.append(.writerFinished) }
            (pending, otherProgramCommitted, writerFinished) = (StoreCommit(), false, false)
            return changes
        }
    }
}
