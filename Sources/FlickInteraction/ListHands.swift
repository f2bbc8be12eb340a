/// Everything the hands can be doing on one gesture list, in one place (issue 28): which
/// gesture owns the pointer (`arbiter`), the row drags and the menu (`controller`), the pulls,
/// the pinches (a gap, a spread, the pinch together, Ctrl+scroll), the touchpad's swipe and the
/// lift. Each event comes in with its time and goes out as effects; the views read the list's
/// state from GTK, hand it in, and draw what comes back. `state` says in one word what the hands
/// are doing; every gesture ends with it `.idle`.
///
/// A class, as the controller is: the list's views share it. Not `Sendable`: the main thread
/// only.
public final class ListHands<ID: Hashable & Sendable> {
    /// What the hands are doing, as one value.
    public enum State: Sendable, Equatable {
        case idle
        /// A row pressed and dragged (a slide, or not yet decided), or its menu being dragged.
        case slide
        /// A pinch holding a gap open or spreading on a row (two fingers or a touchpad).
        case pinch
        /// Ctrl+scroll holding a gap open: the mouse's pinch, ended by its quiet time.
        case wheelPinch
        /// A pinch together going up a level.
        case levelPinch(LevelPinch.Source)
        case edgePull(EdgePull.Edge)
        /// A row lifted and carried (to a new place, or up a level).
        case lift
        case touchpadSwipe
    }

    public let controller: ListInteractionController<ID>
    public private(set) var arbiter = GestureArbiter()
    private var pull = EdgePullGesture()
    private var pinch = PinchGesture<ID>()
    private var swipe = TouchpadSwipeGesture<ID>()
    /// Whether the touchpad scroll going on is sideways or vertical (issue 54).
    public private(set) var scrollAxis = TouchpadScrollAxis()
    /// Whether a row drag is being followed (from its press until it ends, is denied, or
    /// becomes a lift).
    public private(set) var isTrackingRowDrag = false

    /// Where a gesture that ends without an event of its own sends what it draws: the caller of
    /// the event draws its own gesture, not this one. A pull taken by a pinch, or stopped by
    /// `reset()`, settles back (the pull's view); a row drag taken by a pull, a pinch or a pinch
    /// together goes back to where it was (the driver).
    public var pullEndedElsewhere: (([EdgePullGesture.Effect]) -> Void)?
    public var rowDragEndedByTakeover: (([InteractionEffect<ID>]) -> Void)?

    public init(controller: ListInteractionController<ID> = .init()) {
        self.controller = controller
    }

    public var state: State {
        switch arbiter.owner {
        case nil: return .idle
        case .slide?: return .slide
        case .pinch?: return pinch.ctrlScrollQuietDue != nil ? .wheelPinch : .pinch
        case .levelPinch?: return .levelPinch(pinch.levelPinch?.source ?? .pinch)
        case .edgePull?: return .edgePull(pull.pull?.edge ?? .top)
        case .lift?: return .lift
        case .touchpadSwipe?: return .touchpadSwipe
        }
    }

    /// Everything stops at once (the list was read again under the hands): the row drag and the
    /// swipe end with their row back in place, a pull lets go (through `pullEndedElsewhere`), a
    /// pinch's gap closes without making an item, a pinch together springs back, and the
    /// hands rest. A lifted row is put back by its view, which owns the copy it draws.
    public func reset() -> (list: [InteractionEffect<ID>], pinch: [PinchGesture<ID>.Effect]) {
        if pull.pull != nil { pullEndedElsewhere?(pull.dragCancelled(arbiter: &arbiter)) }
        let pinchEffects = pinch.reset(arbiter: &arbiter, controller: controller)
        isTrackingRowDrag = false
        swipe.dragCancelled(arbiter: &arbiter)
        let listEffects = controller.dragCancelled()
        arbiter.reset()
        return (listEffects, pinchEffects)
    }

    /// The pull under way, for drawing.
    public var currentPull: EdgePull? { pull.pull }
    /// The pinch together under way.
    public var levelPinch: LevelPinch? { pinch.levelPinch }
    /// When the deadlines of the gestures with no release of their own fall (event time, in
    /// seconds): the wheel's pull and Ctrl+scroll. The views call `advancePull(to:)` and
    /// `advancePinch(to:)` then.
    public var wheelPullReleaseDue: Double? { pull.wheelReleaseDue }
    public var ctrlScrollQuietDue: Double? { pinch.ctrlScrollQuietDue }

