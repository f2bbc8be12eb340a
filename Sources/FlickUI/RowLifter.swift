@preconcurrency import CGtk
import FlickInteraction
import GestureShim

/// Hold and drag to reorder on a gesture list (DESIGN 2.7). A long press lifts the row: a copy
/// of it is drawn above the list, 1.05 times larger with a shadow, and follows the drag while
/// the row's own slot stays empty; the others make room as it passes their middles (the list
/// view's model is reordered, the level is not); near an edge the list scrolls by itself on the
/// frame clock. The drop puts the model back and asks the level for one move, one transaction;
/// Escape or a cancelled drag puts the row back.
@MainActor
final class RowLifter {
    private unowned let list: GestureList
    /// The layer above the list the lifted copy is drawn in.
    let layer: UnsafeMutablePointer<GtkWidget>
    private var floating: RowWidget?
    private(set) var liftedID: Int64?
    private var lift: RowLift?
    /// The pointer in list view coordinates, as last seen.
    private var pointerY = 0.0
    private var tickCallback: guint = 0
    private var lastFrameTime: Double?
    private let tuning = InteractionTuning()

    init(list: GestureList) {
        self.list = list
        layer = gtk_fixed_new()
        gtk_widget_set_can_target(layer, 0)
        Widgets.addClass(layer, "lift-layer")
    }

    var isLifted: Bool { lift != nil }

    /// Lifts the row at (x, y) of the list view, if it may be lifted; true if it was.
    func begin(atX x: Double, y: Double) -> Bool {
        guard lift == nil, !list.isEditing, list.model.placeholder == nil,
              let row = list.row(atX: x, y: y), let id = row.itemID, list.level.canLift(id),
              let index = list.level.rowIndex(of: id), let slot = gtk_widget_get_parent(row.root) else { return false }
        let pitch = Double(gtk_widget_get_height(slot))
        guard pitch > 0 else { return false }
        pointerY = y
        lift = RowLift(index: index, rowCount: list.level.rowCount, pitch: pitch, pointerY: y + list.scrollPosition,
                       tuning: tuning)
        liftedID = id
        showFloating(id: id, index: index, width: Double(gtk_widget_get_width(slot)), height: pitch)
        row.setLifted(true)
        startTicking()
        return true
    }

    /// The pointer moved to `y` (list view coordinates).
    func moved(toY y: Double) {
        pointerY = y
        follow()
    }

    /// Drops the row where it is shown: one move, if it moved.
    func drop() {
        guard let lift, let id = liftedID else { return }
        end()
        if let move = lift.dropMove { list.level.moveRow(id, to: move.to) } else { list.focus(id) }
    }

    /// Puts the row back where it was.
    func cancel() {
        guard let id = liftedID else { return }
        end()
        list.focus(id)
    }

    // MARK: Following

    private func follow() {
        guard var lift else { return }
        let before = lift.index
        if lift.moved(toPointerY: pointerY + list.scrollPosition) {
            list.model.moveRow(from: before, to: lift.index)
        }
        self.lift = lift
        placeFloating()
    }

    private func showFloating(id: Int64, index: Int, width: Double, height: Double) {
        let row = RowWidget(backViews: list.backViews)
        let count = list.level.rowCount
        row.show(list.level.content(ofRowAt: index, drawnAt: index, of: count), id: id)
        Widgets.addClass(row.root, "lifted")
        gtk_widget_set_size_request(row.root, Int32(width), Int32(height))
        flick_slide_box_set_scale(flick_slide_box_from_widget(row.root), tuning.liftScale)
        gtk_fixed_put(cast(layer), row.root, 0, 0)
        floating = row
        placeFloating()
    }

    private func placeFloating() {
        guard let floating, let lift else { return }
        gtk_fixed_move(cast(layer), floating.root, 0, lift.top - list.scrollPosition)
    }

    /// Ends the lift: the model shows the level's order again and the copy goes.
    private func end() {
        guard let lift, let id = liftedID else { return }
        if lift.index != lift.originalIndex { list.model.moveRow(from: lift.index, to: lift.originalIndex) }
        self.lift = nil
        liftedID = nil
        stopTicking()
        if let floating { gtk_fixed_remove(cast(layer), floating.root) }
        floating = nil
        list.boundRows[id]?.setLifted(false)
    }

    // MARK: Auto-scroll

    private func startTicking() {
        guard tickCallback == 0 else { return }
        lastFrameTime = nil
        tickCallback = gtk_widget_add_tick_callback(list.listView, onLiftTick, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    private func stopTicking() {
        if tickCallback != 0 { gtk_widget_remove_tick_callback(list.listView, tickCallback) }
        tickCallback = 0
    }

    fileprivate func tick(frameTime: Double) -> Bool {
        guard let lift, let adjustment = list.verticalAdjustment else {
            tickCallback = 0
            return false
        }
        defer { lastFrameTime = frameTime }
        guard let last = lastFrameTime else { return true }
        let speed = lift.autoScrollSpeed(pointerY: pointerY, viewportHeight: Double(gtk_widget_get_height(list.listView)))
        guard speed != 0 else { return true }
        let value = gtk_adjustment_get_value(adjustment) + speed * (frameTime - last)
        let highest = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        gtk_adjustment_set_value(adjustment, min(max(value, gtk_adjustment_get_lower(adjustment)), highest))
        follow()
        return true
    }
}

/// The tick callback lives as long as the list view, which the gesture list (and so the
/// lifter) outlives; returning false removes it.
private let onLiftTick: GtkTickCallback = { _, clock, data in
    let lifter = Unmanaged<RowLifter>.fromOpaque(data!).takeUnretainedValue()
    let time = Double(gdk_frame_clock_get_frame_time(clock)) / 1_000_000
    return MainActor.assumeIsolated { lifter.tick(frameTime: time) } ? 1 : 0
}
