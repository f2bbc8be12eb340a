/// The priorities Flick offers, over iCalendar's PRIORITY numbers (RFC 5545 3.8.1.9): 0 is
/// none, 1 to 4 high, 5 medium, 6 to 9 low. Choosing one writes 1, 5 or 9; a number another
/// program wrote (3, say) is shown as its level and kept until the user chooses another.
public enum ItemPriority: Int, CaseIterable, Sendable {
    case none, low, medium, high

    /// The level of an iCalendar priority; none for 0, out-of-range numbers, and an item whose
    /// iCalendar text has not been read yet (`SchemaV8.unread`).
    public init(icalendar value: Int) {
        switch value {
        case 1...4: self = .high
        case 5: self = .medium
        case 6...9: self = .low
        default: self = .none
        }
    }

    /// The number stored and sent for this level.
    public var icalendarValue: Int {
        switch self {
        case .none: return 0
        case .low: return 9
        case .medium: return 5
        case .high: return 1
        }
    }

    /// The number to store when the user picks this level for an item stored as `current`:
    /// the same one when it already means this level, so picking the shown level changes nothing.
    public func icalendarValue(replacing current: Int) -> Int {
        ItemPriority(icalendar: current) == self && current >= 0 ? current : icalendarValue
    }
}
