import GRDB

/// A stored row with a sparse rank that orders it among its siblings (an item in its list, a
/// list among the lists), so that one `RankAllocator` places both.
public protocol RankedRecord: MutablePersistableRecord {
    var rank: Int64 { get set }
}

extension TodoItem: RankedRecord {}
extension TodoList: RankedRecord {}
