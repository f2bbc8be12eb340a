/// The hands' one entry for input as values: an input in, the effects out, each for
/// the view that draws it, with no callback in between. Every scroll over the list comes this
/// way, a row's drag, told here from a lift's, the pulls' drag and the pinches, whose requests to
/// the window come back as inputs too (`ListInput.answered`).
extension ListHands {
    /// What `input` does: the effects, in order, to carry out.
    public func handle(_ input: ListInput<ID>) -> [ListEffect<ID>] {
        settlingCancelledDrags(closingRowsAsPullsBegin(respond(to: input)))
    }

    /// A pull that begins closes the open rows: the list moves as one under the hand.
    private func closingRowsAsPullsBegin(_ effects: [ListEffect<ID>]) -> [ListEffect<ID>] {
        effects.flatMap { effect -> [ListEffect<ID>] in
            guard case .pull(.began) = effect else { return [effect] }
            return [effect] + closingRows().map { .row($0) }
        }
    }

    private func respond(to input: ListInput<ID>) -> [ListEffect<ID>] {
        // A request is answered by the next input from the hand or not at all; what the window
        // does as it answers comes between (a title saved changes the list, whose lift ends and
        // rows close; the transition up closes the rows of the list it leaves).
        let asking = pinchStepAsking
        if !Self.mayComeWhileAnswering(input) { pinchStepAsking = nil }
        switch input {
        case let .scrollBegan(list):
            touchpadScrollBegan(list: list)
            return []
        case let .scrolled(step):
            return collectingTakeovers { scrolled(step) }
        case let .scrollEnded(time):
            // A touchpad pull lets go, then a swipe releases its row.
            return pullScrollEnded().map { .pull($0) } + touchpadScrollEnded(time: time).map { .row($0) }
        case let .rowPressed(item, mayPostpone, isEditing, time, geometry):
            return rowPressed(item: item, mayPostpone: mayPostpone, isEditing: isEditing, time: time, geometry: geometry)
        case let .rowDragged(dx, dy, time, pointer):
            if rowDragCarriesLift { return liftMoved(to: pointer, time: time).map { .lift($0) } }
            return rowDragged(dx: dx, dy: dy, time: time)
        case let .rowReleased(time):
            return rowDragCarriesLift ? liftReleased().map { .lift($0) } : rowDragEnded(time: time).map { .row($0) }
        case .rowDragCancelled:
            return rowDragCarriesLift ? liftCancelled().map { .lift($0) } : rowDragCancelled().map { .row($0) }
        case .longPressed, .liftPrepared, .liftPointerMoved, .liftPointerReleased, .liftCancelled, .liftFrame,
             .liftListScrolled:
            return liftStep(input)
        case .pullPressed:
            pullDragBegan()
            return []
        case let .pullDragged(dx, dy, list):
            return collectingTakeovers { pullDragMoved(dx: dx, dy: dy, list: list).map { .pull($0) } }
        case .pullReleased:
            return pullDragEnded().map { .pull($0) }
        case .pullDragCancelled:
            return pullDragCancelled().map { .pull($0) }
        case .pinchBegan, .pinchMoved, .ctrlScrolled:
            return pinchStep(input, answers: .init())
        case let .answered(request, granted, geometry):
            guard let asking else { return [] }
            // Room for a gap: the open rows close first, and the list is measured again.
            var madeRoom: [InteractionEffect<ID>] = []
            if request == .makeRoomForGap, granted {
                madeRoom = closingRows() + (geometry.map { controller.configure(geometry: $0) } ?? [])
            }
            return madeRoom.map { .row($0) } + pinchStep(asking.input, answers: asking.answers.with(request, granted))
        case let .pinchEnded(time):
            return pinchEnded(time: time).map { .pinch($0) }
        case .pinchCancelled:
            return pinchCancelled().map { .pinch($0) }
        case .timeReached, .listReadAgain, .measured, .menuRequested, .menuDismissed, .rowsClosed, .itemRemoved, .rowsFrame:
            return rowsStep(input)
        case let .rowEndPressed(presses, atTrailingEnd):
            return presses == 2 && atTrailingEnd ? [.markTrailingEndActivation] : []
        case let .pressed(onOpenRow):
            // At most one row is open: a press anywhere but on it closes it.
            guard controller.openItem != nil, !onOpenRow else { return [] }
            return controller.closeAll().map { .row($0) }
        case .clickPressed:
            clickFoundRowOpen = controller.openItem != nil
            return []
        case let .clickReleased(item, presses, onChip, isEditing):
            guard presses == 1, !clickFoundRowOpen, !isEditing, let item else { return [] }
            return [.rowClicked(item, onChip: onChip)]
        }
    }

