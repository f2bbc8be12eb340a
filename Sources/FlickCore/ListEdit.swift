/// One user action on a list, recorded so it can be undone and redone. Positions rather than
/// ranks are recorded, because a renumbering may change every rank in between.
public enum ListEdit: Sendable, Equatable {
    case insert(TodoItem, at: Int)
    case delete(TodoItem, at: Int)
    case rename(itemID: Int64, from: String, to: String)
    case setCompleted(itemID: Int64, from: Bool, to: Bool)
    case move(itemID: Int64, from: Int, to: Int)
    /// Several items removed at once (clearing the completed ones), by ascending position.
    case deleteAll([PlacedItem])
    /// Several items put back at their positions, ascending (undoing `deleteAll`).
    case insertAll([PlacedItem])

    /// The edit that undoes this one.
    var inverse: ListEdit {
        switch self {
        case let .insert(item, index): return .delete(item, at: index)
        case let .delete(item, index): return .insert(item, at: index)
        case let .rename(id, from, to): return .rename(itemID: id, from: to, to: from)
        case let .setCompleted(id, from, to): return .setCompleted(itemID: id, from: to, to: from)
        case let .move(id, from, to): return .move(itemID: id, from: to, to: from)
        case let .deleteAll(placed): return .insertAll(placed)
        case let .insertAll(placed): return .deleteAll(placed)
        }
    }
}
