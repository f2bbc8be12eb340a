/// The changes that turn one order of row ids into another, as a gesture list applies them: in
/// order, each at the places the ones before it left. Upcoming's rows are its agenda's, made
/// again after every change of its items (a row moves across days, an occurrence comes and
/// goes with its item's due date); spliced in this way, the list keeps its scroll position and
/// focus, which a list made again lost (the view jumped to the focused row).
public enum RowChanges {
    /// The rows that leave, or that are out of order, are taken out bottom up; then, top down,
    /// each place not already holding its row gets it put in; a row in its place is `updated`
    /// (a heading's count, a row's chip). Rows for which `isFixed` holds (Upcoming's headings,
    /// which are always in the same order) are never the ones taken out to reorder: GtkListView
    /// 4.8 keeps the focused row where it is on the screen, so taking out the heading a moved
    /// row passed scrolled the list by a row (found by looking at Alt+Down in Upcoming).
    public static func between(_ old: [Int64], _ new: [Int64], isFixed: (Int64) -> Bool = { _ in false }) -> [ListChange] {
        let staying = inOrder(old, new, isFixed: isFixed)
        var rows: [Int64] = []
        var changes: [ListChange] = []
        for (index, id) in old.enumerated().reversed() where !staying.contains(id) {
            changes.append(.removed(at: index))
        }
        rows = old.filter(staying.contains)
        for (index, id) in new.enumerated() {
            if index < rows.count, rows[index] == id {
                changes.append(.updated(at: index))
            } else {
                rows.insert(id, at: index)
                changes.append(.inserted(at: index))
            }
        }
        return changes
    }

    /// The rows of both orders that can stay where they are, in the same order in both: every
    /// fixed row (the caller's word that they keep their order), and each other row, in the
    /// new order, that comes after the last one kept and before the next fixed one in the old
    /// order. One row moved is the only one taken out.
    private static func inOrder(_ old: [Int64], _ new: [Int64], isFixed: (Int64) -> Bool) -> Set<Int64> {
        var oldIndex: [Int64: Int] = [:]
        for (index, id) in old.enumerated() { oldIndex[id] = index }
        let common = new.filter { oldIndex[$0] != nil }
        // For each place in `common`, the old index of the next fixed row at or after it.
        var nextFixed = [Int](repeating: Int.max, count: common.count + 1)
        for index in common.indices.reversed() {
            nextFixed[index] = isFixed(common[index]) ? oldIndex[common[index]]! : nextFixed[index + 1]
        }
        var staying: Set<Int64> = []
        var last = -1
        for (index, id) in common.enumerated() {
            let at = oldIndex[id]!
            if isFixed(id) || (at > last && at < nextFixed[index + 1]) {
                staying.insert(id)
                last = at
            }
        }
        return staying
    }
}
