/// One row of the Upcoming view: a day's heading, an item as stored, or a later
/// occurrence of a repeating item, which is no copy in the database (tasks.org keeps one VTODO
/// whose DUE moves on; the occurrences after it exist only as its RRULE says).
public enum UpcomingRow: Sendable, Equatable, Hashable {
    /// The heading of what is overdue, above every day.
    case overdueHeading
    /// The heading of a day, `offset` days after today (0 is today).
    case dayHeading(offset: Int)
    case item(id: Int64)
    /// The repeating item `itemID`, as it falls `offset` days after today.
    case occurrence(itemID: Int64, offset: Int)

    /// The row's id in a gesture list, where rows are known by one number. An item keeps its
    /// stored id (positive), so every action on an item's row (complete, postpone, delete,
    /// details) finds it as on any list; headings and occurrences have negative ids of their
    /// own, which no stored item has.
    public var id: Int64 {
        switch self {
        case .overdueHeading: -1
        case let .dayHeading(offset): -2 - Int64(offset)
        case let .item(id): id
        case let .occurrence(itemID, offset): -(Self.firstOccurrenceID + itemID * Self.offsetsPerItem + Int64(offset))
        }
    }

    /// The row an id names; nil for an id no row of Upcoming can have.
    public init?(id: Int64) {
        switch id {
        case 1...: self = .item(id: id)
        case -1: self = .overdueHeading
        case (-1 - Self.offsetsPerItem)...(-2): self = .dayHeading(offset: Int(-2 - id))
        case ...(-Self.firstOccurrenceID - Self.offsetsPerItem):
            let packed = -id - Self.firstOccurrenceID
            self = .occurrence(itemID: packed / Self.offsetsPerItem, offset: Int(packed % Self.offsetsPerItem))
        default: return nil
        }
    }

    /// Room for a day offset in an occurrence's id (the view spans fewer days).
    static let offsetsPerItem: Int64 = 32
    /// Below every heading's id.
    private static let firstOccurrenceID: Int64 = 100

    public var isHeading: Bool {
        switch self {
        case .overdueHeading, .dayHeading: true
        case .item, .occurrence: false
        }
    }
}
