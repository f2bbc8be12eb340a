/// One user action on the lists themselves, recorded so it can be undone and redone. As with
/// `ListEdit`, positions rather than ranks are recorded.
public enum ListsEdit: Sendable, Equatable {
    /// A list put in place with these items (a new list has none; undoing a delete has all).
    case insert(TodoList, items: [TodoItem], at: Int)
    case delete(TodoList, items: [TodoItem], at: Int)
    case rename(listID: Int64, from: String, to: String)
    case move(listID: Int64, from: Int, to: Int)
    /// These items of the list marked done (the ones that were not yet).
    case completeAll(listID: Int64, itemIDs: [Int64])
    case reopenAll(listID: Int64, itemIDs: [Int64])

    /// The edit that undoes this one.
    var inverse: ListsEdit {
        switch self {
        case let .insert(list, items, index): return .delete(list, items: items, at: index)
        case let .delete(list, items, index): return .insert(list, items: items, at: index)
        case let .rename(id, from, to): return .rename(listID: id, from: to, to: from)
        case let .move(id, from, to): return .move(listID: id, from: to, to: from)
        case let .completeAll(id, itemIDs): return .reopenAll(listID: id, itemIDs: itemIDs)
        case let .reopenAll(id, itemIDs): return .completeAll(listID: id, itemIDs: itemIDs)
        }
    }
}
