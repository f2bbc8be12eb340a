import FlickCore

/// The window's actions and the row menu's on a page of items (`PageAction`, `RowAction`).
extension ItemsPage {
    func perform(_ action: PageAction) {
        switch action {
        case .chooseSortOrder: askHowToSort()
        case let .sort(order): sort(by: order)
        case .clearCompleted: clearCompleted()
        case .postponeFocused: postponeFocused()
        case .moveFocusedToList: askWhereToMoveFocused()
        case .showFocusedDetails: if let id = focusedItemID { showDetails(id) }
        case .newList, .renameFocusedList, .deleteFocusedList: break
        }
    }

    /// Any item's actions, the row's menu closing first where the action does not say what
    /// became of the row (Complete, the details).
    func perform(_ action: RowAction, on id: Int64) -> Bool {
        switch action {
        case .toggleComplete:
            list.driver.closeMenu()
            toggle(id)
        case .postpone: postpone(id)
        case .edit: list.startEditing(id)
        case .showDetails:
            list.driver.closeMenu()
            showDetails(id)
        case .delete: delete(id)
        case .moveToList: askWhereToMove(id)
        case .openSubtasks: openSubtasks(id)
        case .select: selectFromMenu(id)
        case .openMenu: list.driver.openMenu(id, fromKeyboard: true)
        case .completeList, .renameList, .deleteList: return false
        }
        return true
    }
}
