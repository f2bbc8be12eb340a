@preconcurrency import CGtk
import FlickCore
import FlickSync
import Foundation

/// The window after a sync changed the store behind it.
extension MainWindow {
    /// Reads the lists and the open list again: a sync may have added, changed or removed any.
    /// The open list is read again only when the sync changed it (`report` nil: it may have), as
    /// reading it again starts its undo history afresh. Where both sides changed the same
    /// thing, the notice says what the later change replaced.
    func syncFinished(_ report: SyncReport? = nil) {
        guard commitCurrentEdit() else { return }
        perform(retry: nil) {
            try self.listsPage.document.readAgain()
            try self.listsPage.refreshCounts()
        }
        if syncChangedOpenList(report) { reopenCurrentList() }
        onItemsChanged?()
        let replaced = report?.lists.flatMap { list -> [String] in
            guard case let .success(result) = list.result else { return [] }
            return result.conflicts.map { conflict in
                tr("{list}: both sides changed {field}; “{value}” was replaced by the later change",
                   ["list": list.name, "field": SyncReportText.fieldName(conflict.field), "value": conflict.replacedValue])
            }
        } ?? []
        if !replaced.isEmpty { notice.show(replaced.joined(separator: "\n"), undoable: false) }
    }

    /// Today and search show items of every list; a list shows its own.
    private func syncChangedOpenList(_ report: SyncReport?) -> Bool {
        guard let report, document.scope == .list, let listID = document.list.id else { return true }
        return report.changedListIDs.contains(listID)
    }

    func showSyncStatus(_ status: SyncStatus) {
        syncStatus.show(status)
    }

    /// `win.add-account` and `win.remove-account`: their windows; and the status line's Enter Password….
    func installSyncActions(sync: @escaping @MainActor () -> SyncController?) {
        syncStatus.onEnterPassword = { [weak self] account in
            guard let self else { return }
            PasswordDialog.present(over: self.window, account: account) { password in
                guard let controller = sync() else { return }
                // For this session at once; in the keyring too if one runs (the call may wait for
                // it to unlock, so not on this thread), and then Flick no longer asks.
                controller.remember(password: password, server: account.url, user: account.user)
                controller.syncNow()
                Thread.detachNewThread { try? PasswordStore.store(password, server: account.url, user: account.user) }
            }
        }
        let application = gtk_window_get_application(cast(window))!
        Actions.add([
            .init(name: "add-account", accelerators: []) { [weak self] in
                guard let self, let controller = sync() else { return }
                AccountWindow.present(over: self.window, store: self.store, sync: controller) { [weak self] in
                    self?.syncFinished()
                }
            },
            .init(name: "remove-account", accelerators: []) { [weak self] in
                guard let self, let controller = sync() else { return }
                RemoveAccountDialog.present(over: self.window, store: self.store, sync: controller) { [weak self] account in
                    guard let self else { return }
                    self.syncFinished()
                    self.notice.show(tr("Removed {user} at {server}. Its lists stay on this computer and no longer sync.",
                                        ["user": account.user, "server": account.url]), undoable: false)
                }
            },
        ], to: OpaquePointer(window), prefix: "win", application: application)
    }
}
