/// An item and its position in its list, as an edit that removes or restores several records it.
public struct PlacedItem: Sendable, Equatable {
    public var item: TodoItem
    public var index: Int

    public init(item: TodoItem, index: Int) {
        self.item = item
        self.index = index
    }
}
