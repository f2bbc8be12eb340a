/// The pinches' decisions on one gesture list (no gesture decided in a view): a pinch
/// (two fingers, a touchpad, or Ctrl+scroll) opens a gap between rows, spreads one row open,
/// or, closing with no gap open, becomes the pinch together that goes up a level. It feeds the
/// list's controller (the gap) and answers with what to draw and do; which gesture owns the
/// pointer is the list's `GestureArbiter`, passed in. Time is always an argument: Ctrl+scroll,
/// which has no release, ends at `ctrlScrollQuietDue`, reached through `advance(to:)`.
///
/// Two steps can fail in the window: saving a title being typed before a gap takes its place,
/// and starting the transition up. A step that needs one returns `.request` and changes nothing
/// else; it is taken again with the window's answer in `answers` (`PinchRequest`).
public struct PinchGesture<ItemID: Hashable & Sendable>: Sendable {
    public enum Effect: Sendable, Equatable {
        /// The controller's effects, to draw on the rows and the gap.
        case list([InteractionEffect<ItemID>])
        /// Spreading on one row opened it (a list on the overview, an item's subtasks).
        case openRow(ItemID)
        /// The pinch together has come this far (0 the list, 1 the level above).
        case levelPinchMoved(progress: Double)
        /// The pinch together ended: land above or spring back, at this speed.
        case levelPinchEnded(LevelPinch.Outcome, progress: Double, velocity: Double)
        /// The step needs this done in the window first; it is taken again with the answer.
        /// Always the last effect of its step.
        case request(PinchRequest)
    }

    /// Where a pinch began: the rows under its fingers and what spreading there would do.
    public struct Start: Sendable, Equatable {
        /// Two touch points (a touchscreen), or only a scale (a touchpad).
        public var hasPoints: Bool
        public var upperY: Double
        public var lowerY: Double
        /// The rows under the upper and the lower point (a touchpad: both the pointer's).
        public var upper: RowUnderPoint?
        public var lower: RowUnderPoint?
        /// Where the level opens a row that two touch points spread on (the overview's lists).
        public var spreadOpensRows: Bool
        /// The boundary between rows nearest the pointer, for a touchpad's gap.
        public var boundaryNearPointer: Int

        public init(hasPoints: Bool, upperY: Double, lowerY: Double, upper: RowUnderPoint?, lower: RowUnderPoint?,
                    spreadOpensRows: Bool, boundaryNearPointer: Int) {
            self.hasPoints = hasPoints
            self.upperY = upperY
            self.lowerY = lowerY
            self.upper = upper
            self.lower = lower
            self.spreadOpensRows = spreadOpensRows
            self.boundaryNearPointer = boundaryNearPointer
        }
    }

    /// A row under a point: its position, how far down it the point is (0 its top, 1 its
    /// bottom), its item, and whether a touchpad's spread over it opens it.
    public struct RowUnderPoint: Sendable, Equatable {
        public var index: Int
        public var fraction: Double
        public var id: ItemID?
        public var touchpadSpreadOpens: Bool

        public init(index: Int, fraction: Double, id: ItemID?, touchpadSpreadOpens: Bool = false) {
            self.index = index
            self.fraction = fraction
            self.id = id
            self.touchpadSpreadOpens = touchpadSpreadOpens
        }
    }

    /// The pinch together in progress, once a pinch (or Ctrl+scroll down) has become one.
    public private(set) var levelPinch: LevelPinch?
    /// When Ctrl+scroll ends if no further step comes (event time, seconds); nil when no
    /// Ctrl+scroll is going on.
    public private(set) var ctrlScrollQuietDue: Double?
    /// The row a pinch's fingers are spreading on, opened once they part far enough.
    private var spreadRowID: ItemID?
    /// Whether the pinch in progress has two touch points or only a scale.
    private var hasPoints = false
    /// Ctrl+scroll's last step (event time, seconds).
    private var lastCtrlScrollStep = 0.0
    private let tuning: InteractionTuning

    public init(tuning: InteractionTuning = .init()) {
        self.tuning = tuning
    }

    // MARK: Touch and touchpad pinches

