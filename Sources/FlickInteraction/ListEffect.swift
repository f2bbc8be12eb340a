/// One thing the hands' answer to an input asks of the views (`ListHands.handle`), each to the
/// view that draws it; in the order given. A gesture that lost the pointer to the input's ends
/// here too, in place of a callback: a pull taken by a pinch settles back (`.pull`), a row drag
/// taken over lets go of GTK's sequence (`.letGoOfRowDrag`) and goes back (`.row`), a lifted row
/// goes back (`.lift`).
public enum ListEffect<ID: Hashable & Sendable>: Sendable, Equatable {
    /// For the rows: offsets, cues, the menu, the gap, a toggle (the list's controller's).
    case row(InteractionEffect<ID>)
    /// For the pulls' view.
    case pull(EdgePullGesture.Effect)
    /// For the pinches: the gap's rows, a spread row, the pinch together.
    case pinch(PinchGesture<ID>.Effect)
    /// For the lifted row's view.
    case lift(LiftGesture<ID>.Effect)
    /// The row drag GTK is following lost the pointer: GTK lets go of its sequence.
    case letGoOfRowDrag
    /// Scroll the list by this many pixels now (down positive): the steps held back while a
    /// touchpad scroll's axis was being decided, which GTK never saw.
    case scrollList(by: Double)
    /// A Ctrl+scroll step of `units` (the pinch's: a notch is one) with the pointer at
    /// `pointerY`: the mouse's pinch, whose gap is still opened by `ListHands.ctrlScrolled`.
    case ctrlScrolled(units: Double, pointerY: Double, time: Double)
    /// The scroll step is used up here: GTK must not scroll by it.
    case scrollUsedUp
    /// The row's drag is the hands': GTK claims its sequence (the list does not scroll by it).
    case claimRowDrag
    /// Not a row's drag: GTK denies its sequence (the list scrolls, a click is a click).
    case denyRowDrag
    /// A long press lifts the row of the item, pressed at (x, y) of the list view: the lift's
    /// view takes out the rows it carries along, measures the lift and answers
    /// (`ListInput.liftPrepared`).
    case prepareLift(ID, x: Double, y: Double)
    /// The lift prepared could not begin after all: the view puts back the rows it took out.
    case liftRefused
    /// A double click at a row's trailing end: the activation the list view brings with it (its
    /// second press) is the trailing end's (`RowEnd`), for this event only.
    case markTrailingEndActivation
    /// A click on the row of the item (one that did not only close an open row): the level's
    /// click, on the row or on its subtasks chip (`onChip`).
    case rowClicked(ID, onChip: Bool)
}
