/// One row drag from press to release. Horizontal values are logical: positive
/// towards the completion side, negative towards the menu (RTL already undone).
struct DragSession<ID: Hashable & Sendable> {
    let item: ID
    /// Event-clock time of the press; swipes are timed from here.
    let beganTime: Double
    /// Offset of the row when the drag was claimed; the row follows start + dx.
    var startOffset = 0.0
    /// The row's menu was open (or opening) when the drag was claimed; an open row
    /// can only be dragged back to closed, not on into the completion cue.
    var startedOpen = false
    /// The item may be postponed: a closed row follows past its menu to the postpone line.
    var mayPostpone = false
    var dx = 0.0
    var dy = 0.0
    /// Largest vertical distance from the press seen so far.
    var maxDrift = 0.0
    var tracker: VelocityTracker

    init(item: ID, time: Double, tuning: InteractionTuning) {
        self.item = item
        self.beganTime = time
        tracker = VelocityTracker(windowS: tuning.velocityWindowS)
        tracker.add(time: time, position: 0)
    }

    mutating func move(dx: Double, dy: Double, time: Double) {
        self.dx = dx
        self.dy = dy
        maxDrift = max(maxDrift, abs(dy))
        tracker.add(time: time, position: dx)
    }

    /// A fast horizontal movement (DESIGN 2.2).
    enum Swipe {
        case towardMenu
        case awayFromMenu
    }

    /// The swipe recognised at release, or nil when the drag was not one: drift
    /// within the limit and either a release faster than the velocity threshold (its
    /// direction counts) or enough distance within the time limit.
    ///
    /// Swipes are recognised at release, not while moving: until the finger lifts
    /// the row follows it, and the swipe only decides where the row goes next.
    func swipe(releaseTime: Double, velocity: Double, tuning: InteractionTuning) -> Swipe? {
        guard maxDrift <= tuning.swipeMaxDriftPx else { return nil }
        if abs(velocity) >= tuning.swipeVelocityPxPerS {
            return velocity < 0 ? .towardMenu : .awayFromMenu
        }
        let quick = releaseTime - beganTime <= tuning.swipeMaxDurationS
        guard quick, abs(dx) >= tuning.swipeMinDistancePx else { return nil }
        return dx < 0 ? .towardMenu : .awayFromMenu
    }
}
