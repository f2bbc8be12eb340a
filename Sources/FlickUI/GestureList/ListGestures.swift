@preconcurrency import CGtk
import FlickInteraction
import GestureShim

/// The list view's own gesture, attached once: the pinch (touchscreen and touchpad; its
/// fallback, Ctrl+scroll, comes with the other scrolls through `ListInputs`), whose events go to
/// `ListInputs` to become `ListInput` values. The box handed to C holds the inputs weakly
/// (`WeakBox`).
@MainActor
enum ListGestures {
    static func attach(to listView: UnsafeMutablePointer<GtkWidget>, inputs: ListInputs) {
        var zoom = FlickZoomCallbacks(began: zoomBegan, updated: zoomUpdated, ended: zoomEnded,
                                      cancelled: zoomCancelled)
        flick_attach_zoom(listView, &zoom, WeakBox.retained(inputs), releaseWeakBox)
    }
}

private func seconds(_ milliseconds: guint32) -> Double { Double(milliseconds) / 1000 }

private let zoomBegan: @convention(c) (UnsafeMutableRawPointer?, gboolean, Double, Double, guint32) -> Void = {
    data, hasPoints, upperY, lowerY, time in
    let inputs = WeakBox<ListInputs>.target(of: data)
    MainActor.assumeIsolated {
        inputs?.pinchBegan(hasPoints: hasPoints != 0, upperY: upperY, lowerY: lowerY, time: seconds(time))
    }
}

private let zoomUpdated: @convention(c) (UnsafeMutableRawPointer?, gboolean, Double, Double, Double, guint32) -> Void = {
    data, _, upperY, lowerY, scale, time in
    let inputs = WeakBox<ListInputs>.target(of: data)
    MainActor.assumeIsolated {
        inputs?.pinchMoved(upperY: upperY, lowerY: lowerY, scale: scale, time: seconds(time))
    }
}

private let zoomEnded: @convention(c) (UnsafeMutableRawPointer?, guint32) -> Void = { data, time in
    let inputs = WeakBox<ListInputs>.target(of: data)
    MainActor.assumeIsolated { inputs?.pinchEnded(time: seconds(time)) }
}

private let zoomCancelled: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
    let inputs = WeakBox<ListInputs>.target(of: data)
    MainActor.assumeIsolated { inputs?.pinchCancelled() }
}
