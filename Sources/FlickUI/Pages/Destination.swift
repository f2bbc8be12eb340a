/// Where the window can go, as a value: what a click, a key, a pull or a search result asks
/// for, and what Retry asks for again when reading the place failed (`MainWindow.go(to:)`).
/// A page says which one it shows (`Page.destination`), so going back to it (a carry put
/// back, Alt+Right) is going there again.
enum Destination: Equatable {
    /// The lists overview, at the bottom of the stack.
    case overview
    /// A list's items, one level below the overview.
    case list(Int64)
    /// What is due today or before, from every list, in place of a list.
    case today
    /// An item's subtasks, one level below the page shown (issue 32); `title` is the item's,
    /// for the header.
    case subtasks(of: Int64, titled: String)
    /// A search's result: its list opened, with the item focused at its own level (issue 9).
    case searchResult(Int64, inList: Int64)
}
