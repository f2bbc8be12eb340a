@preconcurrency import CGtk
import GestureShim

/// The pulls' drag, attached through the C shim in the capture phase to the box around the
/// list: it runs before the scrolled window's own controllers and the rows'. On the box, not on
/// the list it moves: the drag's offsets must not shrink as the list is drawn pulled. The box
/// handed to C holds the pull view weakly and is released by the shim with the controller.
@MainActor
enum EdgeDrag {
    static func attach(to widget: UnsafeMutablePointer<GtkWidget>, pulls: EdgePullView) -> OpaquePointer {
        let box = EdgeDragBox(pulls: pulls)
        var callbacks = FlickDragCallbacks(began: edgeDragBegan, updated: edgeDragUpdated, ended: edgeDragEnded,
                                           cancelled: edgeDragCancelled)
        return flick_attach_drag_in_phase(widget, 1, &callbacks, Unmanaged.passRetained(box).toOpaque(),
                                          releaseEdgeDragBox)
    }
}

/// What the C drag callbacks need; holds the pull view weakly so the shim never keeps it alive.
final class EdgeDragBox: @unchecked Sendable {
    weak var pulls: EdgePullView?

    init(pulls: EdgePullView) {
        self.pulls = pulls
        LiveBoxes.made()
    }

    deinit { LiveBoxes.released() }
}

private func edgeBox(_ data: UnsafeMutableRawPointer?) -> EdgeDragBox {
    Unmanaged<EdgeDragBox>.fromOpaque(data!).takeUnretainedValue()
}

private let releaseEdgeDragBox: GDestroyNotify = { data in
    Unmanaged<EdgeDragBox>.fromOpaque(data!).release()
}

private let edgeDragBegan: @convention(c) (UnsafeMutableRawPointer?, Double, Double, guint32) -> Void = { data, _, _, _ in
    let box = edgeBox(data)
    MainActor.assumeIsolated { box.pulls?.dragBegan() }
}

private let edgeDragUpdated: @convention(c) (UnsafeMutableRawPointer?, Double, Double, guint32) -> Void = { data, dx, dy, _ in
    let box = edgeBox(data)
    MainActor.assumeIsolated { box.pulls?.dragMoved(dx: dx, dy: dy) }
}

private let edgeDragEnded: @convention(c) (UnsafeMutableRawPointer?, Double, Double, guint32) -> Void = { data, _, _, _ in
    let box = edgeBox(data)
    MainActor.assumeIsolated { box.pulls?.dragEnded() }
}

private let edgeDragCancelled: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
    let box = edgeBox(data)
    MainActor.assumeIsolated { box.pulls?.dragCancelled() }
}
