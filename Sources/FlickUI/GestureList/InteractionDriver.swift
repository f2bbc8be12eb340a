@preconcurrency import CGtk
import FlickInteraction
import GestureShim

/// Hands a gesture list's GTK input to the pure list controller and applies the effects it
/// returns to the row widgets and the level. Animations run on the list view's frame clock while the
/// controller needs frames.
@MainActor
package final class InteractionDriver {
    private unowned let list: GestureList
    /// What the hands are doing on the list: every decision is made there.
    private var hands: ListHands<Int64> { list.hands }
    var controller: ListInteractionController<Int64> { list.hands.controller }
    /// Runs the controller's animations while it needs frames.
    private lazy var ticker = FrameTicker(widget: list.listView)
    /// Runs a lifted row's frames while it is lifted in its list (its auto-scroll).
    private lazy var liftTicker = FrameTicker(widget: list.listView)
    /// The rows' drag (`RowGestures`), whose sequence the hands' answers claim, deny or let go.
    var rowDragGesture: OpaquePointer?
    /// The rows' long press (`RowGestures`), let go of with the drag it would lift from.
    var longPressGesture: OpaquePointer?
    /// Set when a menu is opened from the keyboard, so focus moves into it once open.
    private var focusMenuWhenOpen = false
    /// Who takes a pinch together (a list's items go up to the overview); nil where there is
    /// no level above.
    weak var levelPinchHandler: (any LevelPinchHandler)?
    /// The window, on every level: where Ctrl+scroll's steps go during a pinch together.
    weak var shownLevel: (any ShownLevel)?
    /// Draws the list's pulls: where a wheel pull's release, brought by time, goes.
    weak var pullView: EdgePullView?

    init(list: GestureList) {
        self.list = list
    }

    /// The row drag the hands followed and the long press let go of their touch or press (GTK
    /// resets them), rather than deny it: a row menu's button tapped by a finger runs its
    /// action (Delete, Postpone), whose change closes the row and cancels the drag, before the
    /// list's gestures see that finger lift; left to GTK 4.8 then, the touch stayed in them for
    /// good, and they took no other touch: no row slid or lifted after the tap
    /// (test_touch_phone.py). A mouse press reuses the pointer's one sequence, and never
    /// showed it. Called once the hands no longer follow the drag: the cancel the reset sends
    /// is no news to them.
    private func letGoOfRowDrag() {
        if let rowDragGesture { gtk_event_controller_reset(rowDragGesture) }
        if let longPressGesture { gtk_event_controller_reset(longPressGesture) }
    }

    /// The row menu's width as last measured; every row's menu has the same buttons.
    private var menuWidth = 0.0

    /// Called whenever sizes, the row count or the text direction may have changed; pass the
    /// menu's width when a row is at hand to measure it.
    func updateGeometry(menuWidth measured: Double? = nil) {
        handle(.measured(geometry(menuWidth: measured)))
    }

    /// The list as measured now (the menu's width as `measured`, or as last measured), for the
    /// controller; the desktop's animation setting is read again with it.
    func geometry(menuWidth measured: Double? = nil) -> ListGeometry {
        if let measured { menuWidth = measured }
        let listView = list.listView
        controller.animationsEnabled = Self.animationsEnabled
        return ListGeometry(
            rowWidth: Double(gtk_widget_get_width(listView)),
            rowHeight: Double(AppStyle.rowHeight),
            menuWidth: menuWidth,
            rowCount: list.level.rowCount,
            isRightToLeft: gtk_widget_get_direction(listView) == GTK_TEXT_DIR_RTL)
    }

    // MARK: Hold and drag

    /// What a long press asked: the lift's view takes out the rows carried along and measures
    /// the lift, and the hands lift the row with that.
    private func prepareLift(_ id: Int64, atX x: Double, y: Double) {
        guard let start = list.liftView.prepare(id, atX: x, y: y) else { return }
        apply(hands.handle(.liftPrepared(start)))
    }

    /// Scrolls the list by the lift's auto-scroll (GTK keeps it within its range), and tells the
    /// hands where it went: the row keeps to the pointer.
    private func scrollUnderLift(by distance: Double) {
        list.scrollBy(distance)
        apply(hands.handle(.liftListScrolled(to: list.scrollPosition)))
    }

    /// The lifted row's frames, while it is lifted in its list: near an edge the list scrolls.
    private func startLiftFrames() {
        guard !liftTicker.isRunning else { return }
        liftTicker.start { [unowned self] time in
            self.apply(self.hands.handle(.liftFrame(time: time, viewportHeight: self.list.liftView.viewportHeight)))
            return self.hands.lift.needsFrames
        }
    }

    // MARK: Pinches (decided by PinchGesture)

    /// Ctrl+scroll, where no pinch events arrive (X11, mouse): the gap opens at the pointer
    /// and the gesture ends when the scrolling stops.
    package func ctrlScroll(deltaY: Double, pointerY: Double, time: Double) {
        // Wheel steps go to the list under the pointer; as a pinch together shrinks the level
        // shown, the pointer comes over the level behind it, and its steps still belong to the
        // pinch together going on (seen: the fourth step began a second one there, and both
        // sprang back).
        if let shown = shownLevel?.shownList, shown !== list, shown.hands.levelPinch != nil {
            return shown.driver.ctrlScroll(deltaY: deltaY, pointerY: pointerY, time: time)
        }
        handle(.ctrlScrolled(units: deltaY, boundary: list.boundary(nearY: pointerY), time: time,
                             levelAbove: levelPinchHandler != nil))
    }

    /// What a pinch asked of the window, done, and the answer handed back to the hands, which
    /// take the step again with it. Before a gap opens, a title being typed is saved (refused
    /// if it cannot be: the gap does not open), and the list is measured again as the saved
    /// title left it; the hands close the open rows. (A lifted row was put back already: the
    /// pinch took the pointer from it before asking.)
    private func answer(_ request: PinchRequest) {
        switch request {
        case .makeRoomForGap:
            let saved = list.commitCurrentEdit()
            apply(hands.handle(.answered(request, granted: saved, geometry: saved ? geometry() : nil)))
        case .startGoingUp:
            apply(hands.handle(.answered(request, granted: levelPinchHandler?.levelPinchBegan() ?? false)))
        }
    }

    private func apply(_ effects: [PinchGesture<Int64>.Effect]) {
        for effect in effects {
            switch effect {
            case let .list(listEffects):
                apply(listEffects)
            case let .openRow(id):
                list.level.spreadOpen(id)
            case let .levelPinchMoved(progress):
                levelPinchHandler?.levelPinchMoved(progress: progress)
            case let .levelPinchEnded(outcome, progress, velocity):
                levelPinchHandler?.levelPinchEnded(outcome, progress: progress, velocity: velocity)
            case let .request(request):
                answer(request)
            }
        }
    }

    // MARK: Time passing (ListHands.nextDeadline)

    /// Brings the hands' next deadline: a wheel pull's or Ctrl+scroll's quiet time, or a row
    /// held at the back button going up. One timer for all of them.
    private let deadline = Timeout()
    private var scheduledDeadline: Double?

    /// Schedules `hands.nextDeadline`, counted from the last event the hands were given; called
    /// after every input's effects are applied.
    private func scheduleDeadline() {
        let due = hands.nextDeadline
        guard due != scheduledDeadline else { return }
        scheduledDeadline = due
        guard let due else { return deadline.cancel() }
        deadline.restart(after: max(0, due - (hands.lastEventTime ?? due))) { [weak self] in
            guard let self else { return }
            self.scheduledDeadline = nil
            self.handle(.timeReached(due))
        }
    }

    // MARK: Inputs as values (ListInputs, decided by ListHands.handle)

    /// Hands `input` to the hands and carries out what they answer; returns whether a scroll
    /// step was used up (GTK must not scroll by it).
    @discardableResult
    func handle(_ input: ListInput<Int64>) -> Bool {
        apply(hands.handle(input))
    }

    /// The one place the hands' answers to an input are carried out, each effect by the view
    /// that draws it, in order. Effects in a row for one view go to it together: a lifted row's
    /// view forgets what it carried once a batch leaves it dropped, and its release's `.move`
    /// comes after `.ended`. Returns whether a scroll step was used up.
    @discardableResult
    func apply(_ effects: [ListEffect<Int64>]) -> Bool {
        var usedUp = false
        var batch = ViewBatch()
        for effect in effects {
            switch effect {
            case let .row(effect):
                batch.add(row: effect, flushing: carryOut)
            case let .pull(effect):
                batch.add(pull: effect, flushing: carryOut)
            case let .pinch(effect):
                batch.add(pinch: effect, flushing: carryOut)
            case let .lift(.list(effects)):
                // The row drag the lift took over goes back: the rows' effects.
                for effect in effects { batch.add(row: effect, flushing: carryOut) }
            case let .lift(.scroll(by: distance)):
                batch.flush(carryOut)
                scrollUnderLift(by: distance)
            case let .lift(effect):
                batch.add(lift: effect, flushing: carryOut)
            case .letGoOfRowDrag:
                batch.flush(carryOut)
                letGoOfRowDrag()
            case let .scrollList(by: distance):
                batch.flush(carryOut)
                list.scrollBy(distance)
            case let .ctrlScrolled(units, pointerY, time):
                batch.flush(carryOut)
                ctrlScroll(deltaY: units, pointerY: pointerY, time: time)
            case .scrollUsedUp:
                usedUp = true
            case .claimRowDrag:
                batch.flush(carryOut)
                if let rowDragGesture { flick_gesture_claim(rowDragGesture) }
            case .denyRowDrag:
                batch.flush(carryOut)
                if let rowDragGesture { flick_gesture_deny(rowDragGesture) }
            case let .prepareLift(id, x, y):
                batch.flush(carryOut)
                prepareLift(id, atX: x, y: y)
            case .liftRefused:
                batch.flush(carryOut)
                list.liftView.putBack()
            case .markTrailingEndActivation:
                list.markActivationAsTrailingEnd()
            case let .rowClicked(id, onChip):
                batch.flush(carryOut)
                list.rowClicked(id, onChip: onChip)
            }
        }
        batch.flush(carryOut)
        // A release may answer nothing and leave its row to spring back on the frame clock (a
        // slow swipe's end): the frames start whatever the answer.
        if controller.needsFrames { startTicking() }
        if hands.lift.needsFrames { startLiftFrames() }
        scheduleDeadline()
        return usedUp
    }

    /// One view's effects, to the view that draws them.
    private func carryOut(_ batch: ViewBatch) {
        if !batch.rows.isEmpty { apply(batch.rows) }
        if !batch.pulls.isEmpty { pullView?.apply(batch.pulls) }
        if !batch.pinches.isEmpty { apply(batch.pinches) }
        if !batch.lifts.isEmpty { list.liftView.apply(batch.lifts) }
    }

    // MARK: Other ways

    package func openMenu(_ id: Int64, fromKeyboard: Bool) {
        guard list.level.canSlide(id) else { return }
        focusMenuWhenOpen = fromKeyboard
        handle(.menuRequested(id, geometry: geometry(menuWidth: list.backViews.menuWidth)))
    }

    package func closeMenu() {
        handle(.menuDismissed)
    }

    /// Everything the hands were doing stops at once: the list is read again under them.
    func reset() {
        handle(.listReadAgain)
    }

    func closeAll() {
        handle(.rowsClosed)
    }

    func itemRemoved(_ id: Int64) {
        handle(.itemRemoved(id))
    }

    /// Shows the controller's state for `id` on a row that was just (re)bound to it.
    func restore(_ row: RowWidget, id: Int64) {
        row.apply(controller.appearance(of: id))
    }

    // MARK: Effects

    private func apply(_ effects: [InteractionEffect<Int64>]) {
        for effect in effects { apply(effect) }
        if controller.needsFrames { startTicking() }
    }

    private func apply(_ effect: InteractionEffect<Int64>) {
        switch effect {
        case let .rowOffset(id, offset):
            list.boundRows[id]?.setOffset(offset)
        case let .menuRevealed(id, revealed):
            list.boundRows[id]?.setBackRevealed(revealed)
        case let .completionCue(id, progress):
            list.boundRows[id]?.setCompletionProgress(progress)
        case let .toggleComplete(id):
            list.level.swipedRight(id)
        case let .postponeCue(id, progress):
            list.boundRows[id]?.setPostponeProgress(progress)
        case let .postpone(id):
            list.boundRows[id]?.back?.holdPostponeCue()
            list.level.swipedPastMenu(id)
        case let .menuOpened(id):
            list.boundRows[id]?.announceMenu(open: true)
            if focusMenuWhenOpen { list.boundRows[id]?.back?.focusFirstButton() }
            focusMenuWhenOpen = false
        case let .menuClosed(id):
            if let row = list.boundRows[id] {
                row.announceMenu(open: false)
                if row.back?.containsFocus == true { list.focus(id) }
            }
        case let .gap(gap):
            if let gap { list.showGap(gap) } else { list.hideGap() }
        case let .insertItem(index):
            list.startNewRow(at: index)
        case .dragCancelled:
            // The hands settled it (`ListEffect.letGoOfRowDrag` follows where GTK lets go).
            break
        }
    }

    private func startTicking() {
        guard !ticker.isRunning else { return }
        ticker.start { [unowned self] time in
            self.handle(.rowsFrame(time: time))
            return self.controller.needsFrames
        }
    }

    /// `gtk-enable-animations`: off means reduced motion, so moves jump to their end.
    static var animationsEnabled: Bool {
        guard let settings = gtk_settings_get_default() else { return true }
        var value = GValue()
        g_value_init(&value, GType(G_TYPE_BOOLEAN_RAW))
        defer { g_value_unset(&value) }
        g_object_get_property(UnsafeMutablePointer(settings), "gtk-enable-animations", &value)
        return g_value_get_boolean(&value) != 0
    }
}
