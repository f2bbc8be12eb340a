@preconcurrency import CGtk
import FlickInteraction
import GestureShim

/// Hands a gesture list's GTK input to the pure list controller and applies the effects it
/// returns to the row widgets and the level. Animations run on the list view's frame clock while the
/// controller needs frames.
@MainActor
final class InteractionDriver {
    let controller = ListInteractionController<Int64>()
    private unowned let list: GestureList
    /// Runs the controller's animations while it needs frames.
    private lazy var ticker = FrameTicker(widget: list.listView)
    /// The gesture of the drag being tracked, to claim or deny its sequence.
    private var trackedGesture: OpaquePointer?
    /// The pointer's last position over the list (list view coordinates), where Ctrl+scroll
    /// and a touchpad pinch open their gap.
    var pointerY = 0.0
    /// Set when a menu is opened from the keyboard, so focus moves into it once open.
    private var focusMenuWhenOpen = false
    /// Who takes a pinch together (a list's items go up to the overview); nil where there is
    /// no level above.
    weak var levelPinchHandler: (any LevelPinchHandler)?
    /// The pinch together in progress, once a pinch (or Ctrl+scroll down) has become one.
    private var levelPinch: LevelPinch?
    /// The row both fingers of a touch pinch are on: spreading them opens it, where the level
    /// opens rows (a list on the overview).
    private var spreadRowID: Int64?
    private let tuning = InteractionTuning()

    init(list: GestureList) {
        self.list = list
    }

    /// The row menu's width as last measured; every row's menu has the same buttons.
    private var menuWidth = 0.0

    /// Called whenever sizes, the row count or the text direction may have changed; pass the
    /// menu's width when a row is at hand to measure it.
    func updateGeometry(menuWidth measured: Double? = nil) {
        if let measured { menuWidth = measured }
        let listView = list.listView
        let geometry = ListGeometry(
            rowWidth: Double(gtk_widget_get_width(listView)),
            rowHeight: Double(AppStyle.rowHeight),
            menuWidth: menuWidth,
            rowCount: list.level.rowCount,
            isRightToLeft: gtk_widget_get_direction(listView) == GTK_TEXT_DIR_RTL)
        controller.animationsEnabled = Self.animationsEnabled
        apply(controller.configure(geometry: geometry))
    }

    // MARK: Row drags

    func dragBegan(on row: RowWidget, gesture: OpaquePointer, x: Double, y: Double, time: Double) {
        // A press whose drag never told its end (none should) does not keep the pointer.
        if trackedGesture == nil { list.gestures.end(.slide) }
        guard let id = row.itemID, !list.isEditing, list.level.canSlide(id), list.gestures.begin(.slide).isGranted else {
            flick_gesture_deny(gesture)
            return
        }
        (dragStartX, dragStartY) = (x, y)
        updateGeometry(menuWidth: list.backViews.menuWidth)
        trackedGesture = gesture
        apply(controller.dragBegan(item: id, time: time))
    }

    func dragUpdated(gesture: OpaquePointer, dx: Double, dy: Double, time: Double) {
        if liftGesture == gesture { return list.lifter.moved(toX: dragStartX + dx, y: dragStartY + dy) }
        guard trackedGesture == gesture else { return }
        let response = controller.dragUpdated(dx: dx, dy: dy, time: time)
        switch response.decision {
        case .claimed: flick_gesture_claim(gesture)
        case .denied: flick_gesture_deny(gesture)
        case .undecided: break
        }
        apply(response.effects)
        if response.decision == .denied { stopTracking() }
    }

    /// The row drag being tracked has ended, one way or another.
    private func stopTracking() {
        trackedGesture = nil
        list.gestures.end(.slide)
    }

    func dragEnded(gesture: OpaquePointer, time: Double) {
        if liftGesture == gesture {
            liftGesture = nil
            return list.lifter.drop()
        }
        guard trackedGesture == gesture else { return }
        stopTracking()
        apply(controller.dragEnded(time: time))
    }

    func dragCancelled(gesture: OpaquePointer) {
        if liftGesture == gesture { return cancelLift() }
        guard trackedGesture == gesture else { return }
        stopTracking()
        apply(controller.dragCancelled())
    }

    // MARK: Hold and drag

    /// Where the drag being tracked began (list view coordinates).
    private var dragStartX = 0.0
    private var dragStartY = 0.0
    /// The drag that carries a lifted row.
    private var liftGesture: OpaquePointer?

    /// A long press at (x, y): the row there is lifted, if the press began a drag that has
    /// not yet become a slide, and the drag now carries it.
    func longPressed(atX x: Double, y: Double) {
        guard let gesture = trackedGesture, controller.openItem == nil, list.lifter.begin(atX: x, y: y) else { return }
        trackedGesture = nil
        apply(controller.dragCancelled())
        liftGesture = gesture
        flick_gesture_claim(gesture)
    }

