import FlickCore

/// What a gesture list shows and what its gestures do: a list's items, or the lists overview
/// (DESIGN 1: every screen is one gesture list over a level). Rows are known by their stored
/// id; indices are the level's order, without the placeholder row a gesture list may add.
@MainActor
protocol GestureListLevel: AnyObject {
    var rowCount: Int { get }
    /// Every row's id in order, at once (a list view is filled with 100,000 of them).
    var rowIDs: [Int64] { get }
    func rowID(at index: Int) -> Int64?
    func rowIndex(of id: Int64) -> Int?
    /// What the row at `index` shows, of `count` rows drawn (a placeholder row counted).
    func content(ofRowAt index: Int, drawnAt position: Int, of count: Int) -> RowContent
    /// What the row at `index` would be made from now beside its item, or nil when the level
    /// cannot tell cheaply: a row shown with the same stamp, which a write did not name
    /// (`ChangedRows`), need not be made again to be compared.
    func stamp(ofRowAt index: Int) -> RowStamp?
    /// The text an edit of the row starts with.
    func editableTitle(of id: Int64) -> String?
    /// A rightward drag past the threshold, Space or Ctrl+D: complete or reopen the item,
    /// complete every item of the list.
    func swipedRight(_ id: Int64)
    /// A leftward drag let go past the postpone line, beyond the menu.
    func swipedPastMenu(_ id: Int64)
    /// Whether a leftward drag may go on past the menu to postpone the item.
    func canPostpone(_ id: Int64) -> Bool
    /// What the postpone cue says: where postponing goes ("Tomorrow").
    var postponeWord: String { get }
    /// Delete on the focused row.
    func delete(_ id: Int64)
    /// Whether a long press may lift the row to reorder it.
    func canLift(_ id: Int64) -> Bool
    /// Whether the row slides: it has a menu and a rightward drag does something.
    func canSlide(_ id: Int64) -> Bool
    /// Alt+Up / Alt+Down / Alt+Home / Alt+End, or a dropped row: one move, one transaction.
    func moveRow(_ id: Int64, to index: Int)
    /// Alt+Up / Alt+Down, where a step is not one place: true when the level took it (Upcoming
    /// moves an item a day earlier or later, whatever rows are between).
    func stepRow(_ id: Int64, by step: Int) -> Bool
    /// Alt+Up / Alt+Down / Alt+Home / Alt+End on a row that carries others (a selected row):
    /// true when the level moved them all together, `step` places from where the row is.
    func carryRows(from id: Int64, by step: Int) -> Bool
    /// Enter or a click on a row, when that does more than edit it (a list opens).
    func activate(_ id: Int64) -> Bool
    /// A double-click on the row's trailing end: opens the item's details, where there are any.
    func activateTrailingEnd(_ id: Int64) -> Bool
    /// Whether spreading two fingers on one row opens it (`spreadOpen`): a list on the
    /// overview, an item's subtasks; a spread across two rows opens a gap between them.
    var spreadOpensRow: Bool { get }
    /// Whether a touchpad's spread (which has no points) over this row's middle opens it: a
    /// list on the overview, an item that has subtasks; elsewhere it opens a gap at the nearest
    /// boundary.
    func touchpadSpreadOpens(_ id: Int64) -> Bool
    /// What a spread on one row opens: the list, or the item's subtasks.
    func spreadOpen(_ id: Int64)
    /// Stores the edited title; false when it could not be saved (the editor stays, with
    /// what was typed, and the window says why). An empty title is the level's to handle.
    func commitTitle(_ title: String, of id: Int64) -> Bool
    /// Whether a new row may be opened for typing; when not, the level says why.
    func mayAddRow() -> Bool
    /// Where a new row asked for at `index` opens (an items list keeps it above the completed
    /// items that sink).
    func placeForNewRow(_ index: Int) -> Int
    /// Stores a new row with `title` at `index`: its id, or nil when it could not be saved.
    func commitNewRow(titled title: String, at index: Int) -> Int64?
    /// The rows changed in number (the empty state, the actions that depend on it).
    func rowCountChanged()
    /// Shift+Up / Shift+Down: the selection stretched a row on; false where rows
    /// are not selected (the overview).
    func extendSelection(by step: Int) -> Bool
    /// Ctrl+A: every open row selected.
    func selectAllOpen() -> Bool
    /// Escape: the selection ends; false when there was none.
    func endSelection() -> Bool
    /// A click with Ctrl (toggle the row) or Shift (`extending`: stretch to it) held: whether
    /// the level took it.
    func modifiedClick(_ id: Int64, extending: Bool) -> Bool
    /// Space or Delete while rows are selected: done to all of them; false when none is.
    func actOnSelection(by key: SelectionKey) -> Bool
    /// A long press let go where it lifted the row (`LiftGesture.Effect.heldStill`).
    func heldStill(_ id: Int64)
    /// A tap (`byTouch`) or a click on the row (nothing held, nothing moved).
    func tapped(_ id: Int64, byTouch: Bool)
    /// The other rows a lift of `id` takes with it, in order (a selected row carries
    /// the selection); none for a row outside it.
    func carriedAlong(with id: Int64) -> [Int64]
    /// A lifted row and those it carried (`ids`, in order) dropped at `index` of the list
    /// without them: all of them there, in their order, one undoable step.
    func moveRows(_ ids: [Int64], togetherTo index: Int)
}

/// What a key does to the selected rows (`GestureListLevel.actOnSelection`).
enum SelectionKey {
    case complete
    case delete
}

extension GestureListLevel {
    func stamp(ofRowAt index: Int) -> RowStamp? { nil }
    func canSlide(_ id: Int64) -> Bool { true }
    func swipedPastMenu(_ id: Int64) {}
    func canPostpone(_ id: Int64) -> Bool { false }
    func stepRow(_ id: Int64, by step: Int) -> Bool { false }
    func carryRows(from id: Int64, by step: Int) -> Bool { false }
    var postponeWord: String { "" }
    func mayAddRow() -> Bool { true }
    func placeForNewRow(_ index: Int) -> Int { index }
    func extendSelection(by step: Int) -> Bool { false }
    func selectAllOpen() -> Bool { false }
    func endSelection() -> Bool { false }
    func modifiedClick(_ id: Int64, extending: Bool) -> Bool { false }
    func actOnSelection(by key: SelectionKey) -> Bool { false }
    func heldStill(_ id: Int64) {}
    func tapped(_ id: Int64, byTouch: Bool) {}
    func carriedAlong(with id: Int64) -> [Int64] { [] }
    func moveRows(_ ids: [Int64], togetherTo index: Int) {}
}