    /// Time has reached `time`: a wheel pull whose steps stopped lets go.
    public func advancePull(to time: Double) -> [EdgePullGesture.Effect] {
        pull.advance(to: time, arbiter: &arbiter)
    }

    /// Time has reached `time`: Ctrl+scroll whose steps stopped ends.
    public func advancePinch(to time: Double) -> [PinchGesture<ID>.Effect] {
        pinch.advance(to: time, arbiter: &arbiter, controller: controller)
    }

    // MARK: Row drags

    /// A press on the row of `item` (nil: no row, or one that does not slide). Not accepted
    /// when the drag is denied (the list scrolls); the effects are the controller's, to apply
    /// either way.
    public func rowDragBegan(item: ID?, isEditing: Bool, time: Double) -> (accepted: Bool, effects: [InteractionEffect<ID>]) {
        // A press whose drag never told its end (none should) keeps neither the pointer nor its row.
        let stale = isTrackingRowDrag ? controller.dragCancelled() : []
        stopTrackingRowDrag()
        guard let item, !isEditing, arbiter.begin(.slide).isGranted else { return (false, stale) }
        let began = controller.dragBegan(item: item, time: time)
        guard !began.contains(.dragCancelled) else {
            // The controller refused it: it hears no more of this drag.
            _ = controller.dragCancelled()
            stopTrackingRowDrag()
            return (false, stale)
        }
        isTrackingRowDrag = true
        return (true, stale + began)
    }

    public func rowDragUpdated(dx: Double, dy: Double, time: Double) -> DragResponse<ID>? {
        guard isTrackingRowDrag else { return nil }
        let response = controller.dragUpdated(dx: dx, dy: dy, time: time)
        if response.decision == .denied {
            // Not a slide: the list scrolls, and the controller rests until the next press.
            stopTrackingRowDrag()
            _ = controller.dragCancelled()
        }
        return response
    }

    public func rowDragEnded(time: Double) -> [InteractionEffect<ID>] {
        guard isTrackingRowDrag else { return [] }
        stopTrackingRowDrag()
        return controller.dragEnded(time: time)
    }

    public func rowDragCancelled() -> [InteractionEffect<ID>] {
        guard isTrackingRowDrag else { return [] }
        stopTrackingRowDrag()
        return controller.dragCancelled()
    }

    /// The controller gave up a drag (`.dragCancelled`): the row drag or the swipe is over.
    public func controllerCancelledDrag() {
        stopTrackingRowDrag()
        swipe.dragCancelled(arbiter: &arbiter)
        // The drag's later events are not passed on: the controller rests until the next press.
        if case .denied = controller.slideState { _ = controller.dragCancelled() }
    }

    private func stopTrackingRowDrag() {
        isTrackingRowDrag = false
        arbiter.end(.slide)
    }

    // MARK: Lifts

    /// Whether a long press now may lift its row: it began a drag that has not become a slide,
    /// with no menu open.
    public var mayLiftFromRowDrag: Bool {
        isTrackingRowDrag && controller.openItem == nil && arbiter.mayBegin(.lift)
    }

    /// Whether a lift may begin at all (the lifter's own checks aside).
    public var mayLift: Bool { arbiter.mayBegin(.lift) }

    /// A row was lifted: the lift takes the pointer; the drag that held it is no longer a slide.
    public func liftBegan() -> [InteractionEffect<ID>] {
        arbiter.begin(.lift)
        guard isTrackingRowDrag else { return [] }
        isTrackingRowDrag = false
        return controller.dragCancelled()
    }

    public func liftEnded() {
        arbiter.end(.lift)
    }

    // MARK: Pulls

    public func pullDragBegan() { pull.dragBegan() }

    public func pullDragMoved(dx: Double, dy: Double, list: EdgePullGesture.ListState) -> [EdgePullGesture.Effect] {
        endingWhatWasTakenOver(pull.dragMoved(dx: dx, dy: dy, list: list, arbiter: &arbiter))
    }

    public func pullDragEnded() -> [EdgePullGesture.Effect] { pull.dragEnded(arbiter: &arbiter) }

    public func pullDragCancelled() -> [EdgePullGesture.Effect] { pull.dragCancelled(arbiter: &arbiter) }

    public func pullScrolled(dy: Double, isWheel: Bool, withControl: Bool, time: Double,
                             list: EdgePullGesture.ListState) -> (consumed: Bool, effects: [EdgePullGesture.Effect]) {
        endingWhatWasTakenOver(pull.scrolled(dy: dy, isWheel: isWheel, withControl: withControl, time: time, list: list,
                                             arbiter: &arbiter))
    }

