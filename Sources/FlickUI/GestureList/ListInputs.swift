@preconcurrency import CGtk
import FlickInteraction

/// Every pointer controller of a gesture list, attached here, in the order GTK runs them: a
/// double press at a row's end, the pinch (`ListGestures`), the rows' drag, menu click, Ctrl and
/// Shift clicks, taps and long press (`RowGestures`), the pointer's place over the list view, a
/// press away from the open row, a row's click, and on the pulls' box (`attachPulls`) the pulls'
/// drag (`EdgeDrag`) and every scroll. The scrolls, the rows' drag, the pulls' drag, the pinch
/// and the clicks reach the hands as one `ListInput` each, through one door
/// (`InteractionDriver.handle`, then `ListHands.handle`), with their places already in the
/// list's terms (the row under the pointer, the list's state, its measures). Nothing here
/// decides anything.
///
/// The scroll is one capture-phase controller on the pulls' box, before the scrolled window's
/// own (which takes every touchpad scroll on GTK 4.8) and before the list view's: its steps,
/// begin and end carry a touchpad's swipe, its pulls, a wheel's pull and Ctrl+scroll; the
/// pointer's place is where a swipe finds its row and Ctrl+scroll opens its gap.
@MainActor
final class ListInputs {
    private unowned let list: GestureList
    /// The pulls' view, once attached: the list's state as the pulls see it.
    private weak var pulls: EdgePullView?
    /// Where the pointer last was over the list view, in its coordinates.
    private var pointerY = 0.0
    /// Where the rows' drag was pressed, in the list view: its moves come as offsets from there.
    private var rowDragStart = (x: 0.0, y: 0.0)

    /// Attaches the list view's controllers.
    init(list: GestureList) {
        self.list = list
        hearPressesAtRowEnds()
        ListGestures.attach(to: list.listView, inputs: self)
        RowGestures.attach(to: list.listView, list: list, inputs: self)
        InputAdapters.pointerPosition(over: list.listView) { [weak self] _, y in self?.pointerY = y }
        hearPressesAwayFromTheOpenRow()
        hearRowClicks()
    }

    // MARK: Clicks

    /// First of all the list's controllers, before the list view's own click, which activates a
    /// row on a double click's second press.
    private func hearPressesAtRowEnds() {
        InputAdapters.click(on: list.listView, phase: GTK_PHASE_CAPTURE, pressed: { [weak self] click in
            guard let self else { return }
            let rightToLeft = gtk_widget_get_direction(self.list.listView) == GTK_TEXT_DIR_RTL
            let atTrailingEnd = RowEnd.isTrailing(x: click.x, width: Double(gtk_widget_get_width(self.list.listView)),
                                                  rightToLeft: rightToLeft)
            self.list.driver.handle(.rowEndPressed(presses: click.presses, atTrailingEnd: atTrailingEnd))
        })
    }

    /// Any button, in the capture phase: the rows' gestures hear the press after it.
    private func hearPressesAwayFromTheOpenRow() {
        InputAdapters.click(on: list.listView, button: 0, phase: GTK_PHASE_CAPTURE, pressed: { [weak self] click in
            guard let self else { return }
            self.list.driver.handle(.pressed(onOpenRow: self.isOnOpenRow(x: click.x, y: click.y)))
        })
    }

    /// Whether (x, y) is on the open row's widgets, its front or its menu.
    private func isOnOpenRow(x: Double, y: Double) -> Bool {
        guard let open = list.driver.controller.openItem, let row = list.boundRows[open] else { return false }
        guard let picked = gtk_widget_pick(list.listView, x, y, GTK_PICK_DEFAULT) else { return false }
        return picked == row.root || gtk_widget_is_ancestor(picked, row.root) != 0
    }

    /// A primary click in the bubble phase, after the rows' gestures: a press that became a
    /// slide or a lift was claimed by then and is not heard.
    private func hearRowClicks() {
        InputAdapters.click(on: list.listView, pressed: { [weak self] _ in
            self?.list.driver.handle(.clickPressed)
        }, released: { [weak self] click in
            guard let self else { return }
            self.list.driver.handle(.clickReleased(item: self.list.row(atX: click.x, y: click.y)?.itemID, presses: click.presses,
                                                   onChip: self.chipIsHit(atX: click.x, y: click.y),
                                                   isEditing: self.list.isEditing))
        })
    }

    /// Whether (x, y) is on a row's subtasks chip ("1/4").
    private func chipIsHit(atX x: Double, y: Double) -> Bool {
        var widget = gtk_widget_pick(list.listView, x, y, GTK_PICK_DEFAULT)
        while let current = widget, current != list.listView {
            if gtk_widget_has_css_class(current, "subtask-chip") != 0 { return true }
            widget = gtk_widget_get_parent(current)
        }
        return false
    }

    /// Attaches the pulls' drag and the scroll to `pulls`' box, around the list; returns the
    /// drag, whose sequence a pull claims.
    func attachPulls(_ pulls: EdgePullView) -> OpaquePointer {
        self.pulls = pulls
        let drag = EdgeDrag.attach(to: pulls.root, inputs: self)
        InputAdapters.scroll(on: pulls.root, phase: GTK_PHASE_CAPTURE, began: { [weak self] in
            guard let self, let pulls = self.pulls else { return }
            self.list.driver.handle(.scrollBegan(list: pulls.listState))
        }, scrolled: { [weak self] step in
            guard let self, let pulls = self.pulls else { return false }
            return self.list.driver.handle(.scrolled(self.step(step, list: pulls.listState)))
        }, ended: { [weak self] time in
            self?.list.driver.handle(.scrollEnded(time: time))
        })
        return drag
    }

