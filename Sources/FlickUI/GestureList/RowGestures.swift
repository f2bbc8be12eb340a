@preconcurrency import CGtk
import GestureShim

/// The rows' gestures, attached once to the list view rather than to each of the ~200 rows
/// GtkListView makes (DESIGN 2.8): the horizontal drag through the C shim, right-click for
/// the menu and a long press to lift a row. Each finds the row under the press. The drag is in the
/// bubble phase, as it was on the rows: the rows' own click handling sees the press first,
/// and claiming the drag cancels it. The box handed to C holds the gesture list weakly and is
/// released by the shim when the list view goes.
@MainActor
enum RowGestures {
    static func attach(to listView: UnsafeMutablePointer<GtkWidget>, list: GestureList) {
        let box = RowGestureBox(list: list)
        var callbacks = FlickDragCallbacks(began: dragBegan, updated: dragUpdated, ended: dragEnded,
                                           cancelled: dragCancelled)
        let data = Unmanaged.passRetained(box).toOpaque()
        box.gesture = flick_attach_drag(listView, &callbacks, data, releaseRowGestureBox)

        InputAdapters.click(on: listView, button: UInt32(GDK_BUTTON_SECONDARY), pressed: { [weak list] click in
            list?.openMenuOfRow(atX: click.x, y: click.y)
        })
        // Ctrl+click toggles a row's selection, Shift+click stretches it there (issue 60).
        InputAdapters.modifiedClick(on: listView) { [weak list] click, extending in
            guard let list, let id = list.row(atX: click.x, y: click.y)?.itemID else { return false }
            return list.level.modifiedClick(id, extending: extending)
        }
        // While rows are selected, a tap on a row toggles it and a click selects it alone
        // (issue 60). Heard in the capture phase, on release: a press that became a slide or a
        // lift was claimed by then and is not heard.
        InputAdapters.click(on: listView, phase: GTK_PHASE_CAPTURE, released: { [weak list] click in
            guard click.presses == 1, let list, let id = list.row(atX: click.x, y: click.y)?.itemID else { return }
            list.level.tapped(id, byTouch: click.isTouch)
        })
        // Touch and mouse: a long press lifts the row to reorder it (DESIGN 2.7).
        list.driver.longPressGesture = InputAdapters.longPress(on: listView) { [weak list] x, y in
            list?.driver.longPressed(atX: x, y: y)
        }
    }
}

/// What the C drag callbacks need; holds the list weakly so the shim never keeps it alive.
final class RowGestureBox: @unchecked Sendable {
    weak var list: GestureList?
    var gesture: OpaquePointer?

    init(list: GestureList) {
        self.list = list
        LiveBoxes.made()
    }

    deinit { LiveBoxes.released() }
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
        guard let list = box.list, let gesture = box.gesture else { return }
        guard let row = list.row(atX: x, y: y) else {
            flick_gesture_deny(gesture)  // Below the last row: nothing to slide.
            return
        }
        list.driver.dragBegan(on: row, gesture: gesture, x: x, y: y, time: seconds(time))
    }
}

private let dragUpdated: @convention(c) (UnsafeMutableRawPointer?, Double, Double, guint32) -> Void = { data, dx, dy, time in
    let box = rowBox(data)
    MainActor.assumeIsolated {
        guard let gesture = box.gesture else { return }
        box.list?.driver.dragUpdated(gesture: gesture, dx: dx, dy: dy, time: seconds(time))
    }
}

private let dragEnded: @convention(c) (UnsafeMutableRawPointer?, Double, Double, guint32) -> Void = { data, _, _, time in
    let box = rowBox(data)
    MainActor.assumeIsolated {
        guard let gesture = box.gesture else { return }
        box.list?.driver.dragEnded(gesture: gesture, time: seconds(time))
    }
}

private let dragCancelled: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
    let box = rowBox(data)
    MainActor.assumeIsolated {
        guard let gesture = box.gesture else { return }
        box.list?.driver.dragCancelled(gesture: gesture)
    }
}