    /// The lift's own steps: a long press asks the view to prepare the lift (it takes out the
    /// rows carried along, which only it can, and measures), and its answer lifts the row.
    private func liftStep(_ input: ListInput<ID>) -> [ListEffect<ID>] {
        switch input {
        case let .longPressed(item, x, y):
            guard let item, mayLiftFromRowDrag, !lift.isLifted else { return [] }
            return [.prepareLift(item, x: x, y: y)]
        case let .liftPrepared(start):
            return liftBegan(start)
        case let .liftPointerMoved(pointer, time):
            return liftMoved(to: pointer, time: time).map { .lift($0) }
        case .liftPointerReleased:
            return liftReleased().map { .lift($0) }
        case .liftCancelled:
            return liftCancelled().map { .lift($0) }
        case let .liftFrame(time, viewportHeight):
            return liftFrame(at: time, viewportHeight: viewportHeight).map { .lift($0) }
        case let .liftListScrolled(scroll):
            return liftScrolled(to: scroll).map { .lift($0) }
        default:
            return []
        }
    }

    /// Whether `input` is one the window's answer to a pinch's request may bring about before
    /// the answer itself: none comes from the hand.
    private static func mayComeWhileAnswering(_ input: ListInput<ID>) -> Bool {
        switch input {
        case .measured, .rowsClosed, .menuDismissed, .itemRemoved, .liftCancelled: return true
        default: return false
        }
    }

    /// What comes with no gesture of its own: time, a reset, the list's measures, the menus
    /// and the rows' frames.
    private func rowsStep(_ input: ListInput<ID>) -> [ListEffect<ID>] {
        switch input {
        case let .timeReached(time):
            return Self.flattened(advance(to: time))
        case .listReadAgain:
            // GTK lets go of a row drag the hands were following: its cancel is no news then.
            let wasFollowingRowDrag = isTrackingRowDrag
            let stopped = Self.flattened(reset())
            return (wasFollowingRowDrag ? [.letGoOfRowDrag] : []) + stopped + closingRows().map { .row($0) }
        case let .measured(geometry):
            return controller.configure(geometry: geometry).map { .row($0) }
        case let .menuRequested(item, geometry):
            return (controller.configure(geometry: geometry) + controller.openMenu(item: item)).map { .row($0) }
        case .menuDismissed:
            return controller.closeMenu().map { .row($0) }
        case .rowsClosed:
            return closingRows().map { .row($0) }
        case let .itemRemoved(item):
            return controller.itemRemoved(item).map { .row($0) }
        case let .rowsFrame(time):
            return controller.advance(to: time).map { .row($0) }
        default:
            return []
        }
    }

    /// Every open row closes and an undecided drag ends; nothing when all is at rest.
    private func closingRows() -> [InteractionEffect<ID>] {
        guard controller.openItem != nil || !controller.isIdle else { return [] }
        return controller.closeAll()
    }

    /// What time passing or a reset brought, each gesture's part in turn.
    private static func flattened(_ effects: HandsEffects<ID>) -> [ListEffect<ID>] {
        effects.list.map { .row($0) } + effects.pull.map { .pull($0) } + effects.pinch.map { .pinch($0) }
            + effects.lift.map { .lift($0) }
    }