    /// The button or finger went up somewhere the drag no longer heard it (over the header
    /// bar): the lifted row drops as if released over the list.
    func liftReleasedElsewhere() {
        guard list.lifter.isLifted else { return }
        liftGesture = nil
        list.lifter.drop()
    }

    /// Escape, a pinch or a cancelled sequence: the lifted row goes back.
    func cancelLift() {
        liftGesture = nil
        list.lifter.cancel()
    }

    // MARK: Pinches

    /// Whether the pinch in progress has two touch points (touchscreen) or only a scale
    /// (touchpad).
    private var pinchHasPoints = false

    func pinchBegan(hasPoints: Bool, upperY: Double, lowerY: Double, time: Double) {
        // A touchpad swipe moving a row keeps the pointer; a lift, a pull or a drag gives it up.
        endLevelPinch(.springBack)
        guard list.gestures.begin(.pinch).isGranted else { return }
        cancelLift()
        // The gap takes the place of a new item being typed: that edit is saved first, and
        // if it cannot be, the pinch does nothing (its updates find the controller idle).
        guard list.commitCurrentEdit() else { return }
        closeAll()
        updateGeometry()
        pinchHasPoints = hasPoints
        spreadRowID = nil
        if hasPoints {
            let upper = list.rowPosition(atY: upperY)?.index
            let lower = list.rowPosition(atY: lowerY)?.index
            if let upper, upper == lower, list.level.spreadOpensRow { spreadRowID = list.level.rowID(at: upper) }
            apply(controller.pinchBegan(upperIndex: upper, lowerIndex: lower, upperY: upperY, lowerY: lowerY,
                                        time: time))
        } else if let (index, fraction) = list.rowPosition(atY: upperY), (0.25...0.75).contains(fraction),
                  let id = list.level.rowID(at: index), list.level.touchpadSpreadOpens(id) {
            // A touchpad has no points: the pointer over a row's middle spreads on that row; near
            // a boundary it opens a gap there. No gap opens meanwhile (an index outside the list).
            spreadRowID = id
            apply(controller.touchpadPinchBegan(boundaryIndex: -1, time: time))
        } else {
            apply(controller.touchpadPinchBegan(boundaryIndex: list.boundary(nearY: upperY), time: time))
        }
    }

    func pinchUpdated(upperY: Double, lowerY: Double, scale: Double, time: Double) {
        guard list.gestures.owns(.pinch) || levelPinch != nil else { return }
        if followLevelPinch(scale: scale, time: time) { return }
        if let id = spreadRowID, scale > tuning.spreadOpenScale {
            spreadRowID = nil
            apply(controller.pinchCancelled())
            list.level.spreadOpen(id)
            return
        }
        if pinchHasPoints {
            apply(controller.pinchUpdated(upperY: upperY, lowerY: lowerY, time: time))
        } else {
            apply(controller.touchpadPinchUpdated(scale: scale, time: time))
        }
    }

    func pinchEnded(time: Double) {
        if let levelPinch { return endLevelPinch(levelPinch.outcome) }
        guard list.gestures.owns(.pinch) else { return }
        list.gestures.end(.pinch)
        apply(controller.pinchEnded(time: time))
    }

    func pinchCancelled() {
        if levelPinch != nil { return endLevelPinch(.springBack) }
        guard list.gestures.owns(.pinch) else { return }
        list.gestures.end(.pinch)
        apply(controller.pinchCancelled())
    }

    // MARK: Pinch together

    /// Feeds a pinch's scale to the pinch together, which it becomes once the fingers have
    /// closed past the jitter while no gap is open; true while it is one.
    private func followLevelPinch(scale: Double, time: Double) -> Bool {
        if levelPinch == nil {
            guard let handler = levelPinchHandler, LevelPinch.begins(atScale: scale),
                  controller.currentGap == nil, list.gestures.mayBegin(.levelPinch), handler.levelPinchBegan() else { return false }
            apply(controller.pinchCancelled())
            list.gestures.begin(.levelPinch)
            levelPinch = LevelPinch(source: .pinch)
        }
        levelPinch?.update(scale: scale, time: time)
        if let levelPinch { levelPinchHandler?.levelPinchMoved(progress: levelPinch.progress) }
        return true
    }

    /// Ctrl+scroll down with no gap open: the mouse's pinch together. True when the step
    /// went to it.
    private func scrollLevelPinch(deltaY: Double, time: Double) -> Bool {
        if levelPinch == nil {
            guard !ctrlScrollQuiet.isPending, deltaY > 0, let handler = levelPinchHandler,
                  list.gestures.mayBegin(.levelPinch), handler.levelPinchBegan() else { return false }
            list.gestures.begin(.levelPinch)
            levelPinch = LevelPinch(source: .ctrlScroll)
        }
        levelPinch?.scroll(deltaY: deltaY, time: time)
        if let levelPinch { levelPinchHandler?.levelPinchMoved(progress: levelPinch.progress) }
        return true
    }

