/// What the hands can be doing on a gesture list. At most one owns the pointer at a time
/// (`GestureArbiter`); the keyboard's ways (Space, the menu key, Alt+Up) are not gestures and
/// need no owner.
public enum ListGesture: Sendable, Equatable, Hashable, CaseIterable {
    /// A row pressed and dragged, before and after it becomes a slide (or the menu it opens).
    case slide
    /// A touchpad two-finger swipe moving a row sideways.
    case touchpadSwipe
    /// A pinch holding a gap open between rows (two fingers, a touchpad, or Ctrl+scroll), or
    /// spreading on one row to open it.
    case pinch
    /// A pinch together going up a level (two fingers, a touchpad, or Ctrl+scroll down).
    case levelPinch
    /// A pull past the top or the bottom of the list (a drag, a touchpad scroll or the wheel).
    case edgePull
    /// A row held and carried to a new place, or up a level.
    case lift
}
