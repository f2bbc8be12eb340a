import FlickCore

/// What going to a `Destination` shows, read from the store (`Destination.screen`): a document
/// in the list level, in place of what it shows (a list's items, Today; Upcoming, with its
/// agenda's entries from the same read), or a page of its own, placed one level below the page shown (an item's
/// subtasks). The page is made once the read has succeeded.
@MainActor
enum DestinationScreen {
    case listLevel(ListDocument, agenda: [UpcomingEntry]? = nil)
    case below(make: () -> any Page)
}
