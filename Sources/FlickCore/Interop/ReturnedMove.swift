/// An item a calendar refused to take when it was moved into its list, put back in the list it
/// came from, where the server still has it, rather than lost with the refused copy.
public struct ReturnedMove: Sendable, Equatable {
    public var title: String
    /// The list it is back in.
    public var listID: Int64
    public var listName: String

    public init(title: String, listID: Int64, listName: String) {
        self.title = title
        self.listID = listID
        self.listName = listName
    }
}
