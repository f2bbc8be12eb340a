/// What Flick holds of one resource of a calendar: its item, the ETag it last saw, whether
/// the item has changes to send, and its base text (the last version both sides agreed on).
public struct KnownResource: Sendable, Equatable {
    public var itemID: Int64
    public var href: String
    public var etag: String?
    public var isDirty: Bool
}
