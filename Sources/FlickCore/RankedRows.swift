/// The rows a new rank is found among, by position, without copying the list: the document's
/// items, or its items without one row (the row being moved).
struct RankedRows {
    let items: [TodoItem]
    /// The position in `items` left out, if any.
    let skipping: Int?

    var count: Int { skipping == nil ? items.count : items.count - 1 }

    /// The position in `items` of the row at `position` here.
    func itemIndex(_ position: Int) -> Int {
        guard let skipping, position >= skipping else { return position }
        return position + 1
    }

    subscript(position: Int) -> TodoItem { items[itemIndex(position)] }
}
