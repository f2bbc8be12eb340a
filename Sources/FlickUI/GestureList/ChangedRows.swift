import FlickCore

/// The rows one write put in or changed, at their places once the whole write is in: the
/// changes name them in turn, each at its place after the changes before it, so a later
/// removal or insertion above a named row moves it.
enum ChangedRows {
    /// The places in the level after `changes`, or nil for a sort, which may have moved any row.
    static func places(after changes: [ListChange]) -> Set<Int>? {
        var named = Set<Int>()
        for change in changes {
            switch change {
            case let .inserted(at):
                named = inserting(at: at, into: named)
            case let .removed(at):
                named = removing(at: at, from: named)
            case let .moved(from, to):
                named = inserting(at: to, into: removing(at: from, from: named))
            case let .updated(at):
                named.insert(at)
            case .reordered:
                return nil
            }
        }
        return named
    }

    private static func inserting(at place: Int, into named: Set<Int>) -> Set<Int> {
        var moved = Set(named.map { $0 >= place ? $0 + 1 : $0 })
        moved.insert(place)
        return moved
    }

    private static func removing(at place: Int, from named: Set<Int>) -> Set<Int> {
        Set(named.compactMap { $0 == place ? nil : $0 > place ? $0 - 1 : $0 })
    }
}
