@preconcurrency import CGtk
import GestureShim

/// The pulls' drag, attached through the C shim in the capture phase to the box around the
/// list: it runs before the scrolled window's own controllers and the rows'. On the box, not on
/// the list it moves: the drag's offsets must not shrink as the list is drawn pulled. The box
/// handed to C holds the pull view weakly (`WeakBox`).
@MainActor
enum EdgeDrag {
    static func attach(to widget: UnsafeMutablePointer<GtkWidget>, pulls: EdgePullView) -> OpaquePointer {
        var callbacks = FlickDragCallbacks(began: edgeDragBegan, updated: edgeDragUpdated, ended: edgeDragEnded,
                                           cancelled: edgeDragCancelled)
        return flick_attach_drag_in_phase(widget, 1, &callbacks, WeakBox.retained(pulls), releaseWeakBox)
    }
}

private let edgeDragBegan: @convention(c) (UnsafeMutableRawPointer?, Double, Double, guint32) -> Void = { data, _, _, _ in
    let pulls = WeakBox<EdgePullView>.target(of: data)
    MainActor.assumeIsolated { pulls?.dragBegan() }
}

private let edgeDragUpdated: @convention(c) (UnsafeMutableRawPointer?, Double, Double, guint32) -> Void = { data, dx, dy, _ in
    let pulls = WeakBox<EdgePullView>.target(of: data)
    MainActor.assumeIsolated { pulls?.dragMoved(dx: dx, dy: dy) }
}

private let edgeDragEnded: @convention(c) (UnsafeMutableRawPointer?, Double, Double, guint32) -> Void = { data, _, _, _ in
    let pulls = WeakBox<EdgePullView>.target(of: data)
    MainActor.assumeIsolated { pulls?.dragEnded() }
}

private let edgeDragCancelled: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
    let pulls = WeakBox<EdgePullView>.target(of: data)
    MainActor.assumeIsolated { pulls?.dragCancelled() }
}
