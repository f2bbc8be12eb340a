/// The copy an item moved between synced lists left in the calendar it came from, kept there
/// until the calendar it went to holds the item (SchemaV5).
public struct HeldDeletion: Sendable, Equatable {
    public var tombstone: SyncTombstone
    /// The list the item came from, and its calendar.
    public var list: SyncedList

    public init(tombstone: SyncTombstone, list: SyncedList) {
        self.tombstone = tombstone
        self.list = list
    }
}