    public func pullScrollEnded() -> [EdgePullGesture.Effect] { pull.scrollEnded(arbiter: &arbiter) }

    // MARK: Pinches

    public func pinchBegan(_ start: PinchGesture<ID>.Start, time: Double, prepare: () -> Bool) -> [PinchGesture<ID>.Effect] {
        endingWhatWasTakenOver(pinch.began(start, time: time, arbiter: &arbiter, controller: controller, prepare: prepare))
    }

    public func pinchUpdated(upperY: Double, lowerY: Double, scale: Double, time: Double, levelAbove: Bool,
                             goUpBegan: () -> Bool) -> [PinchGesture<ID>.Effect] {
        endingWhatWasTakenOver(pinch.updated(upperY: upperY, lowerY: lowerY, scale: scale, time: time, levelAbove: levelAbove,
                                            arbiter: &arbiter, controller: controller, goUpBegan: goUpBegan))
    }

    public func pinchEnded(time: Double) -> [PinchGesture<ID>.Effect] {
        pinch.ended(time: time, arbiter: &arbiter, controller: controller)
    }

    public func pinchCancelled() -> [PinchGesture<ID>.Effect] {
        pinch.cancelled(arbiter: &arbiter, controller: controller)
    }

    public func ctrlScrolled(deltaY: Double, boundary: Int, time: Double, levelAbove: Bool, prepare: () -> Bool,
                             goUpBegan: () -> Bool) -> [PinchGesture<ID>.Effect] {
        endingWhatWasTakenOver(pinch.ctrlScrolled(deltaY: deltaY, boundary: boundary, time: time, levelAbove: levelAbove,
                                                 arbiter: &arbiter, controller: controller, prepare: prepare,
                                                 goUpBegan: goUpBegan))
    }

    /// A gesture that lost the pointer to another ends at once, rather than at its next event.
    private func endingWhatWasTakenOver<Effects>(_ effects: Effects) -> Effects {
        if pull.pull != nil, !arbiter.owns(.edgePull) {
            pullEndedElsewhere?(pull.dragCancelled(arbiter: &arbiter))
        }
        if isTrackingRowDrag, !arbiter.owns(.slide) {
            isTrackingRowDrag = false
            rowDragEndedByTakeover?(controller.dragCancelled())
        }
        return effects
    }

    // MARK: Touchpad scrolls: swipes and pulls

    /// Fingers came down on the touchpad: a new scroll, whose axis is decided afresh.
    public func touchpadScrollBegan(list: EdgePullGesture.ListState) {
        scrollAxis.reset()
        pull.scrollBegan(list: list)
    }

    /// One step of a touchpad's two-finger scroll (not the wheel, not Ctrl+scroll), over `row`
    /// (nil where none slides). Its first steps are held back until `scrollAxis` decides the
    /// scroll: sideways, it swipes the row; vertical, it pulls at the list's edge or scrolls the
    /// list, by what was held back too. `prepare` measures the list before a swipe begins.
    public func touchpadScrolled(dx: Double, dy: Double, over row: ID?, isEditing: Bool, time: Double,
                                 list: EdgePullGesture.ListState, prepare: () -> Void) -> TouchpadScrollOutcome<ID> {
        switch scrollAxis.scrolled(dx: dx, dy: dy) {
        case .held:
            return TouchpadScrollOutcome(consumed: true)
        case let .sideways(dx):
            let (moved, effects) = swipe.scrolled(dx: dx, over: row, isEditing: isEditing, time: time, arbiter: &arbiter,
                                                 controller: controller, prepare: prepare)
            return TouchpadScrollOutcome(consumed: moved, row: effects)
        case let .vertical(dy, heldBefore):
            let (consumed, effects) = pullScrolled(dy: dy, isWheel: false, withControl: false, time: time, list: list)
            // Not a pull: GTK scrolls the list by this event; the held events it never saw are
            // scrolled by hand.
            return TouchpadScrollOutcome(consumed: consumed, pull: effects, scrollListBy: consumed ? 0 : heldBefore)
        }
    }

    /// The fingers lifted: a swipe releases its row; the next scroll is decided afresh.
    public func touchpadScrollEnded(time: Double) -> [InteractionEffect<ID>] {
        scrollAxis.reset()
        return swipe.ended(time: time, arbiter: &arbiter, controller: controller)
    }
}
