@preconcurrency import CGtk
import FlickCore
import Foundation

/// Shows reminders when they are due: a desktop notification (GNotification) with the
/// item's title and list, a Complete button and a Remind in 1 Hour button, which are actions of
/// the application (`app.*`), so they work with the window closed; clicking the notification
/// opens the item. Reminders missed while Flick was not running show once at start. While any
/// reminder is pending, or a reminder shown has not been answered, or the user asked Flick to run
/// in the background (`BackgroundPreference`), Flick holds the application,
/// so it keeps running when its window closes: with the freedesktop notification server, the
/// buttons reach only a running Flick.
@MainActor
final class ReminderNotifier {
    private let store: TodoStore
    private let application: UnsafeMutablePointer<GApplication>
    private let clock: ReminderClock
    private let body: NotificationBody
    /// Whether the user asked Flick to run in the background (`BackgroundPreference.isOn`).
    private let runsInBackground: @MainActor () -> Bool
    private var timer: UInt32?
    private var isHolding = false
    /// Items whose reminder is shown and not answered (Complete, Remind in 1 Hour, opened).
    private var unanswered: Set<Int64> = []
    /// The longest wait between two looks at the reminders: the system clock may be changed
    /// or the machine suspended while a timer runs.
    private static let longestWait = 60.0

    init(store: TodoStore, application: UnsafeMutablePointer<GApplication>, clock: ReminderClock = ReminderClock(),
         runsInBackground: @escaping @MainActor () -> Bool = { BackgroundPreference().isOn }) {
        self.store = store
        self.runsInBackground = runsInBackground
        self.application = application
        self.clock = clock
        body = NotificationBody(application: application)
    }

    /// Shows what is due, then waits for the next reminder. Called at start and after every
    /// change to items.
    func update() {
        if let timer { MainLoop.cancel(timer) }
        timer = nil
        let now = clock.now
        guard let pending = try? store.pendingReminders(localZone: .current) else { return }
        for reminder in pending where reminder.fireDate <= now { show(reminder) }
        let later = pending.filter { $0.fireDate > now }
        setHolding(!later.isEmpty || !unanswered.isEmpty || runsInBackground())
        guard let next = later.map(\.fireDate).min() else { return }
        let wait = min(max(next.timeIntervalSince(now), 0.2), Self.longestWait)
        timer = MainLoop.after(seconds: wait) { [weak self] in
            self?.timer = nil
            self?.update()
        }
    }

    /// Takes back an item's notification (it was answered: completed, put off or opened).
    func withdraw(itemID: Int64) {
        unanswered.remove(itemID)
        g_application_withdraw_notification(application, Self.notificationID(itemID))
    }

    private func show(_ reminder: PendingReminder) {
        let notification = g_notification_new(reminder.title)!
        defer { g_object_unref(UnsafeMutableRawPointer(notification)) }
        g_notification_set_body(notification, body.text(reminder.listName))
        // A due reminder is what the user asked to be told of: high, above Flick's
        // other notifications (normal); never urgent, which a desktop keeps on screen until
        // answered and lets through "do not disturb". GNOME Shell and the portal are told the
        // priority; GLib's freedesktop backend sends high as urgency 1, as it sends normal.
        g_notification_set_priority(notification, G_NOTIFICATION_PRIORITY_HIGH)
        let target = g_variant_new_int64(Int(reminder.itemID))
        g_notification_set_default_action_and_target_value(notification, "app.open-item", target)
        g_notification_add_button_with_target_value(notification, tr("Complete"), "app.complete-reminder",
                                                    g_variant_new_int64(Int(reminder.itemID)))
        g_notification_add_button_with_target_value(notification, tr("Remind in 1 Hour"), "app.snooze-reminder",
                                                    g_variant_new_int64(Int(reminder.itemID)))
        g_application_send_notification(application, Self.notificationID(reminder.itemID), notification)
        unanswered.insert(reminder.itemID)
        // Shown once: a reminder is not shown again for the same time, even after a restart.
        try? store.markReminderShown(reminder)
    }

    private static func notificationID(_ itemID: Int64) -> String {
        "reminder-\(itemID)"
    }

    private func setHolding(_ hold: Bool) {
        guard hold != isHolding else { return }
        isHolding = hold
        if hold { g_application_hold(application) } else { g_application_release(application) }
    }
}
