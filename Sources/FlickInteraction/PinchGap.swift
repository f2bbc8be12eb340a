/// The gap that a pinch opens between two rows, and the placeholder that fills it.
public struct PinchGap: Sendable, Equatable {
    /// The gap opens above the row at this position (between rows `boundaryIndex − 1`
    /// and `boundaryIndex`); an insert lands at this position.
    public let boundaryIndex: Int
    /// Height of the gap in logical pixels, always above 0.
    public let height: Double
    /// Row height H the placeholder is measured against.
    public let rowHeight: Double
    /// Releasing now inserts an item: the pinch is still active and the gap is
    /// taller than a row. Show "Release to add item" instead of "Pull apart to add
    /// item". Always false for a gap that is closing.
    public let releaseWillInsert: Bool

    /// How far rows move away from the gap: rows above move up by this, rows below
    /// move down by it (half the gap each).
    public var rowShift: Double { height / 2 }

    /// Vertical scale of the placeholder row: min(gap, H) / H.
    public var placeholderScale: Double {
        rowHeight > 0 ? min(height, rowHeight) / rowHeight : 1
    }

    /// Opacity of the placeholder row: min(1, gap / H).
    public var placeholderOpacity: Double {
        rowHeight > 0 ? min(1, height / rowHeight) : 1
    }
}
