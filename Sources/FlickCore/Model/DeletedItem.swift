import Foundation

/// An item in Recently Deleted, as the command line and the window list it: the
/// entry, not the item (whose id is gone with it). Subtasks deleted with their parent are not
/// entries of their own here; they come back with it (`subtaskCount`).
public struct DeletedItem: Sendable, Equatable, Identifiable {
    /// The entry's id in `deleted_item`.
    public var id: Int64
    public var title: String
    public var uid: String
    /// The table of the entries.
    static let tableName = "deleted_item"
    /// The list it was in, by the name it had when the item was deleted.
    public var listName: String
    public var deletedAt: Date
    public var reason: DeletionReason
    /// Its subtasks (at any depth) in Recently Deleted, which a restore brings back with it.
    public var subtaskCount: Int

    public init(id: Int64, title: String, uid: String, listName: String, deletedAt: Date, reason: DeletionReason,
                subtaskCount: Int = 0) {
        self.id = id
        self.title = title
        self.uid = uid
        self.listName = listName
        self.deletedAt = deletedAt
        self.reason = reason
        self.subtaskCount = subtaskCount
    }
}
