@preconcurrency import CGtk
import FlickCore
import FlickSync
import Foundation

/// The window after a sync changed the store behind it.
extension MainWindow {
    /// After a sync: the overview and an open list have taken its changes in as they were
    /// committed (`storeChanged`), the list keeping its undo history; Today and a search, which
    /// gather items by a query, are read again when the sync changed items (`report` nil: it may
    /// have), and so is a list the sync removed. Where both sides changed the same thing, the notice says
    /// what the later change replaced.
    func syncFinished(_ report: SyncReport? = nil) {
        guard commitCurrentEdit() else { return }
        store.writerFinished(itemsMayHaveChanged: report.map { !$0.changedListIDs.isEmpty } ?? true)
        takeInPendingCommits()
        onItemsChanged?()
        if let report, let replaced = SyncReportText.conflicts(report) { notice.show(replaced, undoable: false) }
    }

    /// Tells every page of the stack what was committed (issue 56: one change stream). The
    /// overview reads its lists again, the open list and the subtasks open below it take in their
    /// items, keeping their undo history (the subtasks did not hear another program's commits:
    /// a script's rename of a subtask never showed there).
    func storeChanged(_ change: StoreChange) {
        guard !isDestroyed else { return }
        for page in pages.pages { page.storeChanged(change) }
        // The reminders look again at what another program changed.
        if case .otherProgram = change { onItemsChanged?() }
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
        let context = AccountActions.Context(window: window, view: { [weak self] in self?.accountView }, store: store, notice: notice, sync: sync,
                                             storeChanged: { [weak self] in self?.syncFinished() })
        AccountActions.install(context, statusBar: syncStatus)
    }
}
