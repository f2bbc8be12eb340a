import FlickCore

/// Puts a list's items in the order Flick keeps them: each parent followed by its subtasks
/// (depth first), siblings in the source's order, and numbers that order into sort orders.
/// A parent the list does not hold, or a loop of parents (GTG's subtask links can make one),
/// leaves the item at the top level rather than losing it.
enum ArrivalTree {
    /// The gap between two items' sort orders: Flick's own spacing, so that items moved between
    /// imported ones later find room without renumbering the list.
    static let spacing = SparseRank.spacing

    static func ordered(_ items: [ImportedItem]) -> [ImportedItem] {
        let uids = Set(items.map(\.uid))
        var children: [String: [ImportedItem]] = [:]
        var roots: [ImportedItem] = []
        for item in items {
            if let parent = item.parentUID, parent != item.uid, uids.contains(parent) {
                children[parent, default: []].append(item)
            } else {
                var root = item
                root.parentUID = nil
                roots.append(root)
            }
        }
        var result: [ImportedItem] = []
        var placed = Set<String>()
        func place(_ item: ImportedItem) {
            guard placed.insert(item.uid).inserted else { return }
            result.append(item)
            for child in children[item.uid] ?? [] { place(child) }
        }
        roots.forEach(place)
        // What is left hangs in a loop of parents: at the top level, in the source's order.
        for item in items where !placed.contains(item.uid) {
            var loose = item
            loose.parentUID = nil
            place(loose)
        }
        return result.enumerated().map { index, item in
            var numbered = item
            numbered.sortOrder = Int64(index + 1) * spacing
            return numbered
        }
    }
}
