/// Something the UI must apply after handing the controller an event or a frame.
///
/// Row offsets, revealing and cue progress are reported only when they change.
public enum InteractionEffect<ID: Hashable & Sendable>: Sendable, Equatable {
    /// Move the row's front view to this offset (see `RowAppearance.offset`).
    case rowOffset(ID, Double)
    /// Show (true) or hide (false) the row's back view: the menu and the cue.
    case menuRevealed(ID, Bool)
    /// Completion cue progress, 0…1 (see `RowAppearance.completionProgress`).
    case completionCue(ID, progress: Double)
    /// The user swiped the item past the completion threshold: toggle it.
    case toggleComplete(ID)
    /// Postpone cue progress, 0…1 (see `RowAppearance.postponeProgress`).
    case postponeCue(ID, progress: Double)
    /// The user dragged the item past the postpone line, beyond its menu, and let go there:
    /// postpone it.
    case postpone(ID)
    /// The item's menu has come to rest fully open (announce it; focus may move in).
    case menuOpened(ID)
    /// The item's menu, announced open, has started closing: its buttons are no
    /// longer reachable.
    case menuClosed(ID)
    /// The pinch gap changed; nil when there is no gap.
    case gap(PinchGap?)
    /// Insert a new empty item at this position and start editing it. The gap has
    /// already collapsed: the new row takes its place.
    case insertItem(at: Int)
    /// The drag the UI is tracking was cancelled, or the drag it has just begun is
    /// refused: deny that gesture's sequence and forward no more of its events.
    case dragCancelled
}
