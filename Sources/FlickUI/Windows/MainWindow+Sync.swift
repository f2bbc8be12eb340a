@preconcurrency import CGtk
import FlickCore
import FlickSync
import Foundation

/// The window after a sync changed the store behind it.
extension MainWindow {
    /// Reads the lists again: a sync may have added, changed or removed any. An open list has
    /// taken the sync's changes to its items in place as they were committed
    /// (`ItemsPage.storeItemsChanged`), keeping its undo history; Today and a search, which gather items
    /// by a query, are read again when the sync changed items (`report` nil: it may have), and
    /// so is a list the sync removed. Where both sides changed the same thing, the notice says
    /// what the later change replaced.
    func syncFinished(_ report: SyncReport? = nil) {
        guard commitCurrentEdit() else { return }
        listsPage.readAgain()
        let changedItems = report.map { !$0.changedListIDs.isEmpty } ?? true
        if itemsPage.needsReadingAgain(itemsMayHaveChanged: changedItems) {
            itemsPage.readAgain()
        } else {
            itemsPage.readNameAgain()  // A sync may rename it.
        }
        onItemsChanged?()
        if let report, let replaced = SyncReportText.conflicts(report) { notice.show(replaced, undoable: false) }
    }

    /// Another program committed to the file: the lists are read again, and the open list and
    /// the subtasks open below it take in their items as they are in the file, keeping their undo
    /// history (the subtasks did not: a script's rename of a subtask never showed there).
    func externalCommitArrived() {
        guard !isDestroyed else { return }
        listsPage.readAgain()
        for page in allItemsPages { page.externalCommitArrived() }
        // A title being typed stays: the rows change around it. Today and a search are read
        // again, as is a list that is gone; that ends the typing, as a sync does.
        if itemsPage.needsReadingAgain(itemsMayHaveChanged: true), commitCurrentEdit() { itemsPage.readAgain() }
        onItemsChanged?()
    }

    /// Items changed outside the window (a reminder's Complete): the overview's counts are read
    /// again; a page showing the items takes them in from the store's commits.
    func itemsChangedElsewhere() {
        runner.refresh { try self.listsPage.refreshCounts() }
    }

    /// Asks, list by list, what to do with the tasks a calendar lost at once.
    func askAboutMissingItems(_ held: [(listID: Int64, name: String, missing: MissingItems)],
                              answer: @escaping @MainActor (Int64, MissingItemsAnswer) -> Void) {
        guard !isDestroyed, let first = held.first else { return }
        MissingItemsDialog.present(listName: first.name, missing: first.missing, over: window) { [weak self] choice in
            answer(first.listID, choice)
            self?.askAboutMissingItems(Array(held.dropFirst()), answer: answer)
        }
    }

    func showSyncStatus(_ status: SyncStatus) {
        syncStatus.show(status)
    }

    /// `win.add-account`, `win.remove-account` and the status line's Enter Password….
    func installSyncActions(sync: @escaping @MainActor () -> SyncController?) {
        let context = AccountActions.Context(window: window, store: store, notice: notice, sync: sync,
                                             storeChanged: { [weak self] in self?.syncFinished() })
        AccountActions.install(context, statusBar: syncStatus)
    }
}
