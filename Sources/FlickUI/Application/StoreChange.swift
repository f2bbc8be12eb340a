import FlickCore

/// What the window's pages hear of the database (issue 56: one change stream): a commit of
/// this process's store, with the items and lists it touched, or a commit of another program
/// to the same file (another Flick, a script), whose ids cannot be known. Each page takes it
/// in its own way (`Page.storeChanged`).
enum StoreChange {
    case committed(StoreCommit)
    case elsewhere
}
