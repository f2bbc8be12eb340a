@preconcurrency import CGtk
import FlickCore
import Foundation

/// A line at the bottom of the window saying what sync is doing: syncing (with progress on a
/// long first sync), up to date, offline, or why the last sync failed, with Retry. Hidden
/// without an account. Screen readers read it as a status.
@MainActor
final class SyncStatusBar {
    let root: UnsafeMutablePointer<GtkWidget>
    // Made when the bar first shows: without an account it never does, and making them cost
    // a twelfth of the window's construction (callgrind).
    private var spinner: UnsafeMutablePointer<GtkWidget>!
    private var label: UnsafeMutablePointer<GtkWidget>!
    private var retryButton: UnsafeMutablePointer<GtkWidget>!
    private var passwordButton: UnsafeMutablePointer<GtkWidget>!
    private var accountNeedingPassword: SyncAccount?
    /// Enter Password… was pressed for this account.
    var onEnterPassword: ((SyncAccount) -> Void)?

    init() {
        root = AccessibleRole.widget(gtk_box_get_type(), role: GTK_ACCESSIBLE_ROLE_STATUS)
        gtk_box_set_spacing(cast(root), 8)
        Widgets.addClass(root, "sync-status")
        gtk_widget_set_visible(root, 0)
    }

    private func makeContent() {
        guard label == nil else { return }
        spinner = gtk_spinner_new()
        label = gtk_label_new(nil)
        gtk_label_set_wrap(OpaquePointer(label), 1)
        gtk_label_set_wrap_mode(OpaquePointer(label), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_xalign(OpaquePointer(label), 0)
        gtk_widget_set_hexpand(label, 1)
        // Not "_Retry": the storage problem notice, which can show at the same time, has that.
        retryButton = AccessibleRole.textButton(mnemonic: tr("_Sync Again"), name: tr("Retry the sync"))
        Widgets.addClass(retryButton, "flat")
        gtk_actionable_set_action_name(OpaquePointer(retryButton), "app.sync")
        passwordButton = AccessibleRole.textButton(mnemonic: tr("_Enter Password…"), name: tr("Enter the password"))
        Widgets.addClass(passwordButton, "flat")
        gtk_box_append(cast(root), spinner)
        gtk_box_append(cast(root), label)
        gtk_box_append(cast(root), retryButton)
        gtk_box_append(cast(root), passwordButton)
        Signal.connect(passwordButton.raw, "clicked") { [weak self] in
            if let account = self?.accountNeedingPassword { self?.onEnterPassword?(account) }
        }
    }

    var text: String { label.map { String(cString: gtk_label_get_text(OpaquePointer($0))) } ?? "" }

    func show(_ status: SyncStatus) {
        accountNeedingPassword = nil
        if case .noAccount = status {
            gtk_widget_set_visible(root, 0)
            return
        }
        makeContent()
        let syncing: Bool
        let failed: Bool
        switch status {
        case .noAccount:
            return  // Hidden, above.
        case let .syncing(progress):
            set(progress.map { tr("Syncing: {progress}", ["progress": $0]) } ?? tr("Syncing…"))
            syncing = true
            failed = false
        case let .upToDate(at):
            set(tr("Up to date (synced at {time})", ["time": DateFormatter.localizedString(from: at, dateStyle: .none, timeStyle: .short)]))
            syncing = false
            failed = false
        case let .refused(at, what):
            set(tr("Synced at {time}, but {what}", ["time": DateFormatter.localizedString(from: at, dateStyle: .none, timeStyle: .short),
                                                   "what": what]))
            syncing = false
            failed = false
        case .offline:
            set(tr("Offline: your changes are kept and sent when the network is back."))
            syncing = false
            failed = false
        case let .failed(reason):
            set(tr("Sync failed: {reason}", ["reason": reason]))
            syncing = false
            failed = true
        case let .needsPassword(account):
            set(tr("Flick needs the password of {user} at {server} to sync.", ["user": account.user, "server": account.url]))
            accountNeedingPassword = account
            syncing = false
            failed = false
        }
        gtk_widget_set_visible(passwordButton, accountNeedingPassword == nil ? 0 : 1)
        if syncing { gtk_spinner_start(OpaquePointer(spinner)) } else { gtk_spinner_stop(OpaquePointer(spinner)) }
        gtk_widget_set_visible(spinner, syncing ? 1 : 0)
        gtk_widget_set_visible(retryButton, failed ? 1 : 0)
        Widgets.setClass(root, "error", failed)
        gtk_widget_set_visible(root, 1)
    }

    private func set(_ text: String) {
        gtk_label_set_text(OpaquePointer(label), text)
        Widgets.setAccessibleLabel(root, text)
    }
}
