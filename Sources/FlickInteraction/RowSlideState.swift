/// The state machine of the one row drag that can be in progress.
///
/// A released row settles on its own (`RowMotion.animation`), so the drag is back
/// to `idle` as soon as the finger lifts.
enum RowSlideState<ID: Hashable & Sendable> {
    /// No drag.
    case idle
    /// Pressed, not yet moved far enough to tell a row drag from a scroll.
    case pending(DragSession<ID>)
    /// Claimed: the row follows the drag.
    case tracking(DragSession<ID>)
    /// Refused (vertical, or cancelled by a pinch or a keyboard action): the rest of
    /// the sequence is ignored until it ends.
    case denied

    /// The item being dragged, if the drag has been claimed.
    var trackedItem: ID? {
        if case .tracking(let session) = self { return session.item }
        return nil
    }

    /// The item pressed, whether or not the drag has been claimed yet.
    var pressedItem: ID? {
        switch self {
        case .pending(let session), .tracking(let session): session.item
        case .idle, .denied: nil
        }
    }
}
