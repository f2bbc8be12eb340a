import FlickCore

/// What going to a `Destination` shows, read from the store (`Destination.screen`): a page of
/// its own, made once the read has succeeded, either in the list level in place of the page
/// there (a list's items, Today, Upcoming) or one level below the page shown (an item's
/// subtasks). A screen read whole each time it is gone to (Today, Upcoming) can also be shown by
/// the page already in the list level for its destination (`showAgain`: false when that page
/// cannot take it), which keeps that page's widgets and spare rows (`MainWindow.open`).
@MainActor
enum DestinationScreen {
    case listLevel(make: () -> any Page, showAgain: ((any Page) -> Bool)? = nil)
    case below(make: () -> any Page)
}
