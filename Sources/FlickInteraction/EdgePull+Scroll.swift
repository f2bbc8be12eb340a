/// Pulls made by scrolling: a touchpad's two-finger scroll, or the mouse wheel, at an edge.
extension EdgePull {
    /// Where the list stood for a scroll step.
    public struct ScrollPosition: Sendable, Equatable {
        public var atTop: Bool
        public var atEnd: Bool
        /// Where the touchpad scroll now going on began: a scroll that reaches an edge does not
        /// pull on past it; the fingers lift and scroll again to pull.
        public var scrollBeganAtTop: Bool
        public var scrollBeganAtEnd: Bool

        public init(atTop: Bool, atEnd: Bool, scrollBeganAtTop: Bool, scrollBeganAtEnd: Bool) {
            self.atTop = atTop
            self.atEnd = atEnd
            self.scrollBeganAtTop = scrollBeganAtTop
            self.scrollBeganAtEnd = scrollBeganAtEnd
        }
    }

    /// The edge a scroll step of `dy` (down is positive: the content would move up) starts a
    /// pull at, if any. A touchpad pulls down at the top and, where there is a pull up, up at
    /// the end, when its scroll began there. The wheel pulls only down at the top, and only once
    /// it has rested `wheelPullReleaseS` since its last step there: a wheel spun up to the top
    /// stops there, and a wheel spun on at the end would clear items by accident.
    /// `sinceLastWheelStep` is the time since the wheel's previous step, in seconds.
    public static func edge(startedByScroll dy: Double, isWheel: Bool, sinceLastWheelStep: Double,
                            at position: ScrollPosition, hasPullUp: Bool,
                            tuning: InteractionTuning = .init()) -> Edge? {
        if isWheel {
            let rested = sinceLastWheelStep > tuning.wheelPullReleaseS
            return rested && dy < 0 && position.atTop ? .top : nil
        }
        if dy < 0, position.scrollBeganAtTop, position.atTop { return .top }
        if dy > 0, hasPullUp, position.scrollBeganAtEnd, position.atEnd { return .bottom }
        return nil
    }

    /// How far a scroll step moves a pull, in pixels towards the inside of `edge`: a touchpad's
    /// pixels as they come, a wheel step `wheelPullRowsPerStep` rows.
    public static func travel(ofScroll dy: Double, isWheel: Bool, towards edge: Edge, rowHeight: Double,
                              tuning: InteractionTuning = .init()) -> Double {
        let distance = isWheel ? dy * tuning.wheelPullRowsPerStep * rowHeight : dy
        return edge == .top ? -distance : distance
    }
}
