/// An item named by its title and its list's name, for the command line to find it by
/// (`flick --delete TEXT`) and to list several it could mean.
public struct TitledItem: Sendable, Equatable {
    public var id: Int64
    public var title: String
    public var listName: String

    public init(id: Int64, title: String, listName: String) {
        self.id = id
        self.title = title
        self.listName = listName
    }
}
