@preconcurrency import CGtk
import FlickCore
import FlickSync
import Foundation

/// `win.add-account` and `win.remove-account`, and the sync status line's Enter Password…: the
/// dialogs that change what Flick syncs with, opened over the window. What they changed reaches
/// the pages from the store, as a sync's changes do (`AccountSetup.link` and
/// `TodoStore.removeAccount` tell their end).
@MainActor
enum AccountActions {
    struct Context {
        let window: UnsafeMutablePointer<GtkWidget>
        /// Where Add Account opens inside the window (a phone's), or nil (a window of its own).
        let view: @MainActor () -> PhoneView?
        let store: TodoStore
        let notice: UndoNotice
        /// The sync controller, made once an account exists.
        let sync: @MainActor () -> SyncController?
    }

    static func install(_ context: Context, statusBar: SyncStatusBar) {
        statusBar.onEnterPassword = { account in askForPassword(account, context) }
        let application = gtk_window_get_application(cast(context.window))!
        Actions.add([
            .init(name: "add-account", accelerators: []) { addAccount(context) },
            .init(name: "remove-account", accelerators: []) { removeAccount(context) },
        ], to: OpaquePointer(context.window), prefix: "win", application: application)
    }

    private static func askForPassword(_ account: SyncAccount, _ context: Context) {
        PasswordDialog.present(over: context.window, account: account) { password in
            guard let controller = context.sync() else { return }
            // For this session at once; in the keyring too if one runs (the call may wait for
            // it to unlock, so not on this thread), and then Flick no longer asks.
            controller.remember(password: password, server: account.url, user: account.user)
            controller.syncNow()
            Thread.detachNewThread { try? PasswordStore.store(password, server: account.url, user: account.user) }
        }
    }

    private static func addAccount(_ context: Context) {
        guard let controller = context.sync() else { return }
        AccountWindow.present(over: context.window, in: context.view(), store: context.store, sync: controller)
    }

    private static func removeAccount(_ context: Context) {
        guard let controller = context.sync() else { return }
        RemoveAccountDialog.present(over: context.window, store: context.store, sync: controller) { account in
            context.notice.show(tr("Removed {user} at {server}. Its lists stay on this computer and no longer sync.",
                                   ["user": account.user, "server": account.url]), undoable: false)
        }
    }
}
