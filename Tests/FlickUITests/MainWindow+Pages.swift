@testable import FlickUI

/// The window's pages by kind, for the tests that look inside them: the window itself keeps
/// none by name (its `PageStack` holds them as `Page`s).
@MainActor
extension MainWindow {
    /// The lists overview, the stack's bottom page.
    var listsPage: ListsPage { pages.bottom as! ListsPage }
    /// The list level's page of items (a list's, Today's, Upcoming's or a search's): another
    /// one after each destination of that level.
    var itemsPage: ItemsPage! { pages.listLevelPage as? ItemsPage }
}
