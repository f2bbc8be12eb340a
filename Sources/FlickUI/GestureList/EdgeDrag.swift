@preconcurrency import CGtk
import GestureShim

/// The pulls' drag, attached through the C shim in the capture phase to the box around the
/// list: it runs before the scrolled window's own controllers and the rows'. On the box, not on
/// the list it moves: the drag's offsets must not shrink as the list is drawn pulled. The box
/// handed to C holds the list's inputs weakly (`WeakBox`), which hand its events to the hands.
@MainActor
enum EdgeDrag {
    static func attach(to widget: UnsafeMutablePointer<GtkWidget>, inputs: ListInputs) -> OpaquePointer {
        var callbacks = FlickDragCallbacks(began: edgeDragBegan, updated: edgeDragUpdated, ended: edgeDragEnded,
                                           cancelled: edgeDragCancelled)
        return flick_attach_drag_in_phase(widget, 1, &callbacks, WeakBox.retained(inputs), releaseWeakBox)
    }
}

private let edgeDragBegan: @convention(c) (UnsafeMutableRawPointer?, Double, Double, guint32) -> Void = { data, _, _, _ in
    let inputs = WeakBox<ListInputs>.target(of: data)
    MainActor.assumeIsolated { inputs?.pullDragBegan() }
}

private let edgeDragUpdated: @convention(c) (UnsafeMutableRawPointer?, Double, Double, guint32) -> Void = { data, dx, dy, _ in
    let inputs = WeakBox<ListInputs>.target(of: data)
    MainActor.assumeIsolated { inputs?.pullDragged(dx: dx, dy: dy) }
}

private let edgeDragEnded: @convention(c) (UnsafeMutableRawPointer?, Double, Double, guint32) -> Void = { data, _, _, _ in
    let inputs = WeakBox<ListInputs>.target(of: data)
    MainActor.assumeIsolated { inputs?.pullDragEnded() }
}

private let edgeDragCancelled: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
    let inputs = WeakBox<ListInputs>.target(of: data)
    MainActor.assumeIsolated { inputs?.pullDragCancelled() }
}
