@preconcurrency import CGtk
import FlickCore

/// The window's side of importing and exporting (`FileTransfers`): what Export List… writes,
/// and what an import stored, shown.
extension MainWindow: FileTransferHost {
    /// Shows what an import (here or from the command line) stored: the list it went to opened,
    /// and the sentence saying what was done. The overview and the open list took the new lists
    /// and items in as their commits came (`storeChanged`), the list keeping its undo history;
    /// Today and a search are read again.
    func imported(_ summary: ImportSummary, message: String) {
        takeInPendingCommits()
        if summary.listIDs.count == 1, let id = summary.listIDs.first, isShowingOverview || pages.shown.currentListID != id {
            go(to: .list(id))
        } else {
            store.writerFinished(itemsMayHaveChanged: true)
            takeInPendingCommits()
        }
        notice.show(message, undoable: false)
        onItemsChanged?()  // New items may bring reminders.
    }

    /// The list Export List… writes: the focused one on the overview, the open one otherwise
    /// (on Today, which is not a list of its own, every list).
    var listsToExport: (ids: [Int64]?, name: String?) {
        let ids = pages.shown.currentListID.map { [$0] }
        return (ids, ids?.count == 1 ? lists.name(of: ids![0]) : nil)
    }
}
