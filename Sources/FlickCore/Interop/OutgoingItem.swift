/// An item with changes the server has not got yet (the outbox), as read for a push.
public struct OutgoingItem: Sendable, Equatable {
    public var itemID: Int64
    /// The change count when read: the push cleans the item only if nothing changed since.
    public var revision: Int64
    /// Its resource, once it has one, and the ETag of the version the base text is.
    public var href: String?
    public var etag: String?
    /// Its fields, its place and its base text (`ical`: the last text both sides agreed on).
    public var item: ExportedItem
}
