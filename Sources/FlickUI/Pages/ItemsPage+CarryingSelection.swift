import FlickCore

/// Hold and drag on a selected row carries the selection: the other selected rows
/// leave their places while it is lifted (`LiftView`, `CarriedRows`) and the drop puts all of
/// them, in their order, where it was let go, one undoable step whose notice names the count.
/// Carried up to the lists and dropped on one, the whole selection goes there
/// (`move(_:to:)`, as the row menu's Move does on a selected row). Alt+Up and Alt+Down on a
/// selected row carry the selection a place, as a drop one row away would.
extension ItemsPage {
    /// The selection's other open rows, top to bottom, when `id` is in it. Completed rows stay:
    /// they are not lifted (they keep below the open ones, DESIGN 2.7), and a drop among the
    /// open rows would break that. Upcoming has no selection.
    func carriedAlong(with id: Int64) -> [Int64] {
        guard canSelect, selection.count > 1, selection.contains(id) else { return [] }
        return selection.ordered(in: document.items.map(\.id)).filter { $0 != id && canLift($0) }
    }

    /// `ids` together at `index` of the list without them; while completed items sink, no
    /// lower than the last open item that stays (as `move(_:to:)` keeps a single row).
    func moveRows(_ ids: [Int64], togetherTo index: Int) {
        guard canSelect, host.isShown(self), list.commitCurrentEdit() else { return }
        host.runner.run(.many(itemIDs: ids, .moveTogether(toIndex: allowedIndex(index, without: Set(ids)))), on: self)
    }

    /// `index` in the list without `carried`, kept above the completed items while they sink.
    private func allowedIndex(_ index: Int, without carried: Set<Int64>) -> Int {
        let openLeft = document.items.lazy.filter { !$0.isCompleted && !carried.contains($0.id) }.count
        return completedItemsSink ? min(index, openLeft) : index
    }

    /// The keyboard's carry: the rows `id` carries go with it, together and in their order,
    /// `step` places from where it stands among the rows that stay (gathered there, as a drop
    /// gathers them). False when it carries none.
    func carryRows(from id: Int64, by step: Int) -> Bool {
        let along = carriedAlong(with: id)
        guard !along.isEmpty else { return false }
        let carried = Set(along + [id])
        let order = document.items.map(\.id)
        let ids = order.filter(carried.contains)
        let staying = order.filter { !carried.contains($0) }
        let above = order.prefix { $0 != id }.lazy.filter { !carried.contains($0) }.count
        let index = min(max(0, allowedIndex(above + step, without: carried)), staying.count)
        // At the top or the end already: nothing to do, and no notice saying so.
        guard Array(staying[..<index]) + ids + staying[index...] != order else { return true }
        moveRows(ids, togetherTo: index)
        return true
    }
}