    /// A pinch began. A pinch together still settling ends first; a touchpad swipe keeps the
    /// pointer; a lift, a pull or a row drag gives it up. The gap takes the place of a title
    /// being typed: once the pinch has the pointer, room is asked for (`.makeRoomForGap`), and
    /// if it is refused, the pinch does nothing more. Taken again with the answer, the steps
    /// before the request find nothing left to do.
    public mutating func began(_ start: Start, time: Double, arbiter: inout GestureArbiter,
                               controller: ListInteractionController<ItemID>, answers: PinchRequest.Answers) -> [Effect] {
        var effects = endLevelPinch(.springBack, arbiter: &arbiter)
        // Ctrl+scroll still in its quiet time ends first, as if its steps had stopped: its gap
        // and the pointer are not the new pinch's.
        effects += endCtrlScroll(arbiter: &arbiter, controller: controller)
        guard arbiter.begin(.pinch).isGranted else { return effects }
        guard let roomMade = answers.roomForGap else { return effects + [.request(.makeRoomForGap)] }
        guard roomMade else { return effects }
        hasPoints = start.hasPoints
        spreadRowID = nil
        if start.hasPoints {
            if let upper = start.upper, upper.index == start.lower?.index, start.spreadOpensRows { spreadRowID = upper.id }
            effects.append(.list(controller.pinchBegan(upperIndex: start.upper?.index, lowerIndex: start.lower?.index,
                                                       upperY: start.upperY, lowerY: start.lowerY, time: time)))
        } else if let row = start.upper, (0.25...0.75).contains(row.fraction), let id = row.id, row.touchpadSpreadOpens {
            // A touchpad has no points: the pointer over a row's middle spreads on that row; near
            // a boundary it opens a gap there. No gap opens meanwhile (an index outside the list).
            spreadRowID = id
            effects.append(.list(controller.touchpadPinchBegan(boundaryIndex: -1, time: time)))
        } else {
            effects.append(.list(controller.touchpadPinchBegan(boundaryIndex: start.boundaryNearPointer, time: time)))
        }
        return effects
    }

    /// The pinch moved: its points, and its scale (1 when it began). Closing past the jitter
    /// with no gap open, where there is a level above, it becomes the pinch together if the
    /// window starts the transition (`.startGoingUp`); refused, the pinch goes on as it was.
    public mutating func updated(upperY: Double, lowerY: Double, scale: Double, time: Double, levelAbove: Bool,
                                 arbiter: inout GestureArbiter, controller: ListInteractionController<ItemID>,
                                 answers: PinchRequest.Answers) -> [Effect] {
        guard arbiter.owns(.pinch) || levelPinch != nil else { return [] }
        if levelPinch == nil, levelAbove, LevelPinch.begins(atScale: scale, tuning: tuning), controller.currentGap == nil,
           arbiter.mayBegin(.levelPinch), answers.goingUp != false {
            guard answers.goingUp == true else { return [.request(.startGoingUp)] }
            let cancelled = controller.pinchCancelled()
            arbiter.begin(.levelPinch)
            levelPinch = LevelPinch(source: .pinch, tuning: tuning)
            return [.list(cancelled)] + followLevelPinch(scale: scale, time: time)
        }
        if levelPinch != nil { return followLevelPinch(scale: scale, time: time) }
        if let id = spreadRowID, scale > tuning.spreadOpenScale {
            spreadRowID = nil
            return [.list(controller.pinchCancelled()), .openRow(id)]
        }
        if hasPoints { return [.list(controller.pinchUpdated(upperY: upperY, lowerY: lowerY, time: time))] }
        return [.list(controller.touchpadPinchUpdated(scale: scale, time: time))]
    }

    /// The fingers lifted: the gap becomes a new item or closes; a pinch together lands or
    /// springs back.
    public mutating func ended(time: Double, arbiter: inout GestureArbiter,
                               controller: ListInteractionController<ItemID>) -> [Effect] {
        if let levelPinch { return endLevelPinch(levelPinch.outcome, arbiter: &arbiter) }
        guard arbiter.owns(.pinch) else { return [] }
        arbiter.end(.pinch)
        return [.list(controller.pinchEnded(time: time))]
    }

    /// The pinch's sequences were taken, or the grab broke: nothing is made, nothing goes up.
    public mutating func cancelled(arbiter: inout GestureArbiter, controller: ListInteractionController<ItemID>) -> [Effect] {
        if levelPinch != nil { return endLevelPinch(.springBack, arbiter: &arbiter) }
        guard arbiter.owns(.pinch) else { return [] }
        arbiter.end(.pinch)
        return [.list(controller.pinchCancelled())]
    }

