/// An item deleted from (or moved out of) a calendar's list whose resource the server still has.
public struct SyncTombstone: Sendable, Equatable {
    public var id: Int64
    public var uid: String
    public var href: String
    public var etag: String?
}
