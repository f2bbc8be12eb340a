/// The state machine of the pinch gesture (touch, touchpad, or the Ctrl+scroll
/// fallback). Any state but `idle` locks row drags out.
enum PinchState {
    case idle
    /// A pinch that may not insert (fingers not on neighbouring rows, or a boundary
    /// outside the list): ignored until it ends, but it still locks drags.
    case ignored
    case active(ActivePinch)

    var isIdle: Bool {
        if case .idle = self { return true }
        return false
    }
}
