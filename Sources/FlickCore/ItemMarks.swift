/// What a row shows as small markers beside its title: the item has notes, a reminder, or
/// repeats. Kept in the row as one integer (`item.marks`, which triggers keep in step with the
/// notes, reminder and rule), so a row never loads its notes.
public struct ItemMarks: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let notes = ItemMarks(rawValue: 1 << 0)
    public static let reminder = ItemMarks(rawValue: 1 << 1)
    public static let repeats = ItemMarks(rawValue: 1 << 2)

    /// The column rows read.
    static let selectionSQL = "item.marks"
    /// The SQL that computes the marks of the item row `row` (`new` in a trigger), in the bit
    /// order above.
    static func computedSQL(of row: String) -> String {
        "((\(row).notes <> '') | ((\(row).reminder IS NOT NULL) << 1) | ((\(row).rrule IS NOT NULL) << 2))"
    }
}
