/// What the store tells of changes to what it holds, and all a page hears of them (one
/// door): a commit of this process, with the items and lists it touched and the
/// document that wrote it; a commit of another program to the same file (another Flick, a
/// script), whose ids cannot be known; the end of a run of commits by a writer of this process.
public enum StoreChange: Sendable, Equatable {
    case committed(StoreCommit)
    /// Another program committed to the file: SQLite's data_version moved.
    case otherProgram
    /// A sync, an import or an account's setup or removal ended having changed what the pages
    /// show, its commits told as they came: what a query gathers (Today, Upcoming, a search) is
    /// read again once, not at each commit. A writer that changed nothing tells nothing, and no
    /// page reads (a sync with nothing new from the server, an import of a file Flick has).
    case writerFinished
}
