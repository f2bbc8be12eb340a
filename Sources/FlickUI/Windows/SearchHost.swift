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
    /// A list by its id, or Today with nil.
    func open(listID: Int64?)
    /// Focuses an item of the list shown, opening the subtask levels above it if it is a subtask.
    func reveal(_ itemID: Int64)
}
