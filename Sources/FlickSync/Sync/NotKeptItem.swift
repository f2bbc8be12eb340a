/// A local change a server would not store (`BodyRefusal`): the item stays as it is here, its
/// change in the outbox to be sent again at the next sync, and the sync names it.
public struct NotKeptItem: Sendable, Equatable {
    public var itemID: Int64
    public var title: String
    public var refusal: BodyRefusal

    public init(itemID: Int64, title: String, refusal: BodyRefusal) {
        self.itemID = itemID
        self.title = title
        self.refusal = refusal
    }
}
