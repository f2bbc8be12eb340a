import FlickCore

/// Hold and drag on a selected row carries the selection (issue 60): the other selected rows
/// leave their places while it is lifted (`LiftView`, `CarriedRows`) and the drop puts all of
/// them, in their order, where it was let go, one undoable step whose notice names the count.
/// Carried up to the lists and dropped on one, the whole selection goes there
/// (`move(_:to:)`, as the row menu's Move does on a selected row).
extension ItemsPage {
    /// The selection's other open rows, top to bottom, when `id` is in it. Completed rows stay:
    /// they are not lifted (they keep below the open ones, DESIGN 2.7), and a drop among the
    /// open rows would break that. Upcoming has no selection.
    func carriedAlong(with id: Int64) -> [Int64] {
        guard agenda == nil, selection.count > 1, selection.contains(id) else { return [] }
        return selection.ordered(in: document.items.map(\.id)).filter { $0 != id && canLift($0) }
    }

    /// `ids` together at `index` of the list without them; while completed items sink, no
    /// lower than the last open item that stays (as `move(_:to:)` keeps a single row).
    func moveRows(_ ids: [Int64], togetherTo index: Int) {
        guard agenda == nil, host.isShown(self), list.commitCurrentEdit() else { return }
        let carried = Set(ids)
        let openLeft = document.items.lazy.filter { !$0.isCompleted && !carried.contains($0.id) }.count
        let index = completedItemsSink ? min(index, openLeft) : index
        host.runner.run(.many(itemIDs: ids, .moveTogether(toIndex: index)), on: self)
    }
}
