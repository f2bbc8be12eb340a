/// What the list's editor is typing into: a stored item's title, or a new item that is not
/// stored yet. A new item is stored, with its title, in one transaction when the edit is
/// committed: nothing empty is ever saved, a failed save loses nothing typed, and an edit
/// left empty leaves nothing behind.
enum EditTarget: Equatable {
    case item(Int64)
    /// A new item that will be inserted at this index of the document's items.
    case newItem(at: Int)

    var itemID: Int64? {
        if case let .item(id) = self { return id }
        return nil
    }
}