    private func endLevelPinch(_ outcome: LevelPinch.Outcome) {
        guard let ended = levelPinch else { return }
        levelPinch = nil
        list.gestures.end(.levelPinch)
        levelPinchHandler?.levelPinchEnded(outcome, progress: ended.progress, velocity: ended.progressVelocity)
    }

    /// Ctrl+scroll, where no pinch events arrive (X11, mouse): the gap opens at the pointer
    /// and the gesture ends when the scrolling stops.
    func ctrlScroll(deltaY: Double, pointerY: Double, time: Double) {
        if scrollLevelPinch(deltaY: deltaY, time: time) {
            restartCtrlScrollTimer(time: time)
            return
        }
        if !ctrlScrollQuiet.isPending {
            guard list.gestures.mayBegin(.pinch), list.commitCurrentEdit() else { return }
            list.gestures.begin(.pinch)
            cancelLift()
            closeAll()
            updateGeometry()
        }
        guard list.gestures.owns(.pinch) else { return }
        apply(controller.ctrlScroll(boundaryIndex: list.boundary(nearY: pointerY), deltaY: deltaY, time: time))
        restartCtrlScrollTimer(time: time)
    }

    /// Ctrl+scroll has no release: the gesture ends when no step came for a while.
    private func restartCtrlScrollTimer(time: Double) {
        ctrlScrollQuiet.restart(after: tuning.scrollQuietS) { [weak self] in self?.ctrlScrollStopped(lastStep: time) }
    }

    private func ctrlScrollStopped(lastStep time: Double) {
        if let levelPinch, levelPinch.source == .ctrlScroll { return endLevelPinch(levelPinch.outcome) }
        list.gestures.end(.pinch)
        apply(controller.ctrlScrollStopped(time: time + tuning.scrollQuietS))
    }

    private let ctrlScrollQuiet = Timeout()

    // MARK: Touchpad swipes

    /// The accumulated horizontal movement of a touchpad two-finger swipe over a row, fed to
    /// the controller as a drag that is horizontal from the start.
    private var touchpadSwipeDX: Double?

    /// A touchpad scroll step; returns true when it moved a row (and must not scroll the list).
    func touchpadScroll(dx: Double, dy: Double, pointerY: Double, time: Double) -> Bool {
        if touchpadSwipeDX == nil {
            guard abs(dx) > abs(dy), list.gestures.owner == nil, !list.isEditing,
                  let index = list.rowPosition(atY: pointerY)?.index,
                  let id = list.level.rowID(at: index), list.level.canSlide(id) else { return false }
            list.gestures.begin(.touchpadSwipe)
            updateGeometry(menuWidth: list.backViews.menuWidth)
            touchpadSwipeDX = 0
            apply(controller.dragBegan(item: id, time: time, preClaimed: true))
        }
        // Scroll deltas point where the content would scroll: the row moves the other way.
        touchpadSwipeDX! -= dx
        apply(controller.dragUpdated(dx: touchpadSwipeDX!, dy: 0, time: time).effects)
        return true
    }

    func touchpadScrollEnded(time: Double) {
        guard touchpadSwipeDX != nil else { return }
        touchpadSwipeDX = nil
        list.gestures.end(.touchpadSwipe)
        apply(controller.dragEnded(time: time))
    }

    // MARK: Other ways

    func openMenu(_ id: Int64, fromKeyboard: Bool) {
        guard list.level.canSlide(id) else { return }
        updateGeometry(menuWidth: list.backViews.menuWidth)
        focusMenuWhenOpen = fromKeyboard
        apply(controller.openMenu(item: id))
    }

    func closeMenu() {
        apply(controller.closeMenu())
    }

    func closeAll() {
        guard controller.openItem != nil || !controller.isIdle else { return }
        apply(controller.closeAll())
    }

    func itemRemoved(_ id: Int64) {
        apply(controller.itemRemoved(id))
    }

    /// Shows the controller's state for `id` on a row that was just (re)bound to it.
    func restore(_ row: RowWidget, id: Int64) {
        row.apply(controller.appearance(of: id))
    }

    // MARK: Effects

    func apply(_ effects: [InteractionEffect<Int64>]) {
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
            if let trackedGesture { flick_gesture_deny(trackedGesture) }
            stopTracking()
            if touchpadSwipeDX != nil { list.gestures.end(.touchpadSwipe) }
            touchpadSwipeDX = nil
        }
    }

    private func startTicking() {
        guard !ticker.isRunning else { return }
        ticker.start { [unowned self] time in
            self.apply(self.controller.advance(to: time))
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
