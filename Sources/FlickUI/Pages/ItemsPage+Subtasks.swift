@preconcurrency import CGtk
import FlickCore

/// An item's subtasks as a level of their own: opened from the row menu's Subtasks,
/// Alt+Right on the focused item, or a click (or tap) on its progress chip; the window puts the
/// subtasks' page one level below this one.
extension ItemsPage {
    /// Opens the item's subtasks one level down: the way in to add its first ones, too.
    func openSubtasks(_ id: Int64) {
        guard host.isShown(self), document.item(id) != nil, list.commitCurrentEdit() else { return }
        list.driver.closeAll()
        host.go(to: .subtasks(of: id, titled: document.item(id)?.title ?? ""))
    }

    /// Alt+Right on a focused item.
    func openFocusedSubtasks() {
        guard let id = focusedItemID else { return }
        openSubtasks(id)
    }

    /// A click or a tap on a row's progress chip ("1/4") opens its subtasks; a click that
    /// closes an open row does only that, as elsewhere (the list's clicks: `ListInputs`).
    func openSubtasksOnChipClicks() {
        list.rowClicks = .openSubtasksFromChip { [weak self] id in self?.openSubtasks(id) }
    }
}
