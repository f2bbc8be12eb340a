/// A subtask at any depth below an item of a document, as it was before its parent's deletion
/// deleted it too: its row and the rest of it (notes, UID, times, parent), so that
/// undoing the deletion puts the whole tree back.
public struct SubtreeItem: Sendable, Equatable {
    var item: TodoItem
    var details: ItemDetails
}
