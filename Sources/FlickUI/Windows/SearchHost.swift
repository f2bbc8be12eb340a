import FlickCore

/// What the search needs of the window: the page of the list level, which shows its results,
/// and the way back to a list or Today when it ends.
@MainActor
protocol SearchHost: AnyObject {
    /// The list level's page: the results' while they are shown, else what the search began on.
    var listLevelPage: (any Page)? { get }
    var runner: ChangeRunner { get }
    var store: TodoStore { get }
    /// Commits the edit in progress on any page; false when it could not be saved.
    func commitCurrentEdit() -> Bool
    /// A page of these items in front, in the list level (the results, or the list the
    /// search began on).
    func showItems(_ document: ListDocument, as screen: any ItemsScreen)
    /// Where the search ends: the list or Today it began on, or a result's list.
    func go(to destination: Destination)
}
