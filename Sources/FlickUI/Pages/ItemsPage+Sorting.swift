@preconcurrency import CGtk
import FlickCore

/// Sort once: the open items of the list shown (or of the subtasks shown) put in
/// order by due date, priority or title, one undoable step said by a notice with Undo. Nothing
/// sorts by itself afterwards: the order is the user's (Clear's rule).
extension ItemsPage {
    /// Whether Sort has something to order here: one list's items, or one item's subtasks, two
    /// of them open. Today and a search have orders of their own.
    var canSort: Bool {
        screen.isOneList && openItemPlaces.openCount > 1
    }

    /// Ctrl+Shift+S: the three orders in a menu at the focused row.
    func askHowToSort() {
        guard host.isShown(self), canSort, list.commitCurrentEdit() else { return }
        list.driver.closeAll()
        let rect = (focusedItemID ?? document.items.first?.id).map(list.rectangle(ofRowOf:))
        SortMenu.present(on: list.listView, at: rect ?? GdkRectangle(x: 0, y: 0, width: 1, height: 1))
    }

    func sort(by order: ItemSortOrder) {
        guard host.isShown(self), canSort, list.commitCurrentEdit() else { return }
        list.driver.closeAll()
        host.runner.run(.sort(order), on: self)
    }

    /// The sort was saved: the focus stays on its item, wherever that went (from the main menu,
    /// it comes back to the list), and the notice says the order, with Undo when anything moved.
    func sortSaved(_ order: ItemSortOrder, moved: Bool) {
        if let id = focusedItemID { focus(id) } else { focusFirstRow() }
        host.notice.show(moved ? Self.sortedNotice(order) : Self.alreadySortedNotice(order), undoable: moved)
    }

    private static func sortedNotice(_ order: ItemSortOrder) -> String {
        switch order {
        case .dueDate: return tr("Sorted by due date")
        case .priority: return tr("Sorted by priority")
        case .title: return tr("Sorted by title")
        }
    }

    private static func alreadySortedNotice(_ order: ItemSortOrder) -> String {
        switch order {
        case .dueDate: return tr("Already sorted by due date")
        case .priority: return tr("Already sorted by priority")
        case .title: return tr("Already sorted by title")
        }
    }
}
