/// One user action on a list, recorded so it can be undone and redone. Positions rather than
/// ranks are recorded, because a renumbering may change every rank in between.
public enum ListEdit: Sendable, Equatable {
    case insert(TodoItem, at: Int)
    case delete(TodoItem, at: Int)
    case rename(itemID: Int64, from: String, to: String)
    case setCompleted(itemID: Int64, from: Bool, to: Bool)
    /// Items of this document completed or reopened at once, each of them `!to`
    /// before: one statement, and one pass over the rows, for any number.
    case setCompletedAll(itemIDs: [Int64], to: Bool)
    /// The item's title, notes, due date, reminder or repeat rule changed.
    case update(itemID: Int64, from: ItemFields, to: ItemFields)
    /// Several items' fields changed at once (a due date, a priority for all of a
    /// selection), item by item as `update`, in one pass over the rows.
    case updateAll(itemIDs: [Int64], from: [ItemFields], to: [ItemFields])
    case move(itemID: Int64, from: Int, to: Int)
    /// Several items removed at once (clearing the completed ones), by ascending position.
    case deleteAll([PlacedItem])
    /// Several items put back at their positions, ascending (undoing `deleteAll`).
    case insertAll([PlacedItem])
    /// The item at `from` of this list moved to the top of another list.
    case moveOut(TodoItem, from: Int, toList: Int64)
    /// The item brought back from another list to `at` of this one (undoing `moveOut`).
    case moveIn(TodoItem, at: Int, fromList: Int64)
    /// Subtasks below an item here (not items of this document) completed or reopened with it
    /// (completing a parent completes its open subtasks, in the same step).
    case setCompletedBelow(itemIDs: [Int64], to: Bool)
    /// Subtasks below an item here deleted with it, kept whole for the undo.
    case deleteBelow([SubtreeItem])
    /// Those subtasks put back (undoing `deleteBelow`).
    case restoreBelow([SubtreeItem])
    /// Subtasks below an item here moved with it from the list `from` to the list `to`.
    case moveBelow(itemIDs: [Int64], from: Int64, to: Int64)
    /// The items `to` names put in that order, in the places they hold (a sort);
    /// `from` is their order before. Ids, not positions: the items keep the set of places
    /// they share, whatever came or went around them since.
    case reorder(from: [Int64], to: [Int64])
    /// Edits applied in order as one step (a completion and the move that sank the item).
    indirect case sequence([ListEdit])

    /// The other list of a move between lists.
    var otherListID: Int64 {
        switch self {
        case let .moveOut(_, _, list), let .moveIn(_, _, list): return list
        default: return -1
        }
    }

    /// The edit that undoes this one.
    var inverse: ListEdit {
        switch self {
        case let .insert(item, index): return .delete(item, at: index)
        case let .delete(item, index): return .insert(item, at: index)
        case let .rename(id, from, to): return .rename(itemID: id, from: to, to: from)
        case let .setCompleted(id, from, to): return .setCompleted(itemID: id, from: to, to: from)
        case let .setCompletedAll(ids, completed): return .setCompletedAll(itemIDs: ids, to: !completed)
        case let .update(id, from, to): return .update(itemID: id, from: to, to: from)
        case let .updateAll(ids, from, to): return .updateAll(itemIDs: ids, from: to, to: from)
        case let .move(id, from, to): return .move(itemID: id, from: to, to: from)
        case let .deleteAll(placed): return .insertAll(placed)
        case let .insertAll(placed): return .deleteAll(placed)
        case let .moveOut(item, index, list): return .moveIn(item, at: index, fromList: list)
        case let .moveIn(item, index, list): return .moveOut(item, from: index, toList: list)
        case let .setCompletedBelow(ids, completed): return .setCompletedBelow(itemIDs: ids, to: !completed)
        case let .deleteBelow(subtree): return .restoreBelow(subtree)
        case let .restoreBelow(subtree): return .deleteBelow(subtree)
        case let .moveBelow(ids, from, to): return .moveBelow(itemIDs: ids, from: to, to: from)
        case let .reorder(from, to): return .reorder(from: to, to: from)
        case let .sequence(edits): return .sequence(edits.reversed().map(\.inverse))
        }
    }
}
