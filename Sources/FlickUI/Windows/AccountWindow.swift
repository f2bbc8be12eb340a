@preconcurrency import CGtk
import FlickCore
import FlickSync
import Foundation

/// Add Account…: a server address, a user name and a password; Connect discovers the task
/// calendars on a thread of its own; then the user picks which become Flick lists, and which
/// Flick lists go to the server as new calendars; Add keeps the account (the password in the
/// Secret Service), makes the lists and syncs. Every field is named for screen readers; Enter
/// goes on, Escape cancels. At a phone's size it is a view inside the main window (`PhoneView`),
/// which the back button closes as Cancel does.
@MainActor
final class AccountWindow {
    /// Its own window; nil when it is a view inside the main window.
    private let window: UnsafeMutablePointer<GtkWidget>?
    /// The main window, whose Enter goes to Connect while the view is shown.
    private let parent: UnsafeMutablePointer<GtkWidget>
    private let view: PhoneView?
    private let store: TodoStore
    private let sync: SyncController
    private let content: UnsafeMutablePointer<GtkWidget>
    private let errorLabel: UnsafeMutablePointer<GtkWidget>
    private let spinner: UnsafeMutablePointer<GtkWidget>
    private let actionButton: UnsafeMutablePointer<GtkWidget>
    private var address: UnsafeMutablePointer<GtkWidget>!
    private var user: UnsafeMutablePointer<GtkWidget>!
    private var password: UnsafeMutablePointer<GtkWidget>!
    /// GNOME Online Accounts' calendar accounts, above the fields once GOA answered.
    private var onlineBox: UnsafeMutablePointer<GtkWidget>!
    /// What Connect found and was given (the fields are gone in the second step), and the
    /// check buttons of the second step.
    private var discovered: DiscoveredAccount?
    private var given: (address: URL, user: String, password: String)?
    private var calendarChecks: [(DiscoveredCalendar, UnsafeMutablePointer<GtkWidget>)] = []
    private var uploadChecks: [(TodoList, UnsafeMutablePointer<GtkWidget>)] = []
    /// Kept alive while shown.
    private static var shown: AccountWindow?

    /// - Parameter view: the main window's view over its pages, where Add Account opens instead
    ///   of a window (nil: a window).
    static func present(over parent: UnsafeMutablePointer<GtkWidget>, in view: PhoneView? = nil, store: TodoStore,
                        sync: SyncController) {
        let dialog = AccountWindow(parent: parent, view: view, store: store, sync: sync)
        shown = dialog
        if let window = dialog.window {
            gtk_window_present(cast(window))
            gtk_widget_grab_focus(dialog.address)
        }
    }

