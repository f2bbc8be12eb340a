@preconcurrency import CGtk
import FlickInteraction
import GestureShim

/// Hold and drag to reorder on a gesture list (DESIGN 2.7). A long press lifts the row: a copy
/// of it is drawn in the window's layer above the list, 1.05 times larger with a shadow, and
/// follows the drag while the row's own slot stays empty; the others make room as it passes
/// their middles (the list view's model is reordered, the level is not); near an edge the list
/// scrolls by itself on the frame clock. The drop puts the model back and asks the level for
/// one move, one transaction; Escape or a cancelled drag puts the row back. Held over the back
/// button for a moment, an item is carried up to the lists (`carryTarget`) and can be dropped
/// on one of them.
@MainActor
final class RowLifter {
    private unowned let list: GestureList
    /// The window's layer the lifted copy is drawn in.
    private let layer: UnsafeMutablePointer<GtkWidget>
    /// Who takes an item carried up to the lists; nil where there is no level above.
    weak var carryTarget: (any RowCarryTarget)?
    private var floating: RowWidget?
    private(set) var liftedID: Int64?
    private var lift: RowLift?
    /// The pointer in list view coordinates, as last seen.
    private var pointerX = 0.0
    private var pointerY = 0.0
    private lazy var ticker = FrameTicker(widget: list.listView)
    private var lastFrameTime: Double?
    /// Carrying: brings the time `RowLift.carryDue` names, while the row is held over the back
    /// button, and whether the row has gone up to the lists.
    private let carryHold = Timeout()
    private var scheduledCarry: Double?
    private(set) var isCarried = false
    private let tuning = InteractionTuning()

    init(list: GestureList, layer: UnsafeMutablePointer<GtkWidget>) {
        self.list = list
        self.layer = layer
    }

    var isLifted: Bool { lift != nil }

    /// Lifts the row at (x, y) of the list view, if it may be lifted; true if it was.
    func begin(atX x: Double, y: Double) -> Bool {
        guard lift == nil, !list.isEditing, list.model.placeholder == nil, list.hands.mayLift,
              let row = list.row(atX: x, y: y), let id = row.itemID, list.level.canLift(id),
              let index = list.level.rowIndex(of: id), let slot = gtk_widget_get_parent(row.root) else { return false }
        let pitch = Double(gtk_widget_get_height(slot))
        guard pitch > 0 else { return false }
        (pointerX, pointerY) = (x, y)
        lift = RowLift(index: index, rowCount: list.level.rowCount, pitch: pitch, pointerY: y + list.scrollPosition,
                       tuning: tuning)
        liftedID = id
        isCarried = false
        list.driver.apply(list.hands.liftBegan())
        showFloating(id: id, index: index, width: Double(gtk_widget_get_width(slot)), height: pitch)
        row.setLifted(true)
        startTicking()
        return true
    }

    /// The pointer moved to (x, y) of the list view at `time` (event time, seconds).
    func moved(toX x: Double, y: Double, time: Double) {
        (pointerX, pointerY) = (x, y)
        if isCarried { return placeFloating() }
        watchCarryButton(time: time)
        follow()
    }

    /// The pointer moved to (x, y) of the window: GTK reports a drag only while the pointer is
    /// over the list, so the window reports the rest (over the header bar, the back button).
    func moved(toWindowX x: Double, y: Double, time: Double) {
        guard isLifted, let root = gtk_widget_get_root(list.listView).map({ UnsafeMutablePointer<GtkWidget>($0) })
        else { return }
        var from = graphene_point_t(x: Float(x), y: Float(y))
        var to = graphene_point_t()
        guard gtk_widget_compute_point(root, list.listView, &from, &to) != 0 else { return }
        moved(toX: Double(to.x), y: Double(to.y), time: time)
    }

    /// Drops the row where it is shown: one move, if it moved; or, carried, on the list under
    /// the pointer.
    func drop() {
        guard let lift, let id = liftedID else { return }
        let carried = isCarried
        let window = windowPoint
        end()
        if carried {
            if carryTarget?.dropCarried(id, atWindowX: window.x, y: window.y) != true { carryTarget?.carryCancelled() }
        } else if let move = lift.dropMove {
            list.level.moveRow(id, to: move.to)
        } else {
            list.focus(id)
        }
    }

    /// Puts the row back where it was (and, carried, goes back to its list).
    func cancel() {
        guard let id = liftedID else { return }
        let carried = isCarried
        end()
        if carried { carryTarget?.carryCancelled() } else { list.focus(id) }
    }

    // MARK: Following

    private func follow() {
        guard var lift else { return }
        let before = lift.index
        if lift.moved(toPointerY: pointerY + list.scrollPosition) {
            moveSlot(from: before, to: lift.index, pitch: lift.pitch)
        }
        self.lift = lift
        placeFloating()
    }

    /// Moves the lifted row's empty slot in the list view's model while the list stays still.
    /// GTK keeps the scroll anchored on one row, and a row that takes the focus becomes the
    /// anchor: the lifted row, pressed. Taken out of the model, the anchor is lost and GTK
    /// guesses another, a row off, and the whole list jumps by a row. So the list is first
    /// anchored, where it is, on a row that the move leaves in place.
    private func moveSlot(from: Int, to: Int, pitch: Double) {
        anchorList(awayFrom: from, pitch: pitch)
        list.model.moveRow(from: from, to: to)
    }

