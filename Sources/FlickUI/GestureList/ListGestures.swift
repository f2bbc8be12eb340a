@preconcurrency import CGtk
import FlickInteraction
import GestureShim

/// The list view's own gestures, attached once: the pinch (touchscreen and touchpad), the
/// scroll controller (Ctrl+scroll as the pinch's fallback, and the end of a touchpad scroll,
/// which releases a swipe; its steps reach the hands through `EdgePullView`, which sees them
/// first) and the pointer position they need. The box handed to C holds the driver weakly and is released
/// by the shim when the list view goes.
@MainActor
enum ListGestures {
    static func attach(to listView: UnsafeMutablePointer<GtkWidget>, driver: InteractionDriver) {
        var zoom = FlickZoomCallbacks(began: zoomBegan, updated: zoomUpdated, ended: zoomEnded,
                                      cancelled: zoomCancelled)
        flick_attach_zoom(listView, &zoom, retainedBox(driver), releaseListGestureBox)
        var scroll = FlickScrollCallbacks(scrolled: scrolled, scroll_ended: scrollEnded)
        flick_attach_scroll(listView, &scroll, retainedBox(driver), releaseListGestureBox)
        var motion = FlickMotionCallbacks(moved: pointerMoved)
        flick_attach_motion(listView, &motion, retainedBox(driver), releaseListGestureBox)
    }

    private static func retainedBox(_ driver: InteractionDriver) -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(ListGestureBox(driver: driver)).toOpaque()
    }
}

/// What the list's C callbacks need. Each controller has its own box; the pointer position is
/// shared through the driver.
final class ListGestureBox: @unchecked Sendable {
    weak var driver: InteractionDriver?

    init(driver: InteractionDriver) {
        self.driver = driver
        LiveBoxes.made()
    }

    deinit { LiveBoxes.released() }
}

private func listBox(_ data: UnsafeMutableRawPointer?) -> ListGestureBox {
    Unmanaged<ListGestureBox>.fromOpaque(data!).takeUnretainedValue()
}

private func seconds(_ milliseconds: guint32) -> Double { Double(milliseconds) / 1000 }

private let releaseListGestureBox: GDestroyNotify = { data in
    Unmanaged<ListGestureBox>.fromOpaque(data!).release()
}

private let zoomBegan: @convention(c) (UnsafeMutableRawPointer?, gboolean, Double, Double, guint32) -> Void = {
    data, hasPoints, upperY, lowerY, time in
    let box = listBox(data)
    MainActor.assumeIsolated {
        box.driver?.pinchBegan(hasPoints: hasPoints != 0, upperY: upperY, lowerY: lowerY, time: seconds(time))
    }
}

private let zoomUpdated: @convention(c) (UnsafeMutableRawPointer?, gboolean, Double, Double, Double, guint32) -> Void = {
    data, _, upperY, lowerY, scale, time in
    let box = listBox(data)
    MainActor.assumeIsolated {
        box.driver?.pinchUpdated(upperY: upperY, lowerY: lowerY, scale: scale, time: seconds(time))
    }
}

private let zoomEnded: @convention(c) (UnsafeMutableRawPointer?, guint32) -> Void = { data, time in
    let box = listBox(data)
    MainActor.assumeIsolated { box.driver?.pinchEnded(time: seconds(time)) }
}

private let zoomCancelled: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
    let box = listBox(data)
    MainActor.assumeIsolated { box.driver?.pinchCancelled() }
}

private let scrolled: @convention(c) (UnsafeMutableRawPointer?, Double, Double, gboolean, gboolean, guint32) -> gboolean = {
    data, dx, dy, control, isWheel, time in
    let box = listBox(data)
    return MainActor.assumeIsolated { () -> Bool in
        guard let driver = box.driver else { return false }
        if control != 0 {
            driver.ctrlScroll(deltaY: ScrollRoute.pinchUnits(dy: dy, isWheel: isWheel != 0), pointerY: driver.pointerY, time: seconds(time))
            return true
        }
        return false
    } ? 1 : 0
}

private let scrollEnded: @convention(c) (UnsafeMutableRawPointer?, guint32) -> Void = { data, time in
    let box = listBox(data)
    MainActor.assumeIsolated { box.driver?.touchpadScrollEnded(time: seconds(time)) }
}

private let pointerMoved: @convention(c) (UnsafeMutableRawPointer?, Double, Double) -> Void = { data, _, y in
    let box = listBox(data)
    MainActor.assumeIsolated { box.driver?.pointerY = y }
}
