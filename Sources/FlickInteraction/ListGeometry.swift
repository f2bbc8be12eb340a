/// The sizes the controller needs from the list widget, in logical pixels.
///
/// Call `ListInteractionController.configure(geometry:)` again whenever one of them
/// changes, including the row count after an insert or a delete.
public struct ListGeometry: Sendable, Equatable {
    /// Width W of a row.
    public var rowWidth: Double
    /// Height H of a row; the pinch gap is measured against it.
    public var rowHeight: Double
    /// Natural width of the action menu that sits behind a row.
    public var menuWidth: Double
    /// Number of rows in the list; pinches outside it are ignored.
    public var rowCount: Int
    /// Right-to-left locales mirror every horizontal direction.
    public var isRightToLeft: Bool

    public init(
        rowWidth: Double = 0,
        rowHeight: Double = 56,
        menuWidth: Double = 0,
        rowCount: Int = 0,
        isRightToLeft: Bool = false
    ) {
        self.rowWidth = rowWidth
        self.rowHeight = rowHeight
        self.menuWidth = menuWidth
        self.rowCount = rowCount
        self.isRightToLeft = isRightToLeft
    }

    /// Whether rows must be laid out again: everything but the row count.
    func hasSameLayout(as other: ListGeometry) -> Bool {
        rowWidth == other.rowWidth && rowHeight == other.rowHeight
            && menuWidth == other.menuWidth && isRightToLeft == other.isRightToLeft
    }
}