    // MARK: The pulls' drag (`EdgeDrag`)

    func pullDragBegan() {
        list.driver.handle(.pullPressed)
    }

    func pullDragged(dx: Double, dy: Double) {
        guard let pulls else { return }
        list.driver.handle(.pullDragged(dx: dx, dy: dy, list: pulls.listState))
    }

    func pullDragEnded() {
        list.driver.handle(.pullReleased)
    }

    func pullDragCancelled() {
        list.driver.handle(.pullDragCancelled)
    }

    /// A scroll step with the list's state; a touchpad's with the row under the pointer and,
    /// where a swipe may begin, the list measured.
    private func step(_ step: InputAdapters.ScrollStep, list state: EdgePullGesture.ListState) -> ListScrollStep<Int64> {
        let byFingers = step.source == .fingers
        let row = byFingers ? slidingRowUnderPointer : nil
        return ListScrollStep(dx: step.dx, dy: step.dy, source: step.source, withControl: step.withControl, time: step.time,
                              rowUnderPointer: row, rowUnderPointerMayPostpone: row.map(list.level.canPostpone) ?? false,
                              pointerY: pointerY, list: state,
                              geometry: byFingers && list.hands.mayBeginTouchpadSwipe
                                  ? list.driver.geometry(menuWidth: list.backViews.menuWidth) : nil)
    }

    // MARK: The rows' drag (`RowGestures`)

    func rowDragBegan(atX x: Double, y: Double, time: Double) {
        rowDragStart = (x, y)
        list.driver.handle(press(atX: x, y: y, time: time))
    }

    func rowDragged(dx: Double, dy: Double, time: Double) {
        let pointer = list.liftView.pointer(atX: rowDragStart.x + dx, y: rowDragStart.y + dy)
        list.driver.handle(.rowDragged(dx: dx, dy: dy, time: time, pointer: pointer))
    }

    func rowDragEnded(time: Double) {
        list.driver.handle(.rowReleased(time: time))
    }

    func rowDragCancelled() {
        list.driver.handle(.rowDragCancelled)
    }

    /// The long press (`RowGestures`): the row there, if it may be lifted.
    func longPressed(atX x: Double, y: Double) {
        list.driver.handle(.longPressed(item: liftableRow(atX: x, y: y), x: x, y: y))
    }

    /// The row at (x, y) of the list view, if it may be lifted: not while a title is typed or a
    /// new row waits for its title.
    private func liftableRow(atX x: Double, y: Double) -> Int64? {
        guard !list.isEditing, list.model.placeholder == nil, let id = list.row(atX: x, y: y)?.itemID,
              list.level.canLift(id) else { return nil }
        return id
    }

    // MARK: The window's pointer while a row is lifted (`LiftTracker`)

    /// The pointer moved to (x, y) of the window, where the row's drag may not hear it.
    func windowPointerMoved(toX x: Double, y: Double, time: Double) {
        guard let pointer = list.liftView.pointer(atWindowX: x, y: y) else { return }
        list.driver.handle(.liftPointerMoved(pointer, time: time))
    }

    /// The button or finger went up, after the row's drag heard it, if it did.
    func windowPointerReleased() {
        list.driver.handle(.liftPointerReleased)
    }

    /// A press at (x, y) of the list view as the hands take it: the item of the row there if it
    /// slides, and the list measured for it.
    private func press(atX x: Double, y: Double, time: Double) -> ListInput<Int64> {
        let slidable = list.row(atX: x, y: y)?.itemID.flatMap { list.level.canSlide($0) ? $0 : nil }
        // Measured before the controller hears of the press, as it needs the menu's width.
        let measured = slidable != nil && !list.isEditing ? list.driver.geometry(menuWidth: list.backViews.menuWidth) : nil
        return .rowPressed(item: slidable, mayPostpone: slidable.map(list.level.canPostpone) ?? false, isEditing: list.isEditing,
                           time: time, geometry: measured)
    }

    // MARK: The pinch (`ListGestures`)

    func pinchBegan(hasPoints: Bool, upperY: Double, lowerY: Double, time: Double) {
        let start = PinchGesture<Int64>.Start(
            hasPoints: hasPoints, upperY: upperY, lowerY: lowerY, upper: rowUnder(y: upperY), lower: rowUnder(y: lowerY),
            spreadOpensRows: list.level.spreadOpensRow, boundaryNearPointer: list.boundary(nearY: upperY))
        list.driver.handle(.pinchBegan(start, time: time))
    }

    func pinchMoved(upperY: Double, lowerY: Double, scale: Double, time: Double) {
        list.driver.handle(.pinchMoved(upperY: upperY, lowerY: lowerY, scale: scale, time: time,
                                       levelAbove: list.driver.levelPinchHandler != nil))
    }

    func pinchEnded(time: Double) {
        list.driver.handle(.pinchEnded(time: time))
    }

    func pinchCancelled() {
        list.driver.handle(.pinchCancelled)
    }

    /// The row under `y` of the list view, as the pinch's decisions need it.
    private func rowUnder(y: Double) -> PinchGesture<Int64>.RowUnderPoint? {
        guard let (index, fraction) = list.rowPosition(atY: y) else { return nil }
        let id = list.level.rowID(at: index)
        return .init(index: index, fraction: fraction, id: id, touchpadSpreadOpens: id.map(list.level.touchpadSpreadOpens) ?? false)
    }

    /// The row under the pointer, if it slides.
    private var slidingRowUnderPointer: Int64? {
        list.rowPosition(atY: pointerY).flatMap { list.level.rowID(at: $0.index) }.flatMap { list.level.canSlide($0) ? $0 : nil }
    }
}
