/// A row of the list view that stands for no stored item.
enum PlaceholderRow: String {
    /// The gap a pinch opens between two items.
    case gap
    /// A new item being typed, not stored until the edit is committed.
    case newItem = "new"
}
