import FlickCore

/// What the window's keys and menus ask of the page shown, beyond undo and a new row
/// (`Page.perform(_:)`): the page acts on its focused row or its selection, and a page that
/// has no such action ignores it (Sort on the overview, Rename List on a list's items). The
/// window greys out what the page shown cannot do (`Page.canSort`, `canClearCompleted`).
enum PageAction {
    /// Ctrl+Shift+S: the orders in a menu at the focused row.
    case chooseSortOrder
    case sort(ItemSortOrder)
    case clearCompleted
    case postponeFocused
    case moveFocusedToList
    case showFocusedDetails
    /// Ctrl+Shift+N, from any page: the stack's bottom page, the overview, asks for its name.
    case newList
    case renameFocusedList
    case deleteFocusedList
}
