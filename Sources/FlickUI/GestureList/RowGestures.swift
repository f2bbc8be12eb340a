@preconcurrency import CGtk
import FlickInteraction
import GestureShim

/// The rows' gestures, attached once to the list view rather than to each of the ~200 rows
/// GtkListView makes (DESIGN 2.8): the horizontal drag through the C shim, right-click for
/// the menu and a long press to lift a row. Each finds the row under the press. The drag is in the
/// bubble phase, as it was on the rows: the rows' own click handling sees the press first,
/// and claiming the drag cancels it. Its events reach the hands as `ListInput`s, in the list's
/// terms (the row pressed, the lift's pointer); the hands tell a slide from a lift. The box
/// handed to C holds the gesture list weakly and is released by the shim when the list view goes.
@MainActor
enum RowGestures {
    static func attach(to listView: UnsafeMutablePointer<GtkWidget>, list: GestureList) {
        let box = RowGestureBox(list: list)
        var callbacks = FlickDragCallbacks(began: dragBegan, updated: dragUpdated, ended: dragEnded,
                                           cancelled: dragCancelled)
        let data = Unmanaged.passRetained(box).toOpaque()
        box.gesture = flick_attach_drag(listView, &callbacks, data, releaseRowGestureBox)
        list.driver.rowDragGesture = box.gesture

        InputAdapters.click(on: listView, button: UInt32(GDK_BUTTON_SECONDARY), pressed: { [weak list] click in
            list?.openMenuOfRow(atX: click.x, y: click.y)
        })
        // Ctrl+click toggles a row's selection, Shift+click stretches it there.
        InputAdapters.modifiedClick(on: listView) { [weak list] click, extending in
            guard let list, let id = list.row(atX: click.x, y: click.y)?.itemID else { return false }
            return list.level.modifiedClick(id, extending: extending)
        }
        // While rows are selected, a tap on a row toggles it and a click selects it alone.
        // Heard in the capture phase, on release: a press that became a slide or a
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
    /// Where the drag's press was, in the list view: its moves come as offsets from there.
    var start = (x: 0.0, y: 0.0)

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

/// A press at (x, y) of the list view as the hands take it: the item of the row there if it
/// slides, and the list measured for it.
@MainActor
private func press(on list: GestureList, atX x: Double, y: Double, time: Double) -> ListInput<Int64> {
    let slidable = list.row(atX: x, y: y)?.itemID.flatMap { list.level.canSlide($0) ? $0 : nil }
    // Measured before the controller hears of the press, as it needs the menu's width.
    let measured = slidable != nil && !list.isEditing ? list.driver.geometry(menuWidth: list.backViews.menuWidth) : nil
    return .rowPressed(item: slidable, isEditing: list.isEditing, time: time, geometry: measured)
}

private let dragBegan: @convention(c) (UnsafeMutableRawPointer?, Double, Double, guint32) -> Void = { data, x, y, time in
    let box = rowBox(data)
    MainActor.assumeIsolated {
        guard let list = box.list else { return }
        box.start = (x, y)
        list.driver.handle(press(on: list, atX: x, y: y, time: seconds(time)))
    }
}

private let dragUpdated: @convention(c) (UnsafeMutableRawPointer?, Double, Double, guint32) -> Void = { data, dx, dy, time in
    let box = rowBox(data)
    MainActor.assumeIsolated {
        guard let list = box.list else { return }
        let pointer = list.lifter.pointer(atX: box.start.x + dx, y: box.start.y + dy)
        list.driver.handle(.rowDragged(dx: dx, dy: dy, time: seconds(time), pointer: pointer))
    }
}

private let dragEnded: @convention(c) (UnsafeMutableRawPointer?, Double, Double, guint32) -> Void = { data, _, _, time in
    let box = rowBox(data)
    MainActor.assumeIsolated { box.list?.driver.handle(.rowReleased(time: seconds(time))) }
}

private let dragCancelled: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
    let box = rowBox(data)
    MainActor.assumeIsolated { box.list?.driver.handle(.rowDragCancelled) }
}
