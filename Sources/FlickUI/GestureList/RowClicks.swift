/// What a click on a row does on one list (`GestureList.rowClicks`), once the hands have found
/// it to be a row's click (`ListEffect.rowClicked`): its page says which when it makes the list.
@MainActor
enum RowClicks {
    /// Nothing: a row's click is its gestures' (the selection's taps, a slide's end).
    case ignored
    /// Opens the row, as Enter does (the overview opens a list with one click).
    case activate
    /// Opens the item's subtasks when the click is on its progress chip ("1/4").
    case openSubtasksFromChip((Int64) -> Void)
}
