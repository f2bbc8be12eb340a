/// Row drags (DESIGN 2.1–2.3). A touchpad's two-finger horizontal swipe arrives
/// here too, as a pre-claimed drag with the accumulated dx.
extension ListInteractionController {
    /// A press (or touchpad swipe) began on the row of `item`.
    ///
    /// `preClaimed` starts tracking at once, without the 8 px axis test, for input
    /// that is known to be horizontal. A closed row of an item that `mayPostpone` (an open
    /// item of a list, not a list on the overview: the view says which as it hands the press
    /// in) follows on past its menu to the postpone line. Refused with `.dragCancelled` while a pinch is
    /// active, and while another drag is in progress (a second finger on another row): deny
    /// the new gesture and forward none of its events.
    public func dragBegan(item: ID, time: Double, preClaimed: Bool = false, mayPostpone: Bool = false) -> [InteractionEffect<ID>] {
        record {
            if slideState.pressedItem != nil {
                events.append(.dragCancelled)
                return
            }
            guard pinchState.isIdle else {
                slideState = .denied
                events.append(.dragCancelled)
                return
            }
            var session = DragSession(item: item, time: time, tuning: tuning)
            session.mayPostpone = mayPostpone
            if preClaimed {
                claim(&session)
                slideState = .tracking(session)
            } else {
                slideState = .pending(session)
            }
        }
    }

    /// The drag moved to (dx, dy) from the press, in screen pixels. Undecided until
    /// it has moved `claimDistancePx`; then claimed if |dx| > |dy|, else denied for
    /// the rest of the sequence.
    public func dragUpdated(dx: Double, dy: Double, time: Double) -> DragResponse<ID> {
        var decision = DragDecision.denied
        let effects = record { decision = updateDrag(dx: dx * direction, dy: dy, time: time) }
        return DragResponse(decision: decision, effects: effects)
    }

    /// The finger lifted: the row snaps open or closed, or toggles completion.
    public func dragEnded(time: Double) -> [InteractionEffect<ID>] {
        record {
            if case .tracking(var session) = slideState {
                // The release is a sample too: a finger that rested before lifting has no speed.
                session.move(dx: session.dx, dy: session.dy, time: time)
                release(session, time: time)
            }
            slideState = .idle
        }
    }

    /// The UI's gesture was cancelled: the row returns to where it was before the drag.
    public func dragCancelled() -> [InteractionEffect<ID>] {
        record {
            if case .tracking(let session) = slideState { restore(session) }
            slideState = .idle
        }
    }

    private func updateDrag(dx: Double, dy: Double, time: Double) -> DragDecision {
        switch slideState {
        case .idle, .denied:
            return .denied
        case .pending(var session):
            session.move(dx: dx, dy: dy, time: time)
            guard (dx * dx + dy * dy).squareRoot() >= tuning.claimDistancePx else {
                slideState = .pending(session)
                return .undecided
            }
            guard abs(dx) > abs(dy) else {
                slideState = .denied
                return .denied
            }
            claim(&session)
            follow(session)
            slideState = .tracking(session)
            return .claimed
        case .tracking(var session):
            session.move(dx: dx, dy: dy, time: time)
            follow(session)
            slideState = .tracking(session)
            return .claimed
        }
    }

    /// The row is taken from wherever it is (even mid-animation) and any other open
    /// row closes: at most one row is open.
    private func claim(_ session: inout DragSession<ID>) {
        if let other = openItem, other != session.item {
            slide(other, open: false, velocity: 0)
        }
        session.startOffset = rows[session.item]?.offset ?? 0
        session.startedOpen = openItem == session.item
        rows[session.item] = RowMotion(offset: session.startOffset)
    }

    /// Offset = start + dx, between open and closed for an open row, and for a closed one
    /// between open (or the full row width beyond it: the postpone cue) and the full row width
    /// (the completion cue).
    private func follow(_ session: DragSession<ID>) {
        let upper = session.startedOpen ? 0 : max(geometry.rowWidth, 0)
        let lower = postpones(session) ? -max(geometry.rowWidth, 0) : openOffset
        rows[session.item] = RowMotion(offset: min(max(session.startOffset + session.dx, lower), upper))
    }

    /// Whether the row of this drag may go on past its menu towards the postpone line.
    private func postpones(_ session: DragSession<ID>) -> Bool {
        session.mayPostpone && !session.startedOpen && postponeOffset != nil
    }

    private func release(_ session: DragSession<ID>, time: Double) {
        let item = session.item
        let velocity = session.tracker.velocity
        // Where the row is, not where it was flung: a flick that opens the menu stays a flick
        // however fast it ends, and a row let go with the postpone cue armed postpones.
        if postpones(session), let line = postponeOffset, let offset = rows[item]?.offset, offset <= line {
            events.append(.postpone(item))
            slide(item, open: false, velocity: 0)
            return
        }
        switch session.swipe(releaseTime: time, velocity: velocity, tuning: tuning) {
        case .towardMenu? where canOpen:
            slide(item, open: true, velocity: velocity)
            return
        case .awayFromMenu? where session.startedOpen:
            slide(item, open: false, velocity: velocity)
            return
        default:
            break
        }
        let projected = (rows[item]?.offset ?? 0) + velocity * tuning.releaseProjectionS
        if !session.startedOpen, geometry.rowWidth > 0, projected > geometry.rowWidth / 2 {
            events.append(.toggleComplete(item))
            slide(item, open: false, velocity: velocity)
        } else {
            slide(item, open: canOpen && projected < openOffset / 2, velocity: velocity)
        }
    }

    /// Sends the dragged row back to its state before the drag.
    func restore(_ session: DragSession<ID>) {
        slide(session.item, open: session.startedOpen && canOpen, velocity: 0)
    }

    /// Ends the drag in progress on behalf of a pinch or a keyboard action; the UI
    /// must deny its sequence. Later events of that sequence are ignored.
    func cancelDrag() {
        switch slideState {
        case .idle, .denied:
            return
        case .pending:
            break
        case .tracking(let session):
            restore(session)
        }
        slideState = .denied
        events.append(.dragCancelled)
    }
}
