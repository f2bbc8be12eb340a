import FlickCore
import Foundation

/// Brings the store's commits to the GLib main loop (issues 28 and 56: one change stream): the
/// ids of the items and lists each commit touched, gathered while the loop is busy and told once
/// it is idle. The open list takes them in place (`ListDocument.absorb`), so a sync no longer
/// reads it again and drops its undo history.
@MainActor
final class StoreChangeFeed {
    /// Told on the main loop of what was committed since the last time.
    var onCommit: ((StoreCommit) -> Void)?

    private var mailbox: StoreCommitMailbox!

    init(store: TodoStore) {
        let mailbox = StoreCommitMailbox(feed: self)
        self.mailbox = mailbox
        store.observeCommits { commit in mailbox.post(commit) }
    }

    func deliver(_ commit: StoreCommit) {
        onCommit?(commit)
    }

    /// Tells now of the commits the main loop has not yet been told of: a change about to run
    /// must see them (a D-Bus Complete All, then at once a toggle of one of its items: the list
    /// still held the item as open, so the toggle completed it again instead of reopening it;
    /// kill trials, seed 78632).
    func deliverPending() {
        let commit = mailbox.takePending()
        if !commit.isEmpty { deliver(commit) }
    }
}
