/// One thing the hands hear on a gesture list, as a value (`ListHands.handle`): what GTK's
/// controllers saw, with its time, its place already turned into the list's terms (the row
/// under the pointer, the list's state) by the view that heard it. The touchpad's two-finger
/// scroll comes this way, from its fingers coming down to their lifting; the other gestures
/// still come through `ListHands`' methods of their own.
public enum ListInput<ID: Hashable & Sendable>: Sendable, Equatable {
    /// Fingers came down on the touchpad: a new scroll, whose axis is decided afresh.
    case scrollBegan(list: EdgePullGesture.ListState)
    /// One scroll step over the list, from a touchpad, a wheel or anything else that scrolls.
    case scrolled(ListScrollStep<ID>)
    /// The fingers lifted: a swipe releases its row, a touchpad pull lets go.
    case scrollEnded(time: Double)
}
