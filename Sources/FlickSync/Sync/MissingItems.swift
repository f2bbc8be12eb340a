/// Items that a calendar no longer has, when most of its items went at once: kept here, with
/// nothing deleted, until the user says what to do. A server that was wiped, replaced
/// or restored from an old backup answers at the same address with far fewer items; taking that
/// as deletions emptied the list (Radicale, its calendar deleted and made again: 59 of 60 items
/// gone from Flick, and `flick --sync` exited 0).
public struct MissingItems: Sendable, Equatable {
    /// The fewest missing items that are asked about: one or two deleted on another device is
    /// an ordinary sync, whatever the list's size.
    static let fewestAsked = 3

    /// How many items the server no longer has, of how many it had.
    public var missing: Int
    public var known: Int
    /// The first few of their titles, to name them in the question.
    public var titles: [String]

    public init(missing: Int, known: Int, titles: [String]) {
        self.missing = missing
        self.known = known
        self.titles = titles
    }

    /// Whether `missing` of the `known` resources gone is more than deletions: most of them,
    /// and not just one or two.
    static func isForgetting(missing: Int, known: Int) -> Bool {
        missing >= fewestAsked && missing * 2 > known
    }
}
