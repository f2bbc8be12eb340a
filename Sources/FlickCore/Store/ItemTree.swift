/// Which subtasks of a list are shown at its top level although they name a parent:
/// those whose parent is not in the list (it may come later, or never), and one item of each
/// loop of parents (A's parent B, B's parent A), which iCalendar cannot forbid a file to say.
/// Every other subtask is reached from a top-level item through its parents, so nothing a
/// file or a server brings is out of reach.
public enum ItemTree {
    /// - Parameter parents: each item of the list that names a parent, with its parent's id in
    ///   the list, nil when no item of the list has that UID. Items that name none are roots.
    /// - Returns: the ids to show at the top level: missing parents', and the smallest id of
    ///   each loop.
    public static func promoted(_ parents: [Int64: Int64?]) -> Set<Int64> {
        var promoted: Set<Int64> = []
        var settled: Set<Int64> = []
        for start in parents.keys.sorted() where !settled.contains(start) {
            var path: [Int64] = []
            var onPath: Set<Int64> = []
            var current = start
            while true {
                if settled.contains(current) { break }
                if onPath.contains(current) {
                    // A loop: from where `current` first appears on the path to its end.
                    let loop = path[path.firstIndex(of: current)!...]
                    promoted.insert(loop.min()!)
                    break
                }
                guard let entry = parents[current] else { break }  // A root: no parent named.
                path.append(current)
                onPath.insert(current)
                guard let parent = entry else {
                    promoted.insert(current)  // Its parent is not in the list.
                    break
                }
                current = parent
            }
            settled.formUnion(path)
        }
        return promoted
    }
}
