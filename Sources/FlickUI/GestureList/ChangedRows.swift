import FlickCore

/// The rows one write put in or changed, at their places once the whole write is in: the
/// changes name them in turn, each at its place after the changes before it, so a later
/// removal or insertion above a named row moves it.
enum ChangedRows {
    /// The places in the level after `changes`, or nil for a sort, which may have moved any row.
    /// The places named so far are kept in order, so that a change moves only those below it:
    /// an undo of Clear Completed puts 1,428 rows back top down, each below all named before it,
    /// where a set made again at each change was 0.25 G instructions (callgrind, 10,000 items).
    static func places(after changes: [ListChange]) -> Set<Int>? {
        var named: [Int] = []
        for change in changes {
            switch change {
            case let .inserted(at):
                inserting(at: at, into: &named)
            case let .removed(at):
                removing(at: at, from: &named)
            case let .moved(from, to):
                removing(at: from, from: &named)
                inserting(at: to, into: &named)
            case let .updated(at):
                let index = firstIndex(notBelow: at, in: named)
                if index == named.count || named[index] != at { named.insert(at, at: index) }
            case .reordered:
                return nil
            }
        }
        return Set(named)
    }

    /// A row put in at `place`: those from there on move down one, and it is named.
    private static func inserting(at place: Int, into named: inout [Int]) {
        let index = firstIndex(notBelow: place, in: named)
        for later in index..<named.count { named[later] += 1 }
        named.insert(place, at: index)
    }

    /// The row at `place` gone: it is named no more, and those below it move up one.
    private static func removing(at place: Int, from named: inout [Int]) {
        let index = firstIndex(notBelow: place, in: named)
        if index < named.count, named[index] == place { named.remove(at: index) }
        for later in index..<named.count { named[later] -= 1 }
    }

    /// The index of the first of the ascending `named` that is `place` or below it.
    private static func firstIndex(notBelow place: Int, in named: [Int]) -> Int {
        var low = 0, high = named.count
        while low < high {
            let middle = (low + high) / 2
            if named[middle] < place { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
