/// Everything the hands can be doing on one gesture list, in one place: which
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
    /// The row held and carried, if one is.
    public private(set) var lift = LiftGesture<ID>()
    /// The rows the lifted one carries along, from its lift to its release.
    private var carried: CarriedRows<ID>?
    private var pull = EdgePullGesture()
    private var pinch = PinchGesture<ID>()
    private var swipe = TouchpadSwipeGesture<ID>()
    /// Whether the touchpad scroll going on is sideways or vertical.
    public private(set) var scrollAxis = TouchpadScrollAxis()
    /// Whether a row drag is being followed (from its press until it ends, is denied, or
    /// becomes a lift).
    public private(set) var isTrackingRowDrag = false
    /// Whether the row's drag now carries a lifted row (from the lift until the drop or the
    /// cancel): its moves, release and cancel are the lift's, not a slide's.
    public private(set) var rowDragCarriesLift = false
    /// Whether the click going on found a row open as it was pressed: its release then does
    /// nothing more (the press closed the row).
    public internal(set) var clickFoundRowOpen = false

    /// What the gestures an input took the pointer from draw as they end, gathered while the
    /// input is handled (`handle`) and returned before its own effects: a pull taken by a pinch
    /// settles back, a row drag taken by a pull, a pinch or a pinch together lets go and goes
    /// back to where it was, a lifted row taken by a pinch is put back.
    private var takeovers: [ListEffect<ID>] = []
    /// The pinch step that asked the window for something (`PinchRequest`), with the answers it
    /// had, taken again when the answer comes (`ListInput.answered`).
    var pinchStepAsking: (input: ListInput<ID>, answers: PinchRequest.Answers)?

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
    /// swipe end with their row back in place, a pull lets go, a pinch's gap closes without
    /// making an item, a pinch together springs back, a lifted row goes back, and the hands rest.
    func reset() -> HandsEffects<ID> {
        var stopped = HandsEffects<ID>()
        pinchStepAsking = nil
        if pull.pull != nil { stopped.pull = pull.dragCancelled(arbiter: &arbiter) }
        stopped.pinch = pinch.reset(arbiter: &arbiter, controller: controller)
        stopped.lift = lift.cancelled()
        isTrackingRowDrag = false
        rowDragCarriesLift = false
        swipe.dragCancelled(arbiter: &arbiter)
        stopped.list = controller.dragCancelled()
        arbiter.reset()
        return stopped
    }

    /// The pull under way, for drawing.
    public var currentPull: EdgePull? { pull.pull }
    /// The pinch together under way.
    public var levelPinch: LevelPinch? { pinch.levelPinch }
    /// When the next of the gestures' deadlines falls (event time, in seconds): a wheel pull's
    /// or Ctrl+scroll's quiet time (they have no release of their own), or a row held at the back
    /// button going up. The view calls `advance(to:)` then; it is `nextDeadline − lastEventTime`
    /// away from the last event.
    public var nextDeadline: Double? {
        [pull.wheelReleaseDue, pinch.ctrlScrollQuietDue, lift.carryDue].compactMap { $0 }.min()
    }

    /// The time of the last event the hands were given (seconds), from which the view counts to
    /// `nextDeadline`.
    public private(set) var lastEventTime: Double?

    /// Time has reached `time`: a wheel pull whose steps stopped lets go, Ctrl+scroll whose
    /// steps stopped ends, a row held at the back button goes up.
    func advance(to time: Double) -> HandsEffects<ID> {
        HandsEffects(pull: pull.advance(to: time, arbiter: &arbiter),
                     pinch: pinch.advance(to: time, arbiter: &arbiter, controller: controller),
                     lift: lift.advance(to: time))
    }

    private func noteEvent(at time: Double) {
        lastEventTime = time
    }

    // MARK: Row drags

    /// A press on the row of `item` (nil: no row, or one that does not slide), which may be
    /// postponed by a drag past its menu or not. Not accepted when the drag is denied (the list
    /// scrolls); the effects are the controller's, to apply either way.
    public func rowDragBegan(item: ID?, isEditing: Bool, time: Double,
                             mayPostpone: Bool = false) -> (accepted: Bool, effects: [InteractionEffect<ID>]) {
        noteEvent(at: time)
        // A press whose drag never told its end (none should) keeps neither the pointer nor its row.
        let stale = isTrackingRowDrag ? controller.dragCancelled() : []
        stopTrackingRowDrag()
        rowDragCarriesLift = false
        guard let item, !isEditing, arbiter.begin(.slide).isGranted else { return (false, stale) }
        let began = controller.dragBegan(item: item, time: time, mayPostpone: mayPostpone)
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
        noteEvent(at: time)
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
        noteEvent(at: time)
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
    func controllerCancelledDrag() {
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
    var mayLiftFromRowDrag: Bool {
        isTrackingRowDrag && controller.openItem == nil && arbiter.mayBegin(.lift)
    }

    /// Lifts the row `start` measured (see `LiftGesture.began`), with the rows it carries
    /// along: the lift takes the pointer, and the row drag that held it is no longer a slide,
    /// its sequence the lift's (GTK claims it). Refused if the lift may not begin: the view puts
    /// back the rows it took out for it.
    func liftBegan(_ start: LiftStart<ID>) -> [ListEffect<ID>] {
        let carry = start.carry
        guard !lift.isLifted, arbiter.mayBegin(.lift) else { return [.liftRefused] }
        let lifted = lift.began(id: carry.lifted.id, index: carry.liftedIndex, rowCount: carry.rowCount(of: start.rowCount),
                                pitch: start.pitch, pointer: start.pointer, carryArea: start.carryArea)
        guard !lifted.isEmpty else { return [.liftRefused] }
        arbiter.begin(.lift)
        carried = carry
        guard isTrackingRowDrag else { return lifted.map { .lift($0) } }
        isTrackingRowDrag = false
        rowDragCarriesLift = true
        return ([.list(controller.dragCancelled())] + lifted).map { .lift($0) } + [.claimRowDrag]
    }

    func liftMoved(to pointer: LiftGesture<ID>.Pointer, time: Double) -> [LiftGesture<ID>.Effect] {
        noteEvent(at: time)
        return lift.moved(to: pointer, time: time)
    }

    /// A frame of the lifted row's list at `time`: near an edge the list scrolls by itself.
    func liftFrame(at time: Double, viewportHeight: Double) -> [LiftGesture<ID>.Effect] {
        lift.frame(at: time, viewportHeight: viewportHeight)
    }

    /// The list scrolled under the lifted row.
    func liftScrolled(to scroll: Double) -> [LiftGesture<ID>.Effect] {
        lift.scrolled(to: scroll)
    }

    /// Let go: with rows carried along, a drop moves all of them (`CarriedRows.released`).
    func liftReleased() -> [LiftGesture<ID>.Effect] {
        rowDragCarriesLift = false
        guard lift.isLifted else { return [] }
        arbiter.end(.lift)
        let released = lift.released()
        defer { carried = nil }
        return carried?.released(released) ?? released
    }

    func liftCancelled() -> [LiftGesture<ID>.Effect] {
        rowDragCarriesLift = false
        carried = nil
        guard lift.isLifted else { return [] }
        arbiter.end(.lift)
        return lift.cancelled()
    }

    // MARK: Pulls

    public func pullDragBegan() { pull.dragBegan() }

    /// Reached through `handle`, which returns what it took the pointer from.
    func pullDragMoved(dx: Double, dy: Double, list: EdgePullGesture.ListState) -> [EdgePullGesture.Effect] {
        endingWhatWasTakenOver(pull.dragMoved(dx: dx, dy: dy, list: list, arbiter: &arbiter))
    }

    public func pullDragEnded() -> [EdgePullGesture.Effect] { pull.dragEnded(arbiter: &arbiter) }

    public func pullDragCancelled() -> [EdgePullGesture.Effect] { pull.dragCancelled(arbiter: &arbiter) }

    /// Reached through `handle`, which returns what it took the pointer from.
    func pullScrolled(dy: Double, isWheel: Bool, withControl: Bool, time: Double,
                             list: EdgePullGesture.ListState) -> (consumed: Bool, effects: [EdgePullGesture.Effect]) {
        noteEvent(at: time)
        return endingWhatWasTakenOver(pull.scrolled(dy: dy, isWheel: isWheel, withControl: withControl, time: time, list: list,
                                             arbiter: &arbiter))
    }

    public func pullScrollEnded() -> [EdgePullGesture.Effect] { pull.scrollEnded(arbiter: &arbiter) }

    // MARK: Pinches (reached through `handle`, which returns what they took the pointer from)

    func pinchBegan(_ start: PinchGesture<ID>.Start, time: Double, answers: PinchRequest.Answers) -> [PinchGesture<ID>.Effect] {
        noteEvent(at: time)
        return endingWhatWasTakenOver(pinch.began(start, time: time, arbiter: &arbiter, controller: controller, answers: answers))
    }

    func pinchUpdated(upperY: Double, lowerY: Double, scale: Double, time: Double, levelAbove: Bool,
                      answers: PinchRequest.Answers) -> [PinchGesture<ID>.Effect] {
        noteEvent(at: time)
        return endingWhatWasTakenOver(pinch.updated(upperY: upperY, lowerY: lowerY, scale: scale, time: time, levelAbove: levelAbove,
                                                    arbiter: &arbiter, controller: controller, answers: answers))
    }

    func pinchEnded(time: Double) -> [PinchGesture<ID>.Effect] {
        noteEvent(at: time)
        return pinch.ended(time: time, arbiter: &arbiter, controller: controller)
    }

    func pinchCancelled() -> [PinchGesture<ID>.Effect] {
        pinch.cancelled(arbiter: &arbiter, controller: controller)
    }

    func ctrlScrolled(deltaY: Double, boundary: Int, time: Double, levelAbove: Bool,
                      answers: PinchRequest.Answers) -> [PinchGesture<ID>.Effect] {
        noteEvent(at: time)
        return endingWhatWasTakenOver(pinch.ctrlScrolled(deltaY: deltaY, boundary: boundary, time: time, levelAbove: levelAbove,
                                                         arbiter: &arbiter, controller: controller, answers: answers))
    }

    /// A gesture that lost the pointer to another ends at once, rather than at its next event.
    private func endingWhatWasTakenOver<Effects>(_ effects: Effects) -> Effects {
        if pull.pull != nil, !arbiter.owns(.edgePull) {
            takeovers += pull.dragCancelled(arbiter: &arbiter).map { .pull($0) }
        }
        if isTrackingRowDrag, !arbiter.owns(.slide) {
            isTrackingRowDrag = false
            takeovers += [.letGoOfRowDrag] + controller.dragCancelled().map { .row($0) }
        }
        if lift.isLifted, !arbiter.owns(.lift) {
            // The drag that carried the row carries nothing now: its release is no drop.
            rowDragCarriesLift = false
            takeovers += lift.cancelled().map { .lift($0) }
        }
        return effects
    }

    /// Runs `body`, what one input does, and returns its effects after those of the gestures
    /// it took the pointer from, which end first.
    func collectingTakeovers(_ body: () -> [ListEffect<ID>]) -> [ListEffect<ID>] {
        takeovers = []
        let effects = body()
        defer { takeovers = [] }
        return takeovers + effects
    }

    /// Whether a touchpad scroll step now may begin a row's swipe, for which the view measures
    /// the list (`ListScrollStep.geometry`): nothing has the pointer, and the scroll is not
    /// known to be vertical.
    public var mayBeginTouchpadSwipe: Bool {
        arbiter.owner == nil && scrollAxis.axis != .vertical
    }

    // MARK: Touchpad scrolls: swipes and pulls

    /// Fingers came down on the touchpad: a new scroll, whose axis is decided afresh.
    public func touchpadScrollBegan(list: EdgePullGesture.ListState) {
        scrollAxis.reset()
        pull.scrollBegan(list: list)
    }

    /// One step of a touchpad's two-finger scroll (not the wheel, not Ctrl+scroll), over `row`
    /// (nil where none slides; `rowMayPostpone`: swiped past its menu, it postpones). Its first
    /// steps are held back until `scrollAxis` decides the scroll: sideways, it swipes the row;
    /// vertical, it pulls at the list's edge or scrolls the list, by what was held back too.
    /// `prepare` measures the list before a swipe begins.
    public func touchpadScrolled(dx: Double, dy: Double, over row: ID?, rowMayPostpone: Bool = false, isEditing: Bool,
                                 time: Double, list: EdgePullGesture.ListState,
                                 prepare: () -> Void) -> TouchpadScrollOutcome<ID> {
        noteEvent(at: time)
        switch scrollAxis.scrolled(dx: dx, dy: dy) {
        case .held:
            return TouchpadScrollOutcome(consumed: true)
        case let .sideways(dx):
            let (moved, effects) = swipe.scrolled(dx: dx, over: row, rowMayPostpone: rowMayPostpone, isEditing: isEditing,
                                                 time: time, arbiter: &arbiter,
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
        noteEvent(at: time)
        scrollAxis.reset()
        return swipe.ended(time: time, arbiter: &arbiter, controller: controller)
    }
}
