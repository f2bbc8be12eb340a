/// What a row shows as small markers beside its title: the item has notes, a reminder, or
/// repeats. Read with the row (one integer the query computes), so a row never loads its notes.
public struct ItemMarks: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let notes = ItemMarks(rawValue: 1 << 0)
    public static let reminder = ItemMarks(rawValue: 1 << 1)
    public static let repeats = ItemMarks(rawValue: 1 << 2)

    /// The SQL that computes the marks of an item row, in the bit order above.
    static let selectionSQL = "((notes <> '') | ((reminder IS NOT NULL) << 1) | ((rrule IS NOT NULL) << 2))"
}
