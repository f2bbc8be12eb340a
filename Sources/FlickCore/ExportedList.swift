/// A list and its items, in order, as an .ics file is written from them.
public struct ExportedList: Sendable, Equatable {
    public var name: String
    public var uid: String
    public var items: [ExportedItem]
}
