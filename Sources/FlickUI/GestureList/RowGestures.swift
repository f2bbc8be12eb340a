@preconcurrency import CGtk
import FlickInteraction
import GestureShim

/// The rows' gestures, attached once to the list view rather than to each of the ~200 rows
/// GtkListView makes (DESIGN 2.8): the horizontal drag through the C shim, right-click for
/// the menu and a long press to lift a row. Each finds the row under the press. The drag is in the
/// bubble phase, as it was on the rows: the rows' own click handling sees the press first,
/// and claiming the drag cancels it. Its events reach the hands as `ListInput`s, in the list's
/// terms (the row pressed, the lift's pointer) by `ListInputs`; the hands tell a slide from a
/// lift. The box handed to C holds the inputs weakly (`WeakBox`).
@MainActor
enum RowGestures {
    static func attach(to listView: UnsafeMutablePointer<GtkWidget>, list: GestureList, inputs: ListInputs) {
        var callbacks = FlickDragCallbacks(began: dragBegan, updated: dragUpdated, ended: dragEnded,
                                           cancelled: dragCancelled)
        list.driver.rowDragGesture = flick_attach_drag(listView, &callbacks, WeakBox.retained(inputs), releaseWeakBox)

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
        list.driver.longPressGesture = InputAdapters.longPress(on: listView) { [weak inputs] x, y in
            inputs?.longPressed(atX: x, y: y)
        }
    }
}

/// GDK event times are milliseconds; the controller works in seconds.
private func seconds(_ milliseconds: guint32) -> Double { Double(milliseconds) / 1000 }

private let dragBegan: @convention(c) (UnsafeMutableRawPointer?, Double, Double, guint32) -> Void = { data, x, y, time in
    let inputs = WeakBox<ListInputs>.target(of: data)
    MainActor.assumeIsolated { inputs?.rowDragBegan(atX: x, y: y, time: seconds(time)) }
}

private let dragUpdated: @convention(c) (UnsafeMutableRawPointer?, Double, Double, guint32) -> Void = { data, dx, dy, time in
    let inputs = WeakBox<ListInputs>.target(of: data)
    MainActor.assumeIsolated { inputs?.rowDragged(dx: dx, dy: dy, time: seconds(time)) }
}

private let dragEnded: @convention(c) (UnsafeMutableRawPointer?, Double, Double, guint32) -> Void = { data, _, _, time in
    let inputs = WeakBox<ListInputs>.target(of: data)
    MainActor.assumeIsolated { inputs?.rowDragEnded(time: seconds(time)) }
}

private let dragCancelled: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
    let inputs = WeakBox<ListInputs>.target(of: data)
    MainActor.assumeIsolated { inputs?.rowDragCancelled() }
}
