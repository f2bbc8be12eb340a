@preconcurrency import CGtk
import FlickCore
import FlickSync
import Foundation

/// The window after a sync changed the store behind it.
extension MainWindow {
    /// After a sync that changed the store: the pages heard its changes from the store
    /// (`storeChanged`: its commits, then its end); where both sides changed the same thing, the
    /// notice says what the later change replaced.
    func syncReported(_ report: SyncReport) {
        if let replaced = SyncReportText.conflicts(report) { notice.show(replaced, undoable: false) }
    }

    /// Tells every page of the stack what was committed (one change stream). The
    /// overview reads its lists again, the open list and the subtasks open below it take in their
    /// items, keeping their undo history (the subtasks did not hear another program's commits:
    /// a script's rename of a subtask never showed there).
    func storeChanged(_ change: StoreChange) {
        guard !isDestroyed else { return }
        // A page taking the change in may have another put in its place (its list gone): the
        // pages that went with it, shut down, hear no more.
        for page in pages.pages where pages.holds(page) { page.storeChanged(change) }
        // The reminders look again at what another program, a sync or an import changed.
        switch change {
        case .otherProgram, .writerFinished: onItemsChanged?()
        case .committed: break
        }
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
        let context = AccountActions.Context(window: window, view: { [weak self] in self?.accountView }, store: store, notice: notice, sync: sync)
        AccountActions.install(context, statusBar: syncStatus)
    }
}
