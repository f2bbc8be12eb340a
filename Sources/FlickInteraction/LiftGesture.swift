/// Hold and drag to reorder, and carrying a row up a level (DESIGN 2.7), as one
/// gesture: a row lifted by a long press follows the pointer (`RowLift` finds its slot); held at
/// the back button for `carryHoldS` it goes up to the lists, still in hand; released, it is
/// moved (or dropped on a list); cancelled, it goes back. Each input returns what to draw and
/// do, in order, as `Effect`s; the view draws the lifted copy and carries them out. Time comes
/// in with the events (event time, seconds) and the frames; nothing here reads a clock.
public struct LiftGesture<ID: Hashable & Sendable>: Sendable {
    /// Where the pointer is, in the coordinates each decision needs.
    public struct Pointer: Sendable, Equatable {
        /// In the list's viewport: how near an edge (auto-scroll).
        public var listY: Double
        /// The list's scroll position: `listY + scroll` is where the pointer is in its content.
        public var scroll: Double
        /// In the window: where a carried row is drawn and dropped, and the back button is.
        public var windowX: Double
        public var windowY: Double

        public init(listY: Double, scroll: Double, windowX: Double, windowY: Double) {
            self.listY = listY
            self.scroll = scroll
            self.windowX = windowX
            self.windowY = windowY
        }

        var contentY: Double { listY + scroll }
    }

    /// Where a lifted row can be held to go up a level (window coordinates): the back button's
    /// horizontal span, and the top of the list under it.
    public struct CarryButtonArea: Sendable, Equatable {
        public var left: Double
        public var right: Double
        public var listTop: Double

        public init(left: Double, right: Double, listTop: Double) {
            self.left = left
            self.right = right
            self.listTop = listTop
        }

        /// Whether `pointer` is at the button: over it or just below it at the list's top edge,
        /// where a hand that aims for it and stops short ends up (within `reach` pixels).
        public func contains(_ pointer: Pointer, reach: Double) -> Bool {
            pointer.windowY <= listTop + reach && pointer.windowX >= left - reach && pointer.windowX <= right + reach
        }
    }

    public enum Effect: Sendable, Equatable {
        /// The row drag that held the row stops being a slide (the controller's effects).
        case list([InteractionEffect<ID>])
        /// The row at `index` is lifted: its copy is drawn above the list and its slot left empty.
        case lifted(ID, index: Int)
        /// The empty slot moves in the list view (the level's order does not change yet).
        case moveSlot(from: Int, to: Int, pitch: Double)
        /// The copy's top, in the list's content coordinates.
        case placeInList(top: Double)
        /// The copy's top, in the window's coordinates: carried, it follows the pointer anywhere.
        case placeCarried(top: Double)
        /// Held at the back button long enough: the lists show, the row still in hand.
        case carriedUp
        /// The lift is over: the copy goes and the row shows in its slot again.
        case ended(ID)
        /// Dropped in a new place: the level moves the row there (one move).
        case move(ID, to: Int)
        /// Dropped carrying the selection's other rows (`CarriedRows.released`): the level moves
        /// all of them, in their order, to `to` of the list without them (one move), and the
        /// lifted row takes the focus.
        case moveCarried([ID], to: Int, lifted: ID)
        /// Dropped where it was, or put back: the row takes the focus.
        case focus(ID)
        /// Let go with the hand still where it lifted the row (within `holdStillPx`): a hold
        /// in place, not a drag; the level selects the row.
        case heldStill(ID)
        /// Carried and dropped at this point of the window: on a list, it moves there.
        case dropCarried(ID, windowX: Double, windowY: Double)
        /// Carried and put back: back to its list.
        case carryCancelled
        /// Near an edge, the list scrolls by itself by this much (pixels, down positive).
        case scroll(by: Double)
    }

    private var lift: RowLift?
    public private(set) var liftedID: ID?
    /// Whether the row has gone up to the lists.
    public private(set) var isCarried = false
    private var pointer = Pointer(listY: 0, scroll: 0, windowX: 0, windowY: 0)
    /// Where the hand lifted the row (window coordinates), and the farthest it has been from
    /// there: a list scrolling under a still hand does not move it.
    private var liftedAt = (x: 0.0, y: 0.0)
    private var farthestTravel = 0.0
    private var carryArea: CarryButtonArea?
    private var lastFrameTime: Double?
    private let tuning: InteractionTuning

    public init(tuning: InteractionTuning = .init()) {
        self.tuning = tuning
    }

    public var isLifted: Bool { lift != nil }

    /// When the row, held at the back button, goes up (event time, seconds); nil while it is not
    /// held there. `advance(to:)` then.
    public var carryDue: Double? { isCarried ? nil : lift?.carryDue }

    /// Whether the view should draw frames (`frame(at:viewportHeight:)`): lifted, in its list.
    public var needsFrames: Bool { isLifted && !isCarried }

