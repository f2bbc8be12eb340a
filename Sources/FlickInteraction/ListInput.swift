/// One thing the hands hear on a gesture list, as a value (`ListHands.handle`): what GTK's
/// controllers saw, with its time, its place already turned into the list's terms (the row
/// under the pointer, the list's state) by the view that heard it. Every scroll comes this way,
/// a row's drag from its press to its end, whether it slides the row or carries it lifted, and
/// the pulls' drag, the pinches and Ctrl+scroll's, the window's answers to what a pinch asked of
/// it, the list's presses and clicks, and the lift's steps: its long press, the rows measured for
/// it, the pointer over the window, its frames, Escape.
public enum ListInput<ID: Hashable & Sendable>: Sendable, Equatable {
    /// Fingers came down on the touchpad: a new scroll, whose axis is decided afresh.
    case scrollBegan(list: EdgePullGesture.ListState)
    /// One scroll step over the list, from a touchpad, a wheel or anything else that scrolls.
    case scrolled(ListScrollStep<ID>)
    /// The fingers lifted: a swipe releases its row, a touchpad pull lets go.
    case scrollEnded(time: Double)
    /// A press where a row's drag may begin, on the row of `item` (nil: no row there, or one
    /// that does not slide; `mayPostpone`: dragged past its menu, it postpones), with the list
    /// measured where it does (`ListGeometry`).
    case rowPressed(item: ID?, mayPostpone: Bool = false, isEditing: Bool, time: Double, geometry: ListGeometry?)
    /// The press moved by (dx, dy) from where it began; `pointer` is where it now is in the
    /// lift's terms, for a drag that carries a lifted row.
    case rowDragged(dx: Double, dy: Double, time: Double, pointer: LiftGesture<ID>.Pointer)
    /// The press was let go.
    case rowReleased(time: Double)
    /// The press was held still long enough to lift its row: `item`, if it may be lifted (nil: no
    /// row there, one that does not move, a title being typed), pressed at (x, y) of the list
    /// view, handed back to the view that measures the lift (`ListEffect.prepareLift`).
    case longPressed(item: ID?, x: Double, y: Double)
    /// The lift's view took out the rows the lift carries along and measured it: the answer to
    /// `ListEffect.prepareLift`.
    case liftPrepared(LiftStart<ID>)
    /// The pointer moved over the window, outside the list (GTK tells the row's drag only over
    /// the list): a lifted row follows it.
    case liftPointerMoved(LiftGesture<ID>.Pointer, time: Double)
    /// The button or finger went up where the row's drag did not hear it (over the header bar):
    /// a lifted row drops as if let go over the list.
    case liftPointerReleased
    /// Escape, or the list changing under the lifted row: it goes back.
    case liftCancelled
    /// A frame of the list's frame clock at `time` (seconds) while a row is lifted in it, the
    /// list's viewport `viewportHeight` tall: near an edge the list scrolls by itself.
    case liftFrame(time: Double, viewportHeight: Double)
    /// The list scrolled under the lifted row, to `scroll`: the row keeps to the pointer.
    case liftListScrolled(to: Double)
    /// GTK cancelled the drag (another gesture claimed its sequence, a window opened on top).
    case rowDragCancelled
    /// A press on the box around the list, where a pull's drag may begin (a touch, a mouse).
    case pullPressed
    /// The pull's drag moved by (dx, dy) from its press, with the list's state.
    case pullDragged(dx: Double, dy: Double, list: EdgePullGesture.ListState)
    /// The pull's drag was let go.
    case pullReleased
    /// GTK cancelled the pull's drag.
    case pullDragCancelled
    /// A pinch began (two touch points, or a touchpad's), with the rows under it.
    case pinchBegan(PinchGesture<ID>.Start, time: Double)
    /// The pinch moved: its points and its scale (1 when it began); `levelAbove`: a pinch
    /// together has a level to go up to.
    case pinchMoved(upperY: Double, lowerY: Double, scale: Double, time: Double, levelAbove: Bool)
    /// The fingers lifted.
    case pinchEnded(time: Double)
    /// GTK cancelled the pinch (its sequences were taken, the grab broke).
    case pinchCancelled
    /// A Ctrl+scroll step of `units` (a notch is one, down positive) with the pointer nearest
    /// row boundary `boundary`: the mouse's pinch, where no pinch events arrive.
    case ctrlScrolled(units: Double, boundary: Int, time: Double, levelAbove: Bool)
    /// The window's answer to what the last pinch step asked (`PinchGesture.Effect.request`):
    /// whether it was done, and the list as measured once it was (a title saved may have added
    /// a row). The step asking is taken again with it.
    case answered(PinchRequest, granted: Bool, geometry: ListGeometry? = nil)
    /// Time reached the hands' next deadline (`ListHands.nextDeadline`), brought by the view's
    /// one timer: a wheel pull or Ctrl+scroll whose steps stopped ends, a row held at the back
    /// button goes up.
    case timeReached(Double)
    /// The list was read again under the hands: everything they were doing stops at once, and
    /// open rows close.
    case listReadAgain
    /// The list's measures changed (its width, its rows, the text direction).
    case measured(ListGeometry)
    /// A row's menu is asked for without a drag (a right click, the Menu key), with the list
    /// measured for it.
    case menuRequested(ID, geometry: ListGeometry)
    /// The open row's menu is to close (Escape, an action done).
    case menuDismissed
    /// Every open row closes, and a row's drag not yet decided ends (the list scrolled, a page
    /// left, an edit began).
    case rowsClosed
    /// The item left the list.
    case itemRemoved(ID)
    /// A frame of the list's frame clock at `time` (seconds) while the rows move by themselves.
    case rowsFrame(time: Double)
    /// A primary press heard before every other gesture on the list (the capture phase):
    /// `presses` in a row (2 for a double click), at a row's trailing end (`RowEnd`) or not.
    case rowEndPressed(presses: Int, atTrailingEnd: Bool)
    /// A press of any button, heard in the capture phase after the rows' Ctrl and Shift clicks,
    /// on the open row (its front or its menu) or not.
    case pressed(onOpenRow: Bool)
    /// A primary press heard after the rows' gestures (the bubble phase): the click's start.
    case clickPressed
    /// That click let go: `presses` in a row, over the row of `item` (nil: none), on the row's
    /// subtasks chip or not, while a title is typed or not.
    case clickReleased(item: ID?, presses: Int, onChip: Bool, isEditing: Bool)
}
