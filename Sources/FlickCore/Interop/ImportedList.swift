/// The items of one calendar of an .ics file, with the calendar's name if it has one
/// (X-WR-CALNAME).
public struct ImportedList: Sendable, Equatable {
    public var name: String?
    public var items: [ImportedItem]

    public init(name: String?, items: [ImportedItem]) {
        self.name = name
        self.items = items
    }
}
