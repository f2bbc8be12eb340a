import FlickCore

/// What the window's pages hear of the database, and all they hear of it (issue 56: one change
/// stream): a commit of this process's store, with the items and lists it touched; a commit of
/// another program to the same file (another Flick, a script), whose ids cannot be known; the
/// end of a run of commits by another writer of this process. Each page takes it in its own
/// way (`Page.storeChanged`).
enum StoreChange {
    case committed(StoreCommit)
    case elsewhere
    /// A sync or an import ended, its commits taken in as they came: what a query gathers
    /// (Today, Upcoming, a search) is read again once, not at each commit. False when the
    /// sync changed no item (a list's name, or nothing).
    case writerFinished(itemsMayHaveChanged: Bool)
}
