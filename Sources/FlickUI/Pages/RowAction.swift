/// The row menu's actions (`win.*`, named by `rawValue`): each names its row by id, so it works
/// on any row, focused or not, and over D-Bus. The window hands each to its page stack, which
/// offers it to the page shown first (`PageStack.perform(_:on:)`); a page answers the ones its
/// rows have (`Page.perform(_:on:)`).
enum RowAction: String, CaseIterable {
    case toggleComplete = "toggle-complete-item"
    case postpone = "postpone-item"
    case edit = "edit-item"
    case showDetails = "show-item-details"
    case delete = "delete-item"
    case moveToList = "move-item-to-list"
    case openSubtasks = "open-item-subtasks"
    case select = "select-item"
    case openMenu = "open-item-menu"
    case completeList = "complete-list"
    case renameList = "rename-list-id"
    case deleteList = "delete-list-id"
}
