/// What a scroll event over the list comes from, as its gestures need to know it.
/// GTK 4.8 gives a wheel's whole notch in wheel units, but under Wayland (wl_seat 7, without
/// value120) a high-resolution wheel's parts of a notch come between them as smooth scrolls in
/// pixels, as a touchpad's do; only the event's device tells them apart. A wheel has no
/// fingers to lift, so no scroll-end: what a touchpad's scroll drives until the fingers lift
/// (a row's swipe, a touchpad pull) would never be let go.
public enum ScrollSource: Sendable, Equatable {
    /// Two fingers on a touchpad: smooth, in pixels, ended when the fingers lift.
    case fingers
    /// A wheel's notch, or a step of any other device GTK counts in wheel units.
    case wheelStep
    /// A smooth scroll from anything but a touchpad: a high-resolution wheel's part of a notch
    /// (its notch follows as a `wheelStep`), a trackpoint.
    case wheelPart
}
