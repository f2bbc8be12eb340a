@preconcurrency import CGtk

/// Follows the pointer over the whole window while a row is lifted. GTK 4.8 stops reporting a
/// drag to the list once the pointer leaves it (seen with the mouse under X11: over the header
/// bar not even the release arrives), so the window's events, seen before its widgets see them,
/// hand the lifters the moves and the release.
@MainActor
enum LiftTracker {
    static func attach(to window: UnsafeMutablePointer<GtkWidget>, lists: @escaping @MainActor () -> [GestureList]) {
        InputAdapters.windowEvents(of: window) { event in
            guard let list = lists().first(where: { $0.lifter.isLifted }) else { return }
            switch event.kind {
            case .moved:
                guard let x = event.x, let y = event.y else { return }
                list.lifter.moved(toWindowX: x, y: y, time: event.time)
            case .released:
                // After the list's own drag has seen it, if it did.
                MainLoop.idle { list.driver.liftReleasedElsewhere() }
            case .other:
                break
            }
        }
    }
}
