import Foundation

extension TodoStore {
    /// Every reminder not yet shown for its time, soonest first (see `ReminderSchedule`).
    public func pendingReminders(localZone: TimeZone) throws -> [PendingReminder] {
        try queue.readKeepingStatements { db in try ReminderSchedule.pending(in: db, localZone: localZone) }
    }

    public func markReminderShown(_ reminder: PendingReminder) throws {
        try queue.save { db in try ReminderSchedule.markShown(reminder, in: db) }
    }

    /// "Remind in 1 hour": the item's reminder fires again at `date`.
    public func snoozeReminder(itemID: Int64, until date: Date) throws {
        try queue.save { db in try ReminderSchedule.snooze(itemID: itemID, until: date, in: db) }
    }
}
