import Foundation

/// A pull past the top or the bottom of a gesture list (DESIGN 2.6): down at the top creates
/// an item (or, further, goes up a level); up at the bottom clears the completed items. It
/// knows how far the hand has travelled since the pull began, what that shows and what a
/// release would do; the view draws it and carries the outcome out.
public struct EdgePull: Sendable, Equatable {
    public enum Edge: Sendable, Equatable {
        /// Pulled down at the top.
        case top
        /// Pulled up at the bottom.
        case bottom
    }

    /// What the pull does if released now, which is also what its label says.
    public enum Stage: Sendable, Equatable {
        /// "Pull to create item" / "Pull to clear completed": releasing springs back.
        case pulling
        /// "Release to create item".
        case releaseToCreate
        /// "Release to go to lists" (only where there is a level above).
        case releaseToGoUp
        /// "Release to clear N completed items" (only when there are completed items).
        case releaseToClear
    }

    public let edge: Edge
    public let rowHeight: Double
    /// Whether a long pull down goes up a level (a list's items; not the overview).
    public let canGoUp: Bool
    /// Whether there is anything a pull up would clear.
    public let hasCompleted: Bool
    private let tuning: InteractionTuning
    /// How far the pointer (or the touchpad scroll) has travelled towards the inside of the
    /// list since the pull began, in logical pixels; never below 0.
    public private(set) var travel: Double = 0

    public init(edge: Edge, rowHeight: Double, canGoUp: Bool, hasCompleted: Bool, tuning: InteractionTuning = .init()) {
        self.edge = edge
        self.rowHeight = rowHeight
        self.canGoUp = canGoUp
        self.hasCompleted = hasCompleted
        self.tuning = tuning
    }

    /// Whether movement of `distance` towards the inside, with the list at this edge, starts
    /// a pull: past `pullStartPx`, so a tap or a jitter does not.
    public static func begins(afterMoving distance: Double, atEdge: Bool, tuning: InteractionTuning = .init()) -> Bool {
        atEdge && distance > tuning.pullStartPx
    }

    /// The pointer is now `distance` from where the pull began (towards the inside).
    public mutating func moved(to distance: Double) {
        travel = max(0, distance)
    }

    /// How far the list is drawn pulled: the rubber band c·(1 − 1/(1 + d/c)), which slows as
    /// the pull grows and never exceeds c.
    public var shownDistance: Double {
        let c = tuning.pullRubberBandRows * rowHeight
        guard c > 0 else { return 0 }
        return c * (1 - 1 / (1 + travel / c))
    }

    public var stage: Stage {
        switch edge {
        case .top:
            if canGoUp, travel > tuning.pullUpLevelRows * rowHeight { return .releaseToGoUp }
            return travel > tuning.pullCreateRows * rowHeight ? .releaseToCreate : .pulling
        case .bottom:
            return hasCompleted && travel > tuning.pullClearRows * rowHeight ? .releaseToClear : .pulling
        }
    }

    /// The top placeholder row's rotation about its bottom edge, in radians: π/2 (edge on,
    /// unseen) at the start, 0 (flat) once the pull reaches one row height.
    public var placeholderRotation: Double {
        guard rowHeight > 0 else { return 0 }
        return .pi / 2 - asin(min(1, travel / rowHeight))
    }
}
