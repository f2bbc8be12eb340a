/// A rule of `ListDocument` found broken by `checkInvariants`: its rows out of their order, or a
/// cache that holds what no row has.
enum ListDocumentViolation: Equatable, CustomStringConvertible {
    /// The row at `index` does not come after the one above it in the list's order (rank, then id).
    case outOfOrder(at: Int)
    /// While completed items sink: the completed row at `completed` is above the open one at `open`.
    case completedAboveOpen(completed: Int, open: Int)
    /// The item is on more than one row.
    case repeatedRow(itemID: Int64)
    /// The item cache holds an item that is on no row.
    case cachedButNotHere(itemID: Int64)
    /// A parent's title is cached for an item that is on no row.
    case parentTitleButNotHere(itemID: Int64)

    var description: String {
        switch self {
        case let .outOfOrder(index): return "row \(index) is not below row \(index - 1) by rank and id"
        case let .completedAboveOpen(completed, open): return "completed row \(completed) is above open row \(open)"
        case let .repeatedRow(id): return "item \(id) is on more than one row"
        case let .cachedButNotHere(id): return "item \(id) is cached but on no row"
        case let .parentTitleButNotHere(id): return "a parent title is cached for item \(id), which is on no row"
        }
    }
}
