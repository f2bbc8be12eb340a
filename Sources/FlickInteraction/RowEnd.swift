/// A row's trailing end, where a double-click opens the item's details (DESIGN 2.5) rather
/// than its title for typing: the right end, or the left in a right-to-left language.
public enum RowEnd {
    /// How wide the trailing end is. Our choice: about as wide as the due chip and the marks.
    public static let trailingWidth = 120.0

    /// Whether `x` (the list's coordinates) is in the trailing end of a list `width` wide.
    public static func isTrailing(x: Double, width: Double, rightToLeft: Bool) -> Bool {
        rightToLeft ? x <= trailingWidth : x >= width - trailingWidth
    }
}
