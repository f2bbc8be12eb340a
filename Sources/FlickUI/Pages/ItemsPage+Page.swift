@preconcurrency import CGtk
import FlickCore

/// What the window and its page stack need of a page of items, at whatever level it is: a
/// list's, Today's, a search's, an item's subtasks.
extension ItemsPage {
    var newRowLabel: String { screen.newRowLabel }

    var destination: Destination? { screen.destination(of: document) }

    /// Today and a search gather rows from every list: they are in none.
    var currentListID: Int64? { screen.isOneList ? document.list.id : nil }

    var shownList: GestureList? { list }

    /// Every level of items goes up by a pinch together; the level below the overview also
    /// carries a lifted item up to the lists. A subtask is not carried up: dropped on
    /// its parent's level it would need a place among the items, which no one has designed.
    func placed(in stack: PageStack, atDepth depth: Int) {
        list.driver.levelPinchHandler = depth > 0 ? stack : nil
        list.driver.shownLevel = stack
        list.liftView.carryTarget = depth == 1 ? stack : nil
    }

    /// Back up from an item's subtasks, the item has the focus.
    func arrived(from left: Destination?) {
        if case let .subtasks(parentID, _) = left { focus(parentID) }
    }

    /// Alt+Right: into the focused item's subtasks.
    func goForward() {
        openFocusedSubtasks()
    }

    func startNewRow() {
        list.startNewRow(at: 0)
    }

    func undo(redo: Bool) {
        if redo { self.redo() } else { undo() }
    }

    var canClearCompleted: Bool { hasCompletedItems }

    var itemsDocument: ListDocument? { document }

    func saveTyping() {
        details?.saveTyping()
    }

    /// Due chips say Today, Tomorrow, overdue; a screen whose items are the day's is read again
    /// (`ItemsScreen.readsAgainOnANewDay`).
    func dayChanged() {
        if screen.readsAgainOnANewDay { return readAgain() }
        list.refreshAllRows()
    }
}
