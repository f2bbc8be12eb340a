/// How a list's ordered items changed, so a view can update just the rows concerned.
public enum ListChange: Sendable, Equatable {
    case inserted(at: Int)
    case removed(at: Int)
    case moved(from: Int, to: Int)
    case updated(at: Int)
    /// The rows in this range are the same rows as before, in a new order (a sort):
    /// one change for what would be thousands of moves.
    case reordered(Range<Int>)
}

extension ListChange {
    /// Whether rows leave their places (an open row's menu then closes).
    public var removesOrMovesRows: Bool {
        switch self {
        case .removed, .moved, .reordered: return true
        case .inserted, .updated: return false
        }
    }

    /// Whether rows come, go or move: what a recorded position counts on.
    public var placesRows: Bool {
        switch self {
        case .inserted, .removed, .moved, .reordered: return true
        case .updated: return false
        }
    }

    /// The same change with every position moved by `offset` (rows shown above the items).
    public func shifted(by offset: Int) -> ListChange {
        switch self {
        case let .inserted(at): return .inserted(at: at + offset)
        case let .removed(at): return .removed(at: at + offset)
        case let .moved(from, to): return .moved(from: from + offset, to: to + offset)
        case let .updated(at): return .updated(at: at + offset)
        case let .reordered(rows): return .reordered((rows.lowerBound + offset)..<(rows.upperBound + offset))
        }
    }
}
