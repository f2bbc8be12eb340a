@preconcurrency import CGtk

/// Follows the pointer over the whole window while a row is lifted. GTK 4.8 stops reporting a
/// drag to the list once the pointer leaves it (seen with the mouse under X11: over the header
/// bar not even the release arrives), so the window's events, seen before its widgets see them,
/// hand the lifted row's list (`ListInputs`) the moves and the release.
///
/// A row a finger carries follows that finger alone: GTK reports the pointer's motions over the
/// window too, where the pointer stays, and each put the row back there. Under Broadway a
/// touch leaves the pointer where the finger came down, and GTK sent some thirty motions there
/// for each frame of the lifted row, so a row held and dragged by touch never moved
/// (test_touch_phone.py's hold and drag); a touchscreen laptop's mouse resting in the window is
/// the same.
@MainActor
enum LiftTracker {
    /// A finger has moved the lifted row: until it is dropped, the pointer's motions are not its.
    private static var carriedByTouch = false

    static func attach(to window: UnsafeMutablePointer<GtkWidget>, lists: @escaping @MainActor () -> [GestureList]) {
        InputAdapters.windowEvents(of: window) { event in
            guard let list = lists().first(where: { $0.liftView.isLifted }) else {
                carriedByTouch = false
                return
            }
            switch event.kind {
            case .moved:
                if event.isTouch { carriedByTouch = true } else if carriedByTouch { return }
                guard let x = event.x, let y = event.y else { return }
                list.inputs.windowPointerMoved(toX: x, y: y, time: event.time)
            case .released:
                // After the list's own drag has seen it, if it did.
                MainLoop.idle { list.inputs.windowPointerReleased() }
            case .other:
                break
            }
        }
    }
}
