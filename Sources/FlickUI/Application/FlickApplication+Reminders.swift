@preconcurrency import CGtk
import FlickCore
import Foundation

/// Reminders, with or without the window: the notifier starts with the store, follows every
/// change to items, and the notification's buttons act through the application's actions.
extension FlickApplication {
    /// The reminders are first looked at once the first frame is out (start-up waits for
    /// nothing it need not); Flick is held meanwhile, so a `--background` start without a
    /// window does not end before it has looked.
    func storeOpened(_ store: TodoStore) {
        // The portal's answer is kept in the settings, the autostart entry is a file: either
        // keeps a `--background` start running.
        let notifier = ReminderNotifier(store: store, application: gApplication) { [weak self] in
            BackgroundPreference(settings: self?.windowState.gSettings).isOn
        }
        reminders = notifier
        let application = gApplication
        g_application_hold(application)
        _ = MainLoop.idle { [weak self] in
            notifier.update()
            self?.followTheClock()
            g_application_release(application)
        }
        // These write on their own, and could send a damaged file's items to the server or
        // to the backups: they start once the file is known to be sound.
        whenChecked(store) { [weak self] in
            self?.startSync(store)
            self?.backups = BackupSchedule(databaseURL: URL(fileURLWithPath: store.queue.path))
            RecentlyDeletedPurge.soon(store)
        }
    }

    /// Items changed: the reminders are looked at again once the change is over.
    func itemsChanged() {
        guard !reminderUpdatePending else { return }
        reminderUpdatePending = true
        _ = MainLoop.idle { [weak self] in
            self?.reminderUpdatePending = false
            self?.reminders?.update()
            self?.sync?.editsMade()
        }
    }

    /// `app.open-item(x)`, `app.complete-reminder(x)`, `app.snooze-reminder(x)`: what a
    /// reminder's notification does, by item id.
    func addReminderActions() {
        Actions.addItemActions([
            .init(name: "open-item") { [weak self] id in self?.openItem(id) },
            .init(name: "complete-reminder") { [weak self] id in self?.completeFromReminder(id) },
            .init(name: "snooze-reminder") { [weak self] id in self?.snoozeReminder(id) },
        ], to: OpaquePointer(application))
    }

    private func openItem(_ id: Int64) {
        reminders?.withdraw(itemID: id)
        guard let store = openStore(), let listID = try? store.listID(ofItem: id), let window = openWindow() else { return }
        window.go(to: .list(listID))
        window.pages.listLevelPage?.focus(id)
        presentWindow()
    }

    /// Completes the item in the store, whatever the window shows: a page showing it takes the
    /// change in from the store's commits, as it takes a sync's (one path for both).
    private func completeFromReminder(_ id: Int64) {
        reminders?.withdraw(itemID: id)
        guard let store = openStore(), let listID = try? store.listID(ofItem: id) else { return }
        do {
            try store.document(listID: listID)?.setCompleted(id, true)
        } catch {
            FileHandle.standardError.write(Data("flick: the item could not be completed: \(error)\n".utf8))
        }
        reminders?.update()
    }

    private func snoozeReminder(_ id: Int64) {
        reminders?.withdraw(itemID: id)
        guard let store = openStore() else { return }
        do {
            try store.snoozeReminder(itemID: id, until: ReminderClock().now.addingTimeInterval(3600))
        } catch {
            FileHandle.standardError.write(Data("flick: the reminder could not be moved: \(error)\n".utf8))
        }
        reminders?.update()
    }

    /// What follows the machine's clock and zone while Flick runs: a wake from a suspend
    /// (logind) and a new time zone (timedated, /etc/localtime).
    private func followTheClock() {
        let zones = TimeZoneWatch { [weak self] in self?.timeZoneChanged() }
        timeZones = zones
        systemBus = SystemBusWatch([.resumed { [weak self] in self?.woke() },
                                    .timeZoneChanged { [weak zones] in zones?.check() }])
    }

    /// The machine woke from a suspend: a reminder that came due while it slept is shown now,
    /// the window's date follows the clock, and a sync follows once the network is back.
    func woke() {
        reminders?.update()
        mainWindow?.dateMayHaveChanged()
        sync?.networkMayHaveChanged()
    }

    /// The machine's zone changed: reminders on the local clock move (none is shown twice,
    /// `PendingReminder.shownSecond`), and the window shows times and days by the new clock.
    func timeZoneChanged() {
        reminders?.update()
        mainWindow?.timeZoneChanged()
    }
}
