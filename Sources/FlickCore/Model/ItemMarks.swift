/// What a row shows as small markers beside its title: the item has notes, a reminder, repeats,
/// a high priority or tags. Kept in the row as one integer (`item.marks`, which triggers keep
/// in step with the notes, reminder, rule, priority and tags), so a row never loads its notes.
public struct ItemMarks: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let notes = ItemMarks(rawValue: 1 << 0)
    public static let reminder = ItemMarks(rawValue: 1 << 1)
    public static let repeats = ItemMarks(rawValue: 1 << 2)
    /// iCalendar's priority 1 to 4, which RFC 5545 calls high (schema v9).
    public static let highPriority = ItemMarks(rawValue: 1 << 3)
    /// The item has tags; a row reads them when it shows the item (schema v9).
    public static let tags = ItemMarks(rawValue: 1 << 4)

    /// How many bits the marks take in `item.marks`.
    static let bitCount = 5

    /// The column rows read.
    static let selectionSQL = "item.marks"

    /// The SQL that computes the marks of the item row `row` (`new` in a trigger), in the bit
    /// order above.
    static func computedSQL(of row: String) -> String {
        "(\(v2ComputedSQL(of: row)) | ((\(row).priority BETWEEN 1 AND 4) << 3) | ((\(row).tags IS NOT NULL) << 4))"
    }

    /// The marks as schema v2 computed them, before items had a priority and tags: v2's
    /// migration keeps using it, since those columns do not exist yet when it runs.
    static func v2ComputedSQL(of row: String) -> String {
        "((\(row).notes <> '') | ((\(row).reminder IS NOT NULL) << 1) | ((\(row).rrule IS NOT NULL) << 2))"
    }
}
