/// An item put back from Recently Deleted, and where.
public struct RestoredItem: Sendable, Equatable {
    public var title: String
    /// The item, with the same UID it had (and the same id when that is still free).
    public var itemID: Int64
    public var listID: Int64
    public var listName: String
    /// True when its list had been deleted and was made again for it.
    public var madeListAgain: Bool
    /// True when it went back at its place (its rank was still free), false when at the top.
    public var atItsPlace: Bool
    /// How many of its subtasks came back with it.
    public var subtaskCount: Int

    public init(title: String, itemID: Int64, listID: Int64, listName: String, madeListAgain: Bool, atItsPlace: Bool,
                subtaskCount: Int) {
        self.title = title
        self.itemID = itemID
        self.listID = listID
        self.listName = listName
        self.madeListAgain = madeListAgain
        self.atItsPlace = atItsPlace
        self.subtaskCount = subtaskCount
    }
}
