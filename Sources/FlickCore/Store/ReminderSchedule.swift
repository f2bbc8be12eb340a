import Foundation
import GRDB

/// Which reminders are pending, from the database. A reminder fires at the time its
/// rule gives (`Reminder.fireDate`), or at the time it was put off to ("Remind in 1 hour",
/// `snoozed_until`). `reminded_at` holds the second it was last shown for
/// (`PendingReminder.shownSecond`), so it is pending while its fire time is any other: a reminder
/// set in the past fires once, a changed due date makes it pending at the new time, a new zone
/// of the machine moves one on the local clock without showing it again, and a completed or
/// deleted item has none.
enum ReminderSchedule {
    static func pending(in db: Database, localZone: TimeZone) throws -> [PendingReminder] {
        // The partial index `item_reminder` holds only the items that have a reminder.
        let rows = try Row.fetchCursor(db, sql: """
            SELECT item.id, item.list_id, list.name, item.title, item.due_day, item.due_minute, item.due_zone,
                   item.reminder, item.reminded_at, item.snoozed_until
            FROM item INDEXED BY item_reminder JOIN list ON list.id = item.list_id
            WHERE item.reminder IS NOT NULL AND item.completed = 0
            """)
        var pending: [PendingReminder] = []
        while let row = try rows.next() {
            guard let times = times(of: row, localZone: localZone) else { continue }
            let reminder = PendingReminder(itemID: row[0], listID: row[1], listName: row[2], title: row[3],
                                           fireDate: times.fireDate, shownSecond: times.shownSecond)
            // A file from before `shownSecond` recorded the fire time's second for every reminder.
            let shown = row[8] as Int64?
            if shown != reminder.shownSecond, shown != reminder.fireSecond { pending.append(reminder) }
        }
        return pending.sorted { ($0.fireDate, $0.itemID) < ($1.fireDate, $1.itemID) }
    }

    /// When the row's reminder fires (at the time it was put off to, else as its rule says),
    /// and the second a shown one records: for one on the local clock, its fire time read in
    /// UTC; nil (the fire time's) for the others.
    private static func times(of row: Row, localZone: TimeZone) -> (fireDate: Date, shownSecond: Int64?)? {
        if let snoozed: Int64 = row[9] { return (Date(timeIntervalSince1970: TimeInterval(snoozed)), nil) }
        guard let text: String = row[7], let reminder = Reminder(storedText: text) else { return nil }
        let due = (row[4] as Int32?).flatMap { DueDate(dayNumber: $0, minuteOfDay: row[5], timeZone: row[6]) }
        guard let fireDate = reminder.fireDate(due: due, localZone: localZone) else { return nil }
        guard reminder.followsLocalClock(due: due), let utc = TimeZone(identifier: "UTC"),
              let wallClock = reminder.fireDate(due: due, localZone: utc) else { return (fireDate, nil) }
        return (fireDate, PendingReminder.second(of: wallClock))
    }

    /// Records that the reminder was shown for its fire time; not a change of the item.
    static func markShown(_ reminder: PendingReminder, in db: Database) throws {
        try db.execute(sql: "UPDATE item SET reminded_at = ? WHERE id = ?", arguments: [reminder.shownSecond, reminder.itemID])
    }

    /// Puts the item's reminder off until `date`, without changing its rule.
    static func snooze(itemID: Int64, until date: Date, in db: Database) throws {
        try db.execute(sql: "UPDATE item SET snoozed_until = ? WHERE id = ? AND reminder IS NOT NULL",
                       arguments: [Int64(date.timeIntervalSince1970.rounded(.down)), itemID])
    }
}
