/// What an import did.
public struct ImportSummary: Sendable, Equatable {
    /// Items that were not in Flick before.
    public var added = 0
    /// Items Flick had (the same UID) that the file changed.
    public var updated = 0
    /// Items Flick had that the file left as they were, or that were changed in Flick since.
    public var unchanged = 0
    /// The lists the items went to, in the file's order; new ones among them in `createdListIDs`.
    public var listIDs: [Int64] = []
    public var createdListIDs: [Int64] = []

    public init() {}
}
