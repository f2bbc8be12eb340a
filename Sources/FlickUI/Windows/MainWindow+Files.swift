@preconcurrency import CGtk
import FlickCore

/// The window's side of importing and exporting (`FileTransfers`): what Export List… writes,
/// and what an import stored, shown.
extension MainWindow: FileTransferHost {
    /// Shows what an import (here or from the command line) stored: the list it went to opened,
    /// and the sentence saying what was done. The pages heard the import from the store
    /// (`storeChanged`: the new lists and items as their commits came, the open list keeping its
    /// undo history, then its end, at which Today and a search read again), taken in first here.
    func imported(_ summary: ImportSummary, message: String) {
        takeInPendingCommits()
        if summary.listIDs.count == 1, let id = summary.listIDs.first, isShowingOverview || pages.shown.currentListID != id {
            go(to: .list(id))
        }
        notice.show(message, undoable: false)
    }

    /// The list Export List… writes: the focused one on the overview, the open one otherwise
    /// (on Today, which is not a list of its own, every list).
    var listsToExport: (ids: [Int64]?, name: String?) {
        let ids = pages.shown.currentListID.map { [$0] }
        return (ids, ids?.count == 1 ? lists.name(of: ids![0]) : nil)
    }
}
