@preconcurrency import CGtk
import FlickCore

/// An item's subtasks as a level of their own: opened from the row menu's Subtasks,
/// Alt+Right on the focused item, or a click (or tap) on its progress chip; the window puts the
/// subtasks' page one level below this one.
extension ItemsPage {
    /// A page of an item's subtasks (`document`, read by `TodoStore.subtaskDocument`), titled
    /// after the item.
    static func subtasks(_ document: ListDocument, titled title: String, lists: ListsDocument,
                         host: any PageHost) -> ItemsPage {
        let page = ItemsPage(document: document, lists: lists, host: host)
        page.parentTitle = title
        // A screen reader says where the focus went: "Subtasks of Plan the trip".
        Widgets.setAccessibleLabel(page.list.listView, tr("Subtasks of {item}", ["item": title]))
        return page
    }

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
