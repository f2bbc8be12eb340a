/// A row of the list view that stands for no stored item.
enum PlaceholderRow: Int64 {
    /// The gap a pinch opens between two items.
    case gap = -9_223_372_036_854_775_808  // Int64.min: no stored id, nor Today's -1, is this low.
    /// A new item being typed, not stored until the edit is committed.
    case newItem = -9_223_372_036_854_775_807
}
