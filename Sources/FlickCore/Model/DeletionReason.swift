/// How an item in Recently Deleted went (schema v11's `deleted_item.reason`).
public enum DeletionReason: String, Sendable, Equatable {
    /// Deleted in Flick: a gesture, a key, Clear Completed, a subtask with its parent, the command line.
    case user
    /// The server of its synced list no longer had it.
    case sync
    /// Its list was deleted.
    case list
}
