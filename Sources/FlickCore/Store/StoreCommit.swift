/// What one committed transaction of the store changed (one change stream): the
/// items and the lists it inserted, changed or deleted, by id. A sync's, an import's, a
/// document's own: every writer of this store's connection is heard the same way.
public struct StoreCommit: Sendable, Equatable {
    public var itemIDs: Set<Int64>
    public var listIDs: Set<Int64>
    /// Whether it put entries in Recently Deleted or took them out (a deletion, a restore,
    /// Delete Forever, Empty): the overview shows their count.
    public var changedRecentlyDeleted: Bool
    /// The document that wrote it, which holds what it wrote and need not read it back; nil
    /// for a sync's, an import's, or commits of several writers told as one.
    public var writer: StoreWriter?

    public init(itemIDs: Set<Int64> = [], listIDs: Set<Int64> = [], changedRecentlyDeleted: Bool = false,
                writer: StoreWriter? = nil) {
        self.itemIDs = itemIDs
        self.listIDs = listIDs
        self.changedRecentlyDeleted = changedRecentlyDeleted
        self.writer = writer
    }

    public var isEmpty: Bool { itemIDs.isEmpty && listIDs.isEmpty && !changedRecentlyDeleted }

    /// This commit and `other`, as one (commits gathered while the main loop was busy).
    public mutating func formUnion(_ other: StoreCommit) {
        writer = isEmpty ? other.writer : (writer == other.writer ? writer : nil)
        itemIDs.formUnion(other.itemIDs)
        listIDs.formUnion(other.listIDs)
        changedRecentlyDeleted = changedRecentlyDeleted || other.changedRecentlyDeleted
    }
}