    /// Lifts row `id` at `index` of `rowCount` rows `pitch` apart, held at `pointer`; where
    /// there is a level above, `carryArea` is its back button.
    public mutating func began(id: ID, index: Int, rowCount: Int, pitch: Double, pointer: Pointer,
                               carryArea: CarryButtonArea?) -> [Effect] {
        guard lift == nil, rowCount > 0, (0..<rowCount).contains(index), pitch > 0 else { return [] }
        self.pointer = pointer
        self.carryArea = carryArea
        liftedAt = (pointer.windowX, pointer.windowY)
        farthestTravel = 0
        lift = RowLift(index: index, rowCount: rowCount, pitch: pitch, pointerY: pointer.contentY, tuning: tuning)
        liftedID = id
        isCarried = false
        lastFrameTime = nil
        return [.lifted(id, index: index)] + placement
    }

    /// The pointer moved at `time`: the row follows it (and may start or stop its hold at the
    /// back button); carried, it follows the pointer across the window.
    public mutating func moved(to pointer: Pointer, time: Double) -> [Effect] {
        guard lift != nil else { return [] }
        self.pointer = pointer
        farthestTravel = max(farthestTravel, ((pointer.windowX - liftedAt.x) * (pointer.windowX - liftedAt.x)
                                              + (pointer.windowY - liftedAt.y) * (pointer.windowY - liftedAt.y)).squareRoot())
        if isCarried { return placement }
        let atButton = carryArea?.contains(pointer, reach: tuning.carryReachPx) ?? false
        lift?.held(atCarryButton: atButton, time: time)
        return follow()
    }

    /// Time has reached `time`: a row held at the back button for long enough goes up.
    public mutating func advance(to time: Double) -> [Effect] {
        guard let lift, !isCarried, lift.carriesUp(at: time) else { return [] }
        return carryUp()
    }

    /// A frame at `time` (seconds) with the viewport `viewportHeight` tall: near an edge, the
    /// list scrolls by itself (the view scrolls it, then says where to with `scrolled(to:)`).
    public mutating func frame(at time: Double, viewportHeight: Double) -> [Effect] {
        guard let lift, !isCarried else { return [] }
        defer { lastFrameTime = time }
        guard let last = lastFrameTime else { return [] }
        let speed = lift.autoScrollSpeed(pointerY: pointer.listY, viewportHeight: viewportHeight)
        return speed == 0 ? [] : [.scroll(by: speed * (time - last))]
    }

    /// The list scrolled under the held row (by itself, or by the wheel): the row keeps to the
    /// pointer.
    public mutating func scrolled(to scroll: Double) -> [Effect] {
        guard lift != nil, !isCarried else { return [] }
        pointer.scroll = scroll
        return follow()
    }

    /// Released: one move if it moved; carried, dropped where the pointer is; never moved
    /// past `holdStillPx`, a hold in place.
    public mutating func released() -> [Effect] {
        guard let lift, let id = liftedID else { return [] }
        let carried = isCarried
        let heldStill = farthestTravel <= tuning.holdStillPx
        var effects = end()
        if carried {
            effects.append(.dropCarried(id, windowX: pointer.windowX, windowY: pointer.windowY))
        } else if let move = lift.dropMove {
            effects.append(.move(id, to: move.to))
        } else if heldStill {
            effects.append(.heldStill(id))
        } else {
            effects.append(.focus(id))
        }
        return effects
    }

    /// Escape, a pinch or a cancelled sequence: the row goes back where it was (carried, back
    /// to its list).
    public mutating func cancelled() -> [Effect] {
        guard let id = liftedID else { return [] }
        let carried = isCarried
        return end() + [carried ? .carryCancelled : .focus(id)]
    }

    // MARK: Following

    private mutating func follow() -> [Effect] {
        guard var lift else { return [] }
        let before = lift.index
        var effects: [Effect] = []
        if lift.moved(toPointerY: pointer.contentY) {
            effects.append(.moveSlot(from: before, to: lift.index, pitch: lift.pitch))
        }
        self.lift = lift
        return effects + placement
    }

    /// Where the copy is drawn: at the lift's top in the list; carried, centred on the pointer.
    private var placement: [Effect] {
        guard let lift else { return [] }
        return [isCarried ? .placeCarried(top: pointer.windowY - lift.pitch / 2) : .placeInList(top: lift.top)]
    }

    private mutating func carryUp() -> [Effect] {
        guard var lift else { return [] }
        var effects: [Effect] = []
        // The item leaves this list's order: the list view shows the level's again.
        if lift.index != lift.originalIndex {
            effects.append(.moveSlot(from: lift.index, to: lift.originalIndex, pitch: lift.pitch))
            lift.moved(toPointerY: Double(lift.originalIndex) * lift.pitch + lift.pitch / 2)
        }
        lift.held(atCarryButton: false, time: 0)
        self.lift = lift
        isCarried = true
        return effects + [.carriedUp] + placement
    }

    /// The list view shows the level's order again and the copy goes.
    private mutating func end() -> [Effect] {
        guard let lift, let id = liftedID else { return [] }
        var effects: [Effect] = []
        if lift.index != lift.originalIndex, !isCarried {
            effects.append(.moveSlot(from: lift.index, to: lift.originalIndex, pitch: lift.pitch))
        }
        self.lift = nil
        liftedID = nil
        isCarried = false
        carryArea = nil
        lastFrameTime = nil
        return effects + [.ended(id)]
    }
}
