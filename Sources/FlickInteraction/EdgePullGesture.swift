/// The pulls' decisions (DESIGN 2.6), made from the edge's drag and scroll events and their
/// times: when a pull begins, how far it has gone, when it lets go and what its release does.
/// The view reads the list's state from GTK, hands it in with each event, and only draws what
/// the effects say (no gesture decided in a view). Which gesture owns the pointer is
/// the list's `GestureArbiter`, passed in.
///
/// A drag is a pull only once it has moved past the start distance towards the inside while the
/// list is at that edge, so row swipes and scrolling are left alone. A touchpad scroll pulls
/// when it began at the edge and is released when the fingers lift; the mouse wheel, which has
/// no release, pulls only down at the top where the list was resting, and lets go
/// `wheelPullReleaseS` after its last step (`wheelReleaseDue`, reached through `advance(to:)`).
public struct EdgePullGesture: Sendable {
    /// What the list is like as an event arrives.
    public struct ListState: Sendable, Equatable {
        public var atTop: Bool
        public var atEnd: Bool
        /// A row's title is being typed: no pull then.
        public var isEditing: Bool
        /// How many completed rows a pull up would clear; nil where there is no pull up.
        public var completedCount: Int?
        /// Whether a long pull down goes up a level (a list's items; not the overview).
        public var canGoUp: Bool
        public var rowHeight: Double

        public init(atTop: Bool, atEnd: Bool, isEditing: Bool = false, completedCount: Int? = nil,
                    canGoUp: Bool = false, rowHeight: Double) {
            self.atTop = atTop
            self.atEnd = atEnd
            self.isEditing = isEditing
            self.completedCount = completedCount
            self.canGoUp = canGoUp
            self.rowHeight = rowHeight
        }
    }

    public enum Effect: Sendable, Equatable {
        /// The drag is the pull's: claim its sequence, so the rows and the scrolling let it go.
        case claimSequence
        /// A pull began: stop any settling back, close an open row, uncover what is behind.
        case began
        /// Draw the pull as it now stands.
        case show(EdgePull)
        /// The pull has ended: the list settles back from this offset (negative at the bottom).
        case settleBack(from: Double)
        /// A release past a stage: carry it out (after settling back).
        case perform(EdgePull.Stage)
    }

    /// The pull under way, if any.
    public private(set) var pull: EdgePull?
    /// When a wheel pull lets go if no further step comes (event time, seconds).
    public private(set) var wheelReleaseDue: Double?
    /// Set when the drag under way lifted a row: what is left of it is not a pull, even after
    /// Escape has put the row back.
    private var dragLiftedARow = false
    /// How far a scroll pull has travelled, in pixels towards the inside.
    private var scrollTravel = 0.0
    /// Where the touchpad scroll now going on began: a scroll that reaches an edge does not
    /// pull on past it.
    private var scrollBeganAtTop = false
    private var scrollBeganAtEnd = false
    /// When the last wheel step came (event time, seconds).
    private var lastWheelStep = -Double.infinity
    private let tuning: InteractionTuning

    public init(tuning: InteractionTuning = .init()) {
        self.tuning = tuning
    }

    // MARK: Drags

    public mutating func dragBegan() {
        dragLiftedARow = false
    }

    /// The drag has moved (dx, dy) since its press.
    public mutating func dragMoved(dx: Double, dy: Double, list: ListState, arbiter: inout GestureArbiter) -> [Effect] {
        if arbiter.owns(.lift) { dragLiftedARow = true }
        var effects: [Effect] = []
        if pull == nil {
            // A finger of a pinch moving towards the other is not a pull (a pinch together
            // begins with the upper finger moving down at the top of the list): the pinch owns
            // the pointer then.
            guard !list.isEditing, !dragLiftedARow, arbiter.mayBegin(.edgePull), abs(dy) > abs(dx),
                  let edge = edgeStarting(dy: dy, list: list) else { return [] }
            effects = [.claimSequence] + begin(edge, list: list, arbiter: &arbiter)
        }
        guard let edge = pull?.edge else { return effects }
        // A pinch took the pointer: the pull lets go.
        guard arbiter.owns(.edgePull) else { return effects + letGo(arbiter: &arbiter) }
        let inward = edge == .top ? dy : -dy
        pull?.moved(to: inward - tuning.pullStartPx)
        return effects + [.show(pull!)]
    }

    /// The drag was released: the pull's stage is carried out.
    public mutating func dragEnded(arbiter: inout GestureArbiter) -> [Effect] {
        release(arbiter: &arbiter)
    }

    /// The drag's sequence was taken (a pinch) or the grab broke: the pull lets go, doing nothing.
    public mutating func dragCancelled(arbiter: inout GestureArbiter) -> [Effect] {
        letGo(arbiter: &arbiter)
    }

