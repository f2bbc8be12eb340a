@preconcurrency import CGtk
import FlickCore

/// A lifted item held over the back button goes up to the lists with the row still in hand,
/// and dropped on a list moves there (issue 8). Dropped anywhere else, or put back with Escape,
/// it returns to its list.
extension MainWindow: RowCarryTarget {
    var carryButton: UnsafeMutablePointer<GtkWidget>? {
        isShowingOverview ? nil : header.backButton
    }

    func carryUp() {
        pages.transition.keepsFrontMapped = true
        showOverview()
    }

    func dropCarried(_ id: Int64, atWindowX x: Double, y: Double) -> Bool {
        pages.transition.keepsFrontMapped = false
        guard let listID = listsPage.listID(atWindowX: x, y: y), listID != itemsPage.document.list.id,
              let index = listsPage.document.index(of: listID) else { return false }
        itemsPage.move(id, to: listsPage.document.summaries[index].list)
        runner.refresh { try self.listsPage.refreshCounts() }
        listsPage.focus(listID)
        return true
    }

    func carryCancelled() {
        pages.transition.keepsFrontMapped = false
        let document = itemsPage.document
        if document.scope.isToday { openToday() } else if let id = document.list.id { openList(id) }
    }
}
