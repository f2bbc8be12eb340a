import FlickCore

/// An item's subtasks as a level of their own (issue 32): opened from the row menu's Subtasks,
/// Alt+Right on the focused item, or its progress chip; the window puts the subtasks' page one
/// level below this one.
extension ItemsPage {
    /// Opens the item's subtasks one level down: the way in to add its first ones, too.
    func openSubtasks(_ id: Int64) {
        guard host.isShown(self), document.item(id) != nil, list.commitCurrentEdit() else { return }
        list.driver.closeAll()
        host.openSubtasks(of: id, titled: document.item(id)?.title ?? "")
    }

    /// Alt+Right on a focused item.
    func openFocusedSubtasks() {
        guard let id = focusedItemID else { return }
        openSubtasks(id)
    }
}
