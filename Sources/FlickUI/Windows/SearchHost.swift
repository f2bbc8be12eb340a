import FlickCore

/// What the search needs of the window: the items page that shows its results, and the way
/// back to a list or Today when it ends.
@MainActor
protocol SearchHost: AnyObject {
    var itemsPage: ItemsPage! { get }
    var runner: ChangeRunner { get }
    var store: TodoStore { get }
    /// Commits the edit in progress on any page; false when it could not be saved.
    func commitCurrentEdit() -> Bool
    /// The results in front, in the items page.
    func showItems(_ document: ListDocument)
    /// Where the search ends: the list or Today it began on, or a result's list.
    func go(to destination: Destination)
}
