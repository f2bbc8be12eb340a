// Items waiting for their start date: shown dimmed below the open items of their
// list, not hidden behind a row of their own, so a list's rows stay its items (the gestures,
// the keys and the counts know no other kind of row) and what waits can still be seen, moved
// and edited. The overview counts them as the open items they are: its count is every open
// row the list shows, dimmed or not, as Complete All completes them all.
extension ListDocument {
    /// Where the item goes when a change of its fields makes it wait for its start: just below
    /// the last other open item of its list, as a completed one settles (`settledIndex`); nil
    /// when it does not begin to wait, is there already, or the rows span lists (Today and a
    /// search keep their own order). Only the change that makes it wait moves it: once waiting,
    /// a row dragged back up stays where it is put.
    func placeOfWaiting(_ itemID: Int64, from old: ItemFields, to new: ItemFields, today: DueDate) -> Int? {
        guard scope.isOneList, let from = index(of: itemID), !items[from].isCompleted else { return nil }
        let day = today.dayNumber
        guard StartRule.waits(start: new.start, due: new.due, isCompleted: false, on: day),
              !StartRule.waits(start: old.start, due: old.due, isCompleted: false, on: day) else { return nil }
        let to = placeBelowLastOtherOpen(leaving: from)
        return to == from ? nil : to
    }
}
