import FlickCore
import Foundation

/// Brings the store's changes to the GLib main loop (one door): the ids of
/// the items and lists each commit touched, gathered while the loop is busy and told once it is
/// idle, another program's commits and a writer's end. The open list takes commits in place
/// (`ListDocument.absorb`), so a sync no longer reads it again and drops its undo history.
@MainActor
final class StoreChangeFeed {
    /// Told on the main loop of what changed since the last time.
    var onChange: ((StoreChange) -> Void)?

    private var mailbox: StoreCommitMailbox!

    init(store: TodoStore) {
        let mailbox = StoreCommitMailbox(feed: self)
        self.mailbox = mailbox
        store.observeChanges { change in mailbox.post(change) }
    }

    func deliver(_ change: StoreChange) {
        onChange?(change)
    }

    /// Tells now of the changes the main loop has not yet been told of: a change about to run
    /// must see them (a D-Bus Complete All, then at once a toggle of one of its items: the list
    /// still held the item as open, so the toggle completed it again instead of reopening it;
    /// kill trials, seed 78632).
    func deliverPending() {
        for change in mailbox.takePending() { deliver(change) }
    }
}
