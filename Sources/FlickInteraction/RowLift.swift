/// Hold and drag to reorder (DESIGN 2.7): a row lifted by a long press follows the pointer;
/// the other rows make room as its centre passes their middles, and near the list's edges the
/// list scrolls by itself, faster the deeper. A drop is one move from where the row was to
/// where it is; a cancel is none. Positions are in the list's content (scrolled) coordinates,
/// in a list of rows of equal pitch.
public struct RowLift: Sendable, Equatable {
    /// Where the row was when it was lifted, and the slot it is shown in now.
    public let originalIndex: Int
    public private(set) var index: Int
    public let rowCount: Int
    /// The distance between the tops of neighbouring rows.
    public let pitch: Double
    /// How far below the lifted row's top the pointer held it.
    private let grabOffset: Double
    /// The lifted row's top now.
    public private(set) var top: Double
    private let tuning: InteractionTuning

    /// Lifts the row at `index` of `rowCount`, held at `pointerY` (content coordinates).
    public init(index: Int, rowCount: Int, pitch: Double, pointerY: Double, tuning: InteractionTuning = .init()) {
        precondition(rowCount > 0 && (0..<rowCount).contains(index) && pitch > 0)
        originalIndex = index
        self.index = index
        self.rowCount = rowCount
        self.pitch = pitch
        self.tuning = tuning
        top = Double(index) * pitch
        grabOffset = pointerY - top
    }

    /// The pointer is at `pointerY` (content coordinates): the row follows it, kept within
    /// the list, and takes the slot whose neighbours' middles it has passed. Returns true when
    /// the slot changed.
    @discardableResult
    public mutating func moved(toPointerY pointerY: Double) -> Bool {
        let lastTop = Double(rowCount - 1) * pitch
        top = min(max(pointerY - grabOffset, 0), lastTop)
        let centre = top + pitch / 2
        let before = index
        // The row below sits in slot index + 1, its middle at (index + 1.5) pitches; the row
        // above in slot index − 1, its middle at (index − 0.5).
        while index < rowCount - 1, centre >= (Double(index) + 1.5) * pitch { index += 1 }
        while index > 0, centre <= (Double(index) - 0.5) * pitch { index -= 1 }
        return index != before
    }

    /// How fast the list should scroll by itself (pixels per second, negative upwards) with
    /// the pointer at `pointerY` in a viewport `height` tall: zero away from the edges,
    /// growing from 0 to the maximum across the edge zone (eased in, so a row held near the
    /// edge creeps and one pushed to it races).
    public func autoScrollSpeed(pointerY: Double, viewportHeight height: Double) -> Double {
        let zone = tuning.autoScrollZoneRows * pitch
        guard zone > 0, height > 0 else { return 0 }
        let depthTop = zone - pointerY
        let depthBottom = pointerY - (height - zone)
        let depth = max(depthTop, depthBottom)
        guard depth > 0 else { return 0 }
        let fraction = min(1, depth / zone)
        let speed = tuning.autoScrollMaxPxPerS * fraction * fraction
        return depthTop > depthBottom ? -speed : speed
    }

    /// When the row, held at the back button, goes up a level to be dropped on a list (event
    /// time, seconds); nil while it is not held there.
    public private(set) var carryDue: Double?

    /// The pointer is (or is not) at the back button at `time`: held there for `carryHoldS`,
    /// the row is carried up; moved away, the count starts again.
    public mutating func held(atCarryButton atButton: Bool, time: Double) {
        carryDue = atButton ? (carryDue ?? time + tuning.carryHoldS) : nil
    }

    /// Whether the row held at the back button goes up at `time`.
    public func carriesUp(at time: Double) -> Bool {
        carryDue.map { time >= $0 } ?? false
    }

    /// What a drop does: the move from where the row was to where it is, or nil if it is back
    /// where it started.
    public var dropMove: (from: Int, to: Int)? {
        index == originalIndex ? nil : (originalIndex, index)
    }

    public static func == (lhs: RowLift, rhs: RowLift) -> Bool {
        lhs.originalIndex == rhs.originalIndex && lhs.index == rhs.index && lhs.rowCount == rhs.rowCount
            && lhs.pitch == rhs.pitch && lhs.top == rhs.top && lhs.grabOffset == rhs.grabOffset
            && lhs.carryDue == rhs.carryDue
    }
}