    private init(parent: UnsafeMutablePointer<GtkWidget>, view: PhoneView?, store: TodoStore, sync: SyncController) {
        self.store = store
        self.sync = sync
        self.parent = parent
        self.view = view
        let box: UnsafeMutablePointer<GtkWidget>
        if view == nil {
            let dialog = DialogWindow(title: tr("Add Account"), over: parent, width: 420)
            window = dialog.window
            box = dialog.box
        } else {
            window = nil
            box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
            DialogWindow.setMargins(of: box, over: parent)
        }
        content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
        errorLabel = gtk_label_new(nil)
        gtk_label_set_wrap(OpaquePointer(errorLabel), 1)
        gtk_label_set_xalign(OpaquePointer(errorLabel), 0)
        Widgets.addClass(errorLabel, "error")
        gtk_widget_set_visible(errorLabel, 0)
        spinner = gtk_spinner_new()
        let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)
        let cancel = AccessibleRole.textButton(mnemonic: tr("_Cancel"), name: tr("Cancel"))
        actionButton = AccessibleRole.textButton(mnemonic: tr("C_onnect"), name: tr("Connect"))
        Widgets.addClass(actionButton, "suggested-action")
        for child in [spinner, cancel, actionButton] { gtk_box_append(cast(buttons), child) }
        for child in [content, errorLabel, buttons] { gtk_box_append(cast(box), child) }
        buildForm()
        Signal.connect(cancel.raw, "clicked") { [weak self] in self?.close() }
        Signal.connect(actionButton.raw, "clicked") { [weak self] in self?.act() }
        if let window { connect(window) } else { show(box) }
        readOnlineAccounts()
    }

    private func connect(_ window: UnsafeMutablePointer<GtkWidget>) {
        gtk_window_set_default_widget(cast(window), actionButton)
        Signal.connect(window.raw, "destroy") { [parent] in
            Widgets.presentAgain(parent)
            AccountWindow.shown = nil
        }
        Widgets.closeOnEscape(window)
    }

    /// In the main window's view: the form scrolls within the window's height (the second
    /// step's lists can be long), and Enter in a field goes on, as in the window, until the
    /// view closes.
    private func show(_ box: UnsafeMutablePointer<GtkWidget>) {
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(OpaquePointer(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), box)
        gtk_window_set_default_widget(cast(parent), actionButton)
        view?.show(scrolled, title: tr("Add Account"), focus: address,
                   closing: { [parent] in gtk_window_set_default_widget(cast(parent), nil) },
                   closed: { AccountWindow.shown = nil })
    }

    // MARK: The first step: where and who

    private func buildForm() {
        onlineBox = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
        gtk_widget_set_visible(onlineBox, 0)
        gtk_widget_set_margin_bottom(onlineBox, 12)
        append(onlineBox)
        append(heading(tr("Connect to a CalDAV Server")))
        append(note(tr("Nextcloud: https://cloud.example.org/remote.php/dav. Radicale: http://host:5232. Other servers: their address.")))
        address = entry(tr("Server address"), placeholder: "https://cloud.example.org")
        user = entry(tr("User name"), placeholder: nil)
        password = gtk_password_entry_new()
        gtk_password_entry_set_show_peek_icon(OpaquePointer(password), 1)
        g_object_set_property_boolean(password, "activates-default", true)
        labelled(password, tr("Password"))
        append(note(tr("Flick keeps the password in your keyring (the Secret Service), never in its own files.")))
    }

    private func act() {
        if discovered == nil { connect() } else { add() }
    }

    private func connect() {
        guard let url = AccountAddress.parse(text(of: address)) else {
            return showError(tr("Enter the server’s address, for example https://cloud.example.org."))
        }
        let name = text(of: user).trimmingCharacters(in: .whitespaces)
        let secret = text(of: password)
        guard !name.isEmpty, !secret.isEmpty else { return showError(tr("Enter your user name and password.")) }
        busy(true)
        let timeout = FlickApplication.syncTimeout
        Thread.detachNewThread {
            let result = Result { try AccountSetup.discover(address: url, user: name, password: secret, timeout: timeout) }
                .mapError(SyncFailure.from)
            _ = MainLoop.idle { [weak self] in
                guard let self else { return }
                self.busy(false)
                switch result {
                case let .success(found):
                    self.given = (url, name, secret)
                    self.showChoices(found)
                case let .failure(failure): self.showError(SyncReportText.reason(failure))
                }
            }
        }
    }

    // MARK: Accounts from GNOME Online Accounts

    /// Asks GOA on a thread (it may take a moment to start); what it has appears above the
    /// fields. Without GOA nothing does: the form is as it always was.
    private func readOnlineAccounts() {
        Thread.detachNewThread {
            let result = Result { () throws(OnlineAccounts.Failure) in try OnlineAccounts.list() }
            _ = MainLoop.idle { [weak self] in
                guard let self, self.discovered == nil else { return }
                switch result {
                case let .success(accounts): self.showOnlineAccounts(accounts)
                case let .failure(failure): self.showOnlineAccountsFailure(failure)
                }
            }
        }
    }

    private func showOnlineAccounts(_ accounts: [OnlineAccount]) {
        guard !accounts.isEmpty else { return }
        gtk_box_append(cast(onlineBox), note(tr("From GNOME Online Accounts:")))
        for account in accounts {
            let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
            let label = gtk_label_new(account.name)!
            gtk_label_set_xalign(OpaquePointer(label), 0)
            gtk_label_set_ellipsize(OpaquePointer(label), PANGO_ELLIPSIZE_END)
            gtk_widget_set_hexpand(label, 1)
            let use = AccessibleRole.textButton(mnemonic: tr("_Use"), name: tr("Use {account}", ["account": account.name]))
            Signal.connect(use.raw, "clicked") { [weak self] in self?.use(account) }
            gtk_box_append(cast(row), label)
            gtk_box_append(cast(row), use)
            gtk_box_append(cast(onlineBox), row)
        }
        gtk_widget_set_visible(onlineBox, 1)
    }

    /// GOA is there but did not list its accounts: said above the form, which still works.
    private func showOnlineAccountsFailure(_ failure: OnlineAccounts.Failure) {
        guard case let .failed(reason) = failure else { return }
        gtk_box_append(cast(onlineBox), note(tr("GNOME Online Accounts could not be read ({reason}). Type the account below.",
                                                ["reason": reason])))
        gtk_widget_set_visible(onlineBox, 1)
    }

    /// Fills the fields from GOA's account, asks GOA for its password and connects, as if the
    /// user had typed them. Add then keeps the password in Flick's own keyring entry, as a typed
    /// one: `flick --sync` and the background sync run where GOA may not (outside GNOME, before
    /// the session's GOA starts), and the account stays Flick's, with Enter Password… when the
    /// server refuses. A password changed in GOA later is asked for again there, not followed.
    private func use(_ account: OnlineAccount) {
        gtk_editable_set_text(OpaquePointer(address), account.address)
        gtk_editable_set_text(OpaquePointer(user), account.user)
        busy(true)
        Thread.detachNewThread {
            let result = Result { () throws(OnlineAccounts.Failure) in try OnlineAccounts.password(of: account) }
            _ = MainLoop.idle { [weak self] in
                guard let self else { return }
                self.busy(false)
                switch result {
                case let .success(secret):
                    gtk_editable_set_text(OpaquePointer(self.password), secret)
                    self.connect()
                case .failure(.notRunning):
                    self.askForPassword(tr("GNOME Online Accounts is no longer running. Type the password of {account} in the Password field.",
                                           ["account": account.name]))
                case let .failure(.failed(reason)):
                    self.askForPassword(tr("GNOME Online Accounts did not give the password of {account}: {reason}. Type it in the Password field.",
                                           ["account": account.name, "reason": reason]))
                }
            }
        }
    }

    /// GOA gave no password: the user types it. The focus goes to the field, so the reason is
    /// also said aloud (a screen reader reads the field, not the message above the buttons).
    private func askForPassword(_ message: String) {
        showError(message)
        gtk_widget_grab_focus(password)
        Announcer.say(message, from: errorLabel)
    }

    // MARK: The second step: which lists

    private func showChoices(_ found: DiscoveredAccount) {
        discovered = found
        gtk_widget_set_visible(errorLabel, 0)
        while let child = gtk_widget_get_first_child(content) { gtk_box_remove(cast(content), child) }
        append(heading(tr("Choose Lists")))
        if found.calendars.isEmpty {
            append(note(tr("The account has no task list yet.")))
        } else {
            append(note(tr("Task lists on the server; each one you keep becomes a Flick list:")))
            calendarChecks = found.calendars.map { calendar in
                let check = gtk_check_button_new_with_label(calendar.readOnly ? tr("{name} (read-only)", ["name": calendar.name]) : calendar.name)!
                gtk_check_button_set_active(cast(check), 1)
                append(check)
                return (calendar, check)
            }
        }
        let linked = Set(((try? store.syncedLists()) ?? []).map(\.listID))
        let local = ((try? store.lists()) ?? []).filter { !linked.contains($0.id!) }
        if !local.isEmpty {
            append(note(tr("Flick lists to keep on the server too, as new task lists:")))
            uploadChecks = local.map { list in
                let check = gtk_check_button_new_with_label(list.name)!
                append(check)
                return (list, check)
            }
        }
        gtk_button_set_label(cast(actionButton), tr("_Add"))
        gtk_button_set_use_underline(cast(actionButton), 1)
        Widgets.setAccessibleLabel(actionButton, tr("Add"))
        gtk_widget_grab_focus(actionButton)
    }

    private func add() {
        guard let discovered, let (url, name, secret) = given else { return }
        let calendars = calendarChecks.filter { gtk_check_button_get_active(cast($0.1)) != 0 }.map(\.0)
        let uploads = uploadChecks.filter { gtk_check_button_get_active(cast($0.1)) != 0 }.map { ($0.0.id!, $0.0.name, $0.0.uid) }
        busy(true)
        nonisolated(unsafe) let sharedStore = store
        let timeout = FlickApplication.syncTimeout
        Thread.detachNewThread {
            // In the keyring if one runs and takes it; for this session in any case (a keyring
            // that cannot unlock may take a password it will not give back).
            try? PasswordStore.store(secret, server: url.absoluteString, user: name)
            let result = Result {
                try AccountSetup.link(discovered, address: url, user: name, password: secret, calendars: calendars,
                                      uploads: uploads, store: sharedStore, timeout: timeout)
            }.mapError(SyncFailure.from)
            _ = MainLoop.idle { [weak self] in
                guard let self else { return }
                self.busy(false)
                switch result {
                case .success:
                    self.sync.remember(password: secret, server: url.absoluteString, user: name)
                    self.sync.syncNow()
                    self.close()
                case let .failure(failure):
                    self.showError(SyncReportText.reason(failure))
                }
            }
        }
    }

    // MARK: Widgets

    private func busy(_ on: Bool) {
        gtk_widget_set_sensitive(actionButton, on ? 0 : 1)
        if on { gtk_spinner_start(OpaquePointer(spinner)) } else { gtk_spinner_stop(OpaquePointer(spinner)) }
    }

    private func showError(_ message: String) {
        gtk_label_set_text(OpaquePointer(errorLabel), message)
        Widgets.setAccessibleLabel(errorLabel, message)
        gtk_widget_set_visible(errorLabel, 1)
    }

    private func close() {
        if let window { gtk_window_destroy(cast(window)) } else { view?.close() }
    }

    private func append(_ widget: UnsafeMutablePointer<GtkWidget>) {
        gtk_box_append(cast(content), widget)
    }

    private func heading(_ text: String) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(text)!
        Widgets.addClass(label, "title-2")
        return label
    }

    private func note(_ text: String) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(text)!
        gtk_label_set_wrap(OpaquePointer(label), 1)
        gtk_label_set_xalign(OpaquePointer(label), 0)
        Widgets.addClass(label, "dim-label")
        return label
    }

    private func entry(_ name: String, placeholder: String?) -> UnsafeMutablePointer<GtkWidget> {
        let entry = gtk_entry_new()!
        if let placeholder { gtk_entry_set_placeholder_text(cast(entry), placeholder) }
        gtk_entry_set_activates_default(cast(entry), 1)
        labelled(entry, name)
        return entry
    }

    /// A visible label above the field, which is also the field's accessible name.
    private func labelled(_ field: UnsafeMutablePointer<GtkWidget>, _ name: String) {
        let label = gtk_label_new(name)!
        gtk_label_set_xalign(OpaquePointer(label), 0)
        gtk_label_set_mnemonic_widget(OpaquePointer(label), field)
        Widgets.setAccessibleLabel(field, name)
        append(label)
        append(field)
    }

    private func text(of field: UnsafeMutablePointer<GtkWidget>) -> String {
        String(cString: gtk_editable_get_text(OpaquePointer(field)))
    }
}

/// `g_object_set` for one boolean property (the variadic C call does not import).
private func g_object_set_property_boolean(_ object: UnsafeMutablePointer<GtkWidget>, _ name: String, _ value: Bool) {
    var gvalue = GValue()
    g_value_init(&gvalue, GType(G_TYPE_BOOLEAN_RAW))
    g_value_set_boolean(&gvalue, value ? 1 : 0)
    g_object_set_property(UnsafeMutablePointer(OpaquePointer(object)), name, &gvalue)
    g_value_unset(&gvalue)
}
