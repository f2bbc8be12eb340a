@preconcurrency import CGtk
import GestureShim

/// The rows' gestures, attached once to the list view rather than to each of the ~200 rows
/// GtkListView makes (DESIGN 2.8): the horizontal drag through the C shim, right-click and
/// touch long-press for the menu. Each finds the row under the press. The drag is in the
/// bubble phase, as it was on the rows: the rows' own click handling sees the press first,
/// and claiming the drag cancels it. The box handed to C holds the window weakly and is
/// released by the shim when the list view goes.
@MainActor
enum RowGestures {
    static func attach(to listView: UnsafeMutablePointer<GtkWidget>, window: MainWindow) {
        let box = RowGestureBox(window: window)
        var callbacks = FlickDragCallbacks(began: dragBegan, updated: dragUpdated, ended: dragEnded,
                                           cancelled: dragCancelled)
        let data = Unmanaged.passRetained(box).toOpaque()
        box.gesture = flick_attach_drag(listView, &callbacks, data, releaseRowGestureBox)

        let rightClick = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(rightClick, guint(GDK_BUTTON_SECONDARY))
        Signal.connectPressed(UnsafeMutableRawPointer(rightClick)) { [weak window] _, x, y in
            window?.openMenuOfRow(atX: x, y: y)
        }
        gtk_widget_add_controller(listView, rightClick)

        let longPress = gtk_gesture_long_press_new()!
        gtk_gesture_single_set_touch_only(longPress, 1)
        Signal.connectPressedAt(UnsafeMutableRawPointer(longPress)) { [weak window] x, y in
            window?.openMenuOfRow(atX: x, y: y)
        }
        gtk_widget_add_controller(listView, longPress)
    }
}

/// What the C drag callbacks need; holds the window weakly so the shim never keeps it alive.
final class RowGestureBox: @unchecked Sendable {
    weak var window: MainWindow?
    var gesture: OpaquePointer?

    init(window: MainWindow) {
        self.window = window
    }
}

/// GDK event times are milliseconds; the controller works in seconds.
private func seconds(_ milliseconds: guint32) -> Double { Double(milliseconds) / 1000 }

private func rowBox(_ data: UnsafeMutableRawPointer?) -> RowGestureBox {
    Unmanaged<RowGestureBox>.fromOpaque(data!).takeUnretainedValue()
}

private let releaseRowGestureBox: GDestroyNotify = { data in
    Unmanaged<RowGestureBox>.fromOpaque(data!).release()
}

private let dragBegan: @convention(c) (UnsafeMutableRawPointer?, Double, Double, guint32) -> Void = { data, x, y, time in
    let box = rowBox(data)
    MainActor.assumeIsolated {
        guard let window = box.window, let gesture = box.gesture else { return }
        guard let row = window.row(atX: x, y: y) else {
            flick_gesture_deny(gesture)  // Below the last row: nothing to slide.
            return
        }
        window.driver.dragBegan(on: row, gesture: gesture, time: seconds(time))
    }
}

private let dragUpdated: @convention(c) (UnsafeMutableRawPointer?, Double, Double, guint32) -> Void = { data, dx, dy, time in
    let box = rowBox(data)
    MainActor.assumeIsolated {
        guard let gesture = box.gesture else { return }
        box.window?.driver.dragUpdated(gesture: gesture, dx: dx, dy: dy, time: seconds(time))
    }
}

private let dragEnded: @convention(c) (UnsafeMutableRawPointer?, Double, Double, guint32) -> Void = { data, _, _, time in
    let box = rowBox(data)
    MainActor.assumeIsolated {
        guard let gesture = box.gesture else { return }
        box.window?.driver.dragEnded(gesture: gesture, time: seconds(time))
    }
}

private let dragCancelled: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
    let box = rowBox(data)
    MainActor.assumeIsolated {
        guard let gesture = box.gesture else { return }
        box.window?.driver.dragCancelled(gesture: gesture)
    }
}
