@preconcurrency import CGtk
import FlickCore

/// What the window and its page stack need of a page of items, at whatever level it is: a
/// list's, Today's, a search's, an item's subtasks.
extension ItemsPage {
    var backLabel: String { tr("Back to {title}", ["title": title]) }

    var newRowLabel: String { document.scope.isSubtasks ? tr("New Subtask") : tr("New Item") }

    /// A search's results are brought by the search bar, not gone to.
    var destination: Destination? {
        switch document.scope {
        case .list: document.list.id.map(Destination.list)
        case .today: .today
        case .upcoming: .upcoming
        case let .subtasks(parentID, _): .subtasks(of: parentID, titled: parentTitle)
        case .search: nil
        }
    }

    /// Today and a search gather rows from every list: they are in none.
    var currentListID: Int64? { document.scope.isOneList ? document.list.id : nil }

    var shownList: GestureList? { list }

    /// Every level of items goes up by a pinch together; the level below the overview also
    /// carries a lifted item up to the lists. A subtask is not carried up: dropped on
    /// its parent's level it would need a place among the items, which no one has designed.
    func placed(in stack: PageStack, atDepth depth: Int) {
        list.driver.levelPinchHandler = depth > 0 ? stack : nil
        list.driver.shownLevel = stack
        list.lifter.carryTarget = depth == 1 ? stack : nil
    }

    func leave() {
        list.driver.closeAll()
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

    /// Due chips say Today, Tomorrow, overdue; Upcoming's days begin a day later, and Today's
    /// items are those due by the new day, which a new item typed there is due on (Planify #2173:
    /// typed after midnight on the Today of the day before, it was overdue at once), so both are
    /// read again.
    func dayChanged() {
        if agenda != nil || document.scope.isToday { return readAgain() }
        list.refreshAllRows()
    }
}
