/// A list and its items, in order, as an .ics file is written from them.
public struct ExportedList: Sendable, Equatable {
    public var name: String
    public var uid: String
    public var items: [ExportedItem]

    public init(name: String, uid: String, items: [ExportedItem]) {
        self.name = name
        self.uid = uid
        self.items = items
    }
}
