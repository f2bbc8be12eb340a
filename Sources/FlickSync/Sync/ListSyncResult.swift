import FlickCore

/// What one sync of one list did.
public struct ListSyncResult: Sendable, Equatable {
    /// Items sent (created or changed on the server) and deletions sent.
    public var sent = 0
    public var deleted = 0
    /// Items added or changed, and removed, from the server's side.
    public var received = 0
    public var removed = 0
    /// Properties both sides changed differently: the later change was kept.
    public var conflicts: [FieldConflict] = []
    /// Local changes the server refused: the server's version was restored.
    public var refused = 0
    /// Whether the account may only read the calendar, as far as Flick knows: only then is a
    /// refusal said to be for that (a 403 has other causes, a quota or a rule of the server's).
    public var calendarIsReadOnly = false
    /// Items moved into this list that its calendar refused: each is back in the list it came
    /// from, and still on the server there.
    public var returnedMoves: [ReturnedMove] = []
    /// Resources the server holds that are not readable iCalendar; left alone.
    public var unreadable: Int { unreadableHrefs.count }
    /// Those resources: one met twice in a sync (a merge's GET, then the pull) counts once.
    public var unreadableHrefs: Set<String> = []
    /// Most of the list's items gone from the server at once, kept here until the user answers
    /// (nil when nothing is held).
    public var missingItems: MissingItems?
    /// Items the server had lost, sent to it again as the user asked.
    public var putBack = 0
    /// Items whose copy on the server was older than the one both sides had agreed on (a
    /// server restored from an old backup): Flick's newer version was kept and sent again.
    public var olderCopiesReplaced = 0
    /// Local changes whose text the server would not store (415, a 412 whose condition held, a
    /// calendar that takes no tasks): kept here and in the outbox, one entry per item.
    public var notKept: [NotKeptItem] = []
    /// Properties Flick sent that the server did not keep (RELATED-TO, X-…), sorted: the items
    /// keep them here; the server, and the other devices, do not have them.
    public var droppedProperties: [String] = []
    /// Whether the collection had not changed (the pull cost one request).
    public var wasIdle = false

    public init() {}
}