    /// Anchors the list on its first whole row, or the next one when that is `slot`. Asked to
    /// show a row that is shown whole, GTK anchors on it without scrolling.
    private func anchorList(awayFrom slot: Int, pitch: Double) {
        let firstWhole = Int((list.scrollPosition / pitch).rounded(.up))
        let anchor = firstWhole == slot ? firstWhole + 1 : firstWhole
        guard anchor < list.level.rowCount else { return }
        list.scrollTo(rowPosition: anchor)
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

    /// The copy sits where the lift says, in the list; carried, under the pointer, across the
    /// window (the list it came from is shrunk out of sight then).
    private func placeFloating() {
        guard let floating, let lift,
              let root = gtk_widget_get_root(list.listView).map({ UnsafeMutablePointer<GtkWidget>($0) }) else { return }
        var from = graphene_point_t(x: 0, y: Float(lift.top - list.scrollPosition))
        var source = list.listView
        if isCarried {
            from = graphene_point_t(x: 0, y: Float(windowPoint.y - lift.pitch / 2))
            source = root
        }
        var to = graphene_point_t()
        guard gtk_widget_compute_point(source, layer, &from, &to) != 0 else { return }
        gtk_fixed_move(cast(layer), floating.root, isCarried ? 0 : Double(to.x), Double(to.y))
    }

    /// The pointer in window coordinates.
    private var windowPoint: (x: Double, y: Double) {
        var from = graphene_point_t(x: Float(pointerX), y: Float(pointerY))
        var to = graphene_point_t()
        guard let root = gtk_widget_get_root(list.listView),
              gtk_widget_compute_point(list.listView, UnsafeMutablePointer<GtkWidget>(root), &from, &to) != 0
        else { return (pointerX, pointerY) }
        return (Double(to.x), Double(to.y))
    }

    /// Ends the lift: the model shows the level's order again and the copy goes.
    private func end() {
        guard let lift, let id = liftedID else { return }
        if lift.index != lift.originalIndex, !isCarried {
            moveSlot(from: lift.index, to: lift.originalIndex, pitch: lift.pitch)
        }
        self.lift = nil
        liftedID = nil
        isCarried = false
        list.hands.liftEnded()
        stopCarryTimer()
        stopTicking()
        if let floating { gtk_fixed_remove(cast(layer), floating.root) }
        floating = nil
        list.boundRows[id]?.setLifted(false)
    }

    // MARK: Carrying up to the lists

    /// Held at the back button for `tuning.carryHoldS` (`RowLift.held(atCarryButton:time:)`),
    /// the row goes up to the lists.
    private func watchCarryButton(time: Double) {
        lift?.held(atCarryButton: isAtCarryButton, time: time)
        let due = lift?.carryDue
        guard due != scheduledCarry else { return }
        scheduledCarry = due
        guard let due else { return carryHold.cancel() }
        carryHold.restart(after: max(0, due - time)) { [weak self] in
            guard let self, self.lift?.carriesUp(at: due) == true else { return }
            self.carryUp()
        }
    }

    /// Whether the pointer is at the back button: over it or just below it at the list's top
    /// edge, where a hand that aims for it and stops short ends up.
    private var isAtCarryButton: Bool {
        guard let target = carryTarget, let carryButton = target.carryButton,
              let root = gtk_widget_get_root(list.listView).map({ UnsafeMutablePointer<GtkWidget>($0) }) else { return false }
        var button = graphene_rect_t()
        var listTop = graphene_point_t()
        var origin = graphene_point_t()
        guard gtk_widget_compute_bounds(carryButton, root, &button) != 0,
              gtk_widget_compute_point(list.listView, root, &origin, &listTop) != 0 else { return false }
        let point = windowPoint
        let reach = Self.carryReachPx
        return point.y <= Double(listTop.y) + reach
            && point.x >= Double(button.origin.x) - reach && point.x <= Double(button.origin.x + button.size.width) + reach
    }

    /// How near the button's corner of the list the pointer must be. Our choice: a finger's
    /// breadth.
    private static let carryReachPx = 12.0

    private func carryUp() {
        guard var lift, !isCarried else { return }
        // The item leaves this list's order: the model shows the level's again.
        if lift.index != lift.originalIndex {
            moveSlot(from: lift.index, to: lift.originalIndex, pitch: lift.pitch)
            lift.moved(toPointerY: Double(lift.originalIndex) * lift.pitch + lift.pitch / 2)
            self.lift = lift
        }
        isCarried = true
        stopTicking()
        carryTarget?.carryUp()
        placeFloating()
    }

    private func stopCarryTimer() {
        carryHold.cancel()
        scheduledCarry = nil
    }

    // MARK: Auto-scroll

    private func startTicking() {
        guard !ticker.isRunning else { return }
        lastFrameTime = nil
        ticker.start { [unowned self] time in self.autoScroll(at: time) }
    }

    private func stopTicking() {
        ticker.stop()
    }

    /// Scrolls the list by itself while the lifted row is near an edge; true while lifted.
    private func autoScroll(at time: Double) -> Bool {
        guard let lift, let adjustment = list.verticalAdjustment else { return false }
        defer { lastFrameTime = time }
        guard let last = lastFrameTime else { return true }
        let speed = lift.autoScrollSpeed(pointerY: pointerY, viewportHeight: Double(gtk_widget_get_height(list.listView)))
        guard speed != 0 else { return true }
        let value = gtk_adjustment_get_value(adjustment) + speed * (time - last)
        let highest = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        gtk_adjustment_set_value(adjustment, min(max(value, gtk_adjustment_get_lower(adjustment)), highest))
        follow()
        return true
    }
}