    /// The edge a drag of `dy` so far starts a pull at, if any: down at the top, up at the
    /// bottom where there is a pull up.
    private func edgeStarting(dy: Double, list: ListState) -> EdgePull.Edge? {
        if EdgePull.begins(afterMoving: dy, atEdge: list.atTop, tuning: tuning) { return .top }
        if list.completedCount != nil, EdgePull.begins(afterMoving: -dy, atEdge: list.atEnd, tuning: tuning) {
            return .bottom
        }
        return nil
    }

    // MARK: Scrolls

    /// A touchpad scroll sequence began (fingers down).
    public mutating func scrollBegan(list: ListState) {
        scrollBeganAtTop = list.atTop
        scrollBeganAtEnd = list.atEnd
    }

    /// A scroll step of `dy` (down is positive: the content would move up) at `time`. Returns
    /// whether the step went to a pull (the list must not scroll then) and what to draw.
    public mutating func scrolled(dy: Double, isWheel: Bool, withControl: Bool, time: Double, list: ListState,
                                  arbiter: inout GestureArbiter) -> (consumed: Bool, effects: [Effect]) {
        // Ctrl+scroll is the mouse's pinch, never a pull.
        guard !withControl else { return (false, []) }
        let sinceLastWheelStep = time - lastWheelStep
        if isWheel { lastWheelStep = time }
        var effects: [Effect] = []
        if pull == nil {
            guard !list.isEditing, arbiter.mayBegin(.edgePull) else { return (false, []) }
            let position = EdgePull.ScrollPosition(atTop: list.atTop, atEnd: list.atEnd,
                                                   scrollBeganAtTop: scrollBeganAtTop, scrollBeganAtEnd: scrollBeganAtEnd)
            guard let edge = EdgePull.edge(startedByScroll: dy, isWheel: isWheel, sinceLastWheelStep: sinceLastWheelStep,
                                           at: position, hasPullUp: list.completedCount != nil, tuning: tuning)
            else { return (false, []) }
            effects = begin(edge, list: list, arbiter: &arbiter)
            scrollTravel = 0
        }
        guard let edge = pull?.edge else { return (false, effects) }
        // A pinch took the pointer: the pull lets go, and the step scrolls.
        guard arbiter.owns(.edgePull) else { return (false, effects + letGo(arbiter: &arbiter)) }
        scrollTravel += EdgePull.travel(ofScroll: dy, isWheel: isWheel, towards: edge, rowHeight: list.rowHeight,
                                        tuning: tuning)
        // Scrolled back past where the pull began: it ends, and the list scrolls again.
        guard scrollTravel > 0 else { return (true, effects + letGo(arbiter: &arbiter)) }
        pull?.moved(to: scrollTravel)
        if isWheel { wheelReleaseDue = time + tuning.wheelPullReleaseS }
        return (true, effects + [.show(pull!)])
    }

    /// The touchpad's fingers lifted: a touchpad pull is released. A wheel pull is not: it lets
    /// go when its steps stop.
    public mutating func scrollEnded(arbiter: inout GestureArbiter) -> [Effect] {
        guard pull != nil, wheelReleaseDue == nil else { return [] }
        return release(arbiter: &arbiter)
    }

    /// Time has reached `time` (event time, seconds): a wheel pull whose steps stopped lets go,
    /// releasing.
    public mutating func advance(to time: Double, arbiter: inout GestureArbiter) -> [Effect] {
        guard let due = wheelReleaseDue, time >= due else { return [] }
        return release(arbiter: &arbiter)
    }

    // MARK: Beginning and ending

    private mutating func begin(_ edge: EdgePull.Edge, list: ListState, arbiter: inout GestureArbiter) -> [Effect] {
        arbiter.begin(.edgePull)
        pull = EdgePull(edge: edge, rowHeight: list.rowHeight, canGoUp: list.canGoUp,
                        hasCompleted: (list.completedCount ?? 0) > 0, tuning: tuning)
        wheelReleaseDue = nil
        return [.began]
    }

    /// Lets go and carries out what the pull's stage says.
    private mutating func release(arbiter: inout GestureArbiter) -> [Effect] {
        guard let stage = pull?.stage else { return [] }
        let effects = letGo(arbiter: &arbiter)
        return stage == .pulling ? effects : effects + [.perform(stage)]
    }

    /// The pull ends without doing anything: the list settles back and the pointer is free.
    private mutating func letGo(arbiter: inout GestureArbiter) -> [Effect] {
        guard let pull else { return [] }
        self.pull = nil
        wheelReleaseDue = nil
        arbiter.end(.edgePull)
        return [.settleBack(from: pull.edge == .top ? pull.shownDistance : -pull.shownDistance)]
    }
}