    /// The controller gave up a drag (`.dragCancelled` among its effects, for the rows, a
    /// pinch or a lift): the row's drag or the swipe is over, here at once, and GTK lets go of a
    /// row drag the hands were following.
    private func settlingCancelledDrags(_ effects: [ListEffect<ID>]) -> [ListEffect<ID>] {
        effects.flatMap { effect -> [ListEffect<ID>] in
            guard Self.controllerEffects(of: effect).contains(.dragCancelled) else { return [effect] }
            let wasFollowingRowDrag = isTrackingRowDrag
            controllerCancelledDrag()
            return wasFollowingRowDrag ? [effect, .letGoOfRowDrag] : [effect]
        }
    }

    private static func controllerEffects(of effect: ListEffect<ID>) -> [InteractionEffect<ID>] {
        switch effect {
        case let .row(effect): return [effect]
        case let .pinch(.list(effects)), let .lift(.list(effects)): return effects
        default: return []
        }
    }

    /// A press: the controller measured first where it is given the list's measures; GTK lets
    /// go of a drag the hands do not follow (no row, a row that does not slide, another gesture
    /// holding the pointer, a title being typed).
    private func rowPressed(item: ID?, mayPostpone: Bool, isEditing: Bool, time: Double,
                            geometry: ListGeometry?) -> [ListEffect<ID>] {
        let measured = geometry.map { controller.configure(geometry: $0) } ?? []
        let (accepted, began) = rowDragBegan(item: item, isEditing: isEditing, time: time, mayPostpone: mayPostpone)
        return measured.map { .row($0) } + (accepted ? [] : [.denyRowDrag]) + began.map { .row($0) }
    }

    /// A slide's move: once the controller has decided, GTK claims the drag or lets it go.
    private func rowDragged(dx: Double, dy: Double, time: Double) -> [ListEffect<ID>] {
        guard let response = rowDragUpdated(dx: dx, dy: dy, time: time) else { return [] }
        let decided: [ListEffect<ID>]
        switch response.decision {
        case .claimed: decided = [.claimRowDrag]
        case .denied: decided = [.denyRowDrag]
        case .undecided: decided = []
        }
        return decided + response.effects.map { .row($0) }
    }

    /// One scroll step: where it goes is `ScrollRoute`'s to say. Two fingers swipe a row, pull
    /// or scroll (decided on the scroll's first steps); a wheel's notch may pull; with Ctrl, what
    /// no pull used up is the mouse's pinch.
    private func scrolled(_ step: ListScrollStep<ID>) -> [ListEffect<ID>] {
        var effects: [ListEffect<ID>] = []
        var usedUp: Bool
        switch ScrollRoute.atList(source: step.source, withControl: step.withControl, dy: step.dy) {
        case .touchpad:
            var measured: [InteractionEffect<ID>] = []
            let outcome = touchpadScrolled(dx: step.dx, dy: step.dy, over: step.rowUnderPointer,
                                           rowMayPostpone: step.rowUnderPointerMayPostpone, isEditing: step.list.isEditing,
                                           time: step.time, list: step.list) {
                // A swipe begins: the controller needs the list's measures (the menu's width).
                if let geometry = step.geometry { measured = controller.configure(geometry: geometry) }
            }
            effects = (measured + outcome.row).map { .row($0) }
            if outcome.scrollListBy != 0 { effects.append(.scrollList(by: outcome.scrollListBy)) }
            effects += outcome.pull.map { .pull($0) }
            usedUp = outcome.consumed
        case let .pull(isWheel):
            let (consumed, pulled) = pullScrolled(dy: step.dy, isWheel: isWheel, withControl: step.withControl,
                                                  time: step.time, list: step.list)
            effects = pulled.map { .pull($0) }
            usedUp = consumed
        case .swallow:
            usedUp = true
        case .passOn:
            usedUp = false
        }
        if !usedUp, step.withControl {
            effects.append(.ctrlScrolled(units: ScrollRoute.pinchUnits(dy: step.dy, isWheel: step.source == .wheelStep),
                                         pointerY: step.pointerY, time: step.time))
            usedUp = true
        }
        if usedUp { effects.append(.scrollUsedUp) }
        return effects
    }
}