    private mutating func followLevelPinch(scale: Double, time: Double) -> [Effect] {
        levelPinch?.update(scale: scale, time: time)
        return levelPinch.map { [.levelPinchMoved(progress: $0.progress)] } ?? []
    }

    private mutating func endLevelPinch(_ outcome: LevelPinch.Outcome, arbiter: inout GestureArbiter) -> [Effect] {
        guard let ended = levelPinch else { return [] }
        levelPinch = nil
        arbiter.end(.levelPinch)
        return [.levelPinchEnded(outcome, progress: ended.progress, velocity: ended.progressVelocity)]
    }

    // MARK: Ctrl+scroll

    /// A Ctrl+scroll step of `deltaY` units (down is positive) with the pointer nearest
    /// `boundary`, where no pinch events arrive (X11, a mouse): down with no gap open goes up a
    /// level, where there is one (if the window starts the transition); otherwise a gap opens at
    /// the pointer (if the window makes room for it). It ends when the steps stop
    /// (`ctrlScrollQuietDue`). Nothing changes before a request: taken again with the answer,
    /// the step decides afresh.
    public mutating func ctrlScrolled(deltaY: Double, boundary: Int, time: Double, levelAbove: Bool,
                                      arbiter: inout GestureArbiter, controller: ListInteractionController<ItemID>,
                                      answers: PinchRequest.Answers) -> [Effect] {
        let beginning = ctrlScrollQuietDue == nil
        // A pinch of fingers or a touchpad going on keeps its gap and the pointer: Ctrl+scroll
        // does nothing meanwhile.
        if beginning, levelPinch == nil, arbiter.owns(.pinch) { return [] }
        if levelPinch == nil, beginning, deltaY > 0, levelAbove, arbiter.mayBegin(.levelPinch), answers.goingUp != false {
            guard answers.goingUp == true else { return [.request(.startGoingUp)] }
            arbiter.begin(.levelPinch)
            levelPinch = LevelPinch(source: .ctrlScroll, tuning: tuning)
        }
        if levelPinch != nil {
            levelPinch?.scroll(deltaY: deltaY, time: time)
            stepped(at: time)
            return levelPinch.map { [.levelPinchMoved(progress: $0.progress)] } ?? []
        }
        if beginning {
            guard arbiter.mayBegin(.pinch), answers.roomForGap != false else { return [] }
            guard answers.roomForGap == true else { return [.request(.makeRoomForGap)] }
            arbiter.begin(.pinch)
        }
        guard arbiter.owns(.pinch) else { return [] }
        stepped(at: time)
        return [.list(controller.ctrlScroll(boundaryIndex: boundary, deltaY: deltaY, time: time))]
    }

    private mutating func stepped(at time: Double) {
        lastCtrlScrollStep = time
        ctrlScrollQuietDue = time + tuning.scrollQuietS
    }

    /// Everything stops at once (the list was read again under the hands): a pinch together
    /// springs back, a gap closes without making an item, Ctrl+scroll is over.
    public mutating func reset(arbiter: inout GestureArbiter, controller: ListInteractionController<ItemID>) -> [Effect] {
        ctrlScrollQuietDue = nil
        spreadRowID = nil
        let effects = endLevelPinch(.springBack, arbiter: &arbiter)
        arbiter.end(.pinch)
        return effects + [.list(controller.pinchCancelled())]
    }

    private mutating func endCtrlScroll(arbiter: inout GestureArbiter, controller: ListInteractionController<ItemID>) -> [Effect] {
        guard let due = ctrlScrollQuietDue else { return [] }
        return advance(to: due, arbiter: &arbiter, controller: controller)
    }

    /// Time has reached `time` (event time, seconds): Ctrl+scroll whose steps stopped ends, its
    /// gap becoming a new item or its pinch together landing or springing back.
    public mutating func advance(to time: Double, arbiter: inout GestureArbiter,
                                 controller: ListInteractionController<ItemID>) -> [Effect] {
        guard let due = ctrlScrollQuietDue, time >= due else { return [] }
        ctrlScrollQuietDue = nil
        if let levelPinch, levelPinch.source == .ctrlScroll { return endLevelPinch(levelPinch.outcome, arbiter: &arbiter) }
        arbiter.end(.pinch)
        return [.list(controller.ctrlScrollStopped(time: lastCtrlScrollStep + tuning.scrollQuietS))]
    }
}
