/// What the UI should do with a drag's event sequence.
public enum DragDecision: Sendable, Equatable {
    /// Not enough movement yet: leave the sequence alone.
    case undecided
    /// The row follows the drag: claim the sequence.
    case claimed
    /// Not a row drag (vertical, locked by a pinch, or cancelled): deny the sequence
    /// so the list keeps scrolling.
    case denied
}
