@preconcurrency import CGtk
import GestureShim

/// Attaches a row's gestures in the list item factory's `setup` (once per row widget, which
/// GtkListView recycles): the horizontal drag through the C shim, right-click and touch
/// long-press for the menu. The box handed to C holds the row and the driver weakly and is
/// released by the shim's destroy notify when the row widget goes.
@MainActor
enum RowGestures {
    static func attach(to row: RowWidget, driver: InteractionDriver) {
        let box = RowGestureBox(row: row, driver: driver)
        var callbacks = FlickDragCallbacks(began: dragBegan, updated: dragUpdated, ended: dragEnded,
                                           cancelled: dragCancelled)
        let data = Unmanaged.passRetained(box).toOpaque()
        box.gesture = flick_attach_drag(row.root, &callbacks, data, releaseRowGestureBox)

        let rightClick = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(rightClick, guint(GDK_BUTTON_SECONDARY))
        Signal.connectPressed(UnsafeMutableRawPointer(rightClick)) { [weak row, weak driver] _, _, _ in
            guard let id = row?.itemID else { return }
            driver?.openMenu(id, fromKeyboard: false)
        }
        gtk_widget_add_controller(row.root, rightClick)

        let longPress = gtk_gesture_long_press_new()!
        gtk_gesture_single_set_touch_only(longPress, 1)
        Signal.connectPressedAt(UnsafeMutableRawPointer(longPress)) { [weak row, weak driver] in
            guard let id = row?.itemID else { return }
            driver?.openMenu(id, fromKeyboard: false)
        }
        gtk_widget_add_controller(row.root, longPress)
    }
}

/// What the C drag callbacks need; held weakly so the shim never keeps a row alive.
final class RowGestureBox: @unchecked Sendable {
    weak var row: RowWidget?
    weak var driver: InteractionDriver?
    var gesture: OpaquePointer?

    init(row: RowWidget, driver: InteractionDriver) {
        self.row = row
        self.driver = driver
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

private let dragBegan: @convention(c) (UnsafeMutableRawPointer?, Double, Double, guint32) -> Void = { data, _, _, time in
    let box = rowBox(data)
    MainActor.assumeIsolated {
        guard let row = box.row, let driver = box.driver, let gesture = box.gesture else { return }
        driver.dragBegan(on: row, gesture: gesture, time: seconds(time))
    }
}

private let dragUpdated: @convention(c) (UnsafeMutableRawPointer?, Double, Double, guint32) -> Void = { data, dx, dy, time in
    let box = rowBox(data)
    MainActor.assumeIsolated {
        guard let gesture = box.gesture else { return }
        box.driver?.dragUpdated(gesture: gesture, dx: dx, dy: dy, time: seconds(time))
    }
}

private let dragEnded: @convention(c) (UnsafeMutableRawPointer?, Double, Double, guint32) -> Void = { data, _, _, time in
    let box = rowBox(data)
    MainActor.assumeIsolated {
        guard let gesture = box.gesture else { return }
        box.driver?.dragEnded(gesture: gesture, time: seconds(time))
    }
}

private let dragCancelled: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
    let box = rowBox(data)
    MainActor.assumeIsolated {
        guard let gesture = box.gesture else { return }
        box.driver?.dragCancelled(gesture: gesture)
    }
}
