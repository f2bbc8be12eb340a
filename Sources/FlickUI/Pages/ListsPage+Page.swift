@preconcurrency import CGtk
import FlickCore

/// What the window and its page stack need of the overview, the bottom page: the levels below
/// come back up to it, and a row carried up from a list is dropped on it.
extension ListsPage {
    var backLabel: String { tr("Back to Lists") }

    var newRowLabel: String { tr("New List") }

    var destination: Destination? { .overview }

    /// The focused list's (not made: nothing is focused yet).
    var currentListID: Int64? { madeList?.focusedID }

    var shownList: GestureList? { list }

    func placed(in stack: PageStack, atDepth depth: Int) {
        shownLevel = stack
        madeList?.driver.shownLevel = stack
    }

    /// The overview is at the bottom: nothing is above it to go up to.
    /// A level below is going up to the overview: the list, Today or Upcoming it showed is
    /// remembered (Alt+Right returns to it) and the counts are read again, before they show (its
    /// items may have changed). Retry goes to the overview again.
    func comingBack(from left: Destination?) {
        switch left {
        case .list?, .today?, .upcoming?: lastOpenDestination = left
        default: lastOpenDestination = nil
        }
        host.runner.perform(retry: { [weak self] in self?.host.go(to: .overview) }) { try self.refreshCounts() }
    }

    /// The row of the list (or Today) the hand came up from has the focus.
    func arrived(from left: Destination?) {
        switch left {
        case .today: focus(TodayRow.id)
        case .upcoming: focus(UpcomingOverviewRow.id)
        case let .list(id): focus(id)
        default: break
        }
    }

    /// Alt+Right: back to the list last open, if it is still there, or to Today or Upcoming
    /// (the soak found Alt+Right doing nothing after going up from Upcoming).
    func goForward() {
        guard let destination = lastOpenDestination else { return }
        if case let .list(id) = destination, document.index(of: id) == nil { return }
        host.go(to: destination)
    }

    /// Ctrl+N and + make a list on the overview, as they make an item in a list.
    func startNewRow() {
        guard madeList?.commitCurrentEdit() ?? true else { return }
        askForNewList()
    }

    /// Today's count follows the day.
    func dayChanged() {
        host.runner.refresh { try self.refreshCounts() }
    }

    /// A row carried up from a list and dropped on another list's row moves there, one
    /// undoable step of the list it came from; the counts show it.
    func dropCarried(_ id: Int64, from origin: any Page, atWindowX x: Double, y: Double) -> Bool {
        guard let listID = listID(atWindowX: x, y: y), listID != origin.currentListID,
              let index = document.index(of: listID) else { return false }
        origin.move(id, to: document.summaries[index].list)
        host.runner.refresh { try self.refreshCounts() }
        focus(listID)
        return true
    }
}
