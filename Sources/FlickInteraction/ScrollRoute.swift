/// Where one scroll step over a gesture list goes, decided from what it came from
/// and Ctrl alone. The list's first scroll handler (capture phase, before GTK's scrolled window
/// takes every touchpad scroll) asks `atList`; what it passes on reaches the list view, where
/// Ctrl+scroll is the mouse's pinch (`pinchUnits`).
public enum ScrollRoute: Sendable, Equatable {
    /// Two fingers without Ctrl: the hands decide, on its first steps, whether it swipes a row,
    /// pulls at an edge or scrolls the list (`ListHands.touchpadScrolled`).
    case touchpad
    /// A vertical step that may pull at the list's edge (`ListHands.pullScrolled`): a wheel's
    /// notch, or two fingers with Ctrl.
    case pull(isWheel: Bool)
    /// Used up here: nothing scrolls by it.
    case swallow
    /// Not the list's gestures': GTK scrolls by it (or, with Ctrl, the pinch takes it).
    case passOn

    /// The route of a step `dy` from `source`, with or without Ctrl.
    /// - A high-resolution wheel's part of a notch scrolls the list and only its notches pull,
    ///   as an ordinary wheel's do; with Ctrl it is swallowed, so that the Ctrl+wheel pinch
    ///   counts notches alone.
    /// - A wheel pulls with its vertical steps only: its tilt's sideways steps scroll nothing
    ///   here, and never slide a row (a wheel has no lift to let a row go).
    public static func atList(source: ScrollSource, withControl: Bool, dy: Double) -> ScrollRoute {
        switch source {
        case .fingers where !withControl:
            return .touchpad
        case .wheelPart:
            return withControl ? .swallow : .passOn
        case .fingers, .wheelStep:
            return dy == 0 ? .passOn : .pull(isWheel: source == .wheelStep)
        }
    }

    /// Ctrl+scroll's step in the pinch's units: a wheel's notch is one; smooth scrolls are in
    /// pixels, and `pixelsPerUnit` of them (about one notch's distance on a touchpad) make one.
    public static func pinchUnits(dy: Double, isWheel: Bool, pixelsPerUnit: Double = 10) -> Double {
        isWheel ? dy : dy / pixelsPerUnit
    }
}
