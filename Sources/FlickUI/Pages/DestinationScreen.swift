import FlickCore

/// What going to a `Destination` shows, read from the store (`Destination.screen`): a page of
/// its own, made once the read has succeeded, either in the list level in place of the page
/// there (a list's items, Today, Upcoming) or one level below the page shown (an item's
/// subtasks).
@MainActor
enum DestinationScreen {
    case listLevel(make: () -> any Page)
    case below(make: () -> any Page)
}
