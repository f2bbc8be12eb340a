import Foundation
import XCTest
@testable import FlickCore

/// Which reminders are pending, with times given explicitly (no test reads the clock): a
/// reminder fires once for its time, moves with its due date, and never fires for an item that
/// is completed or deleted.
final class ReminderScheduleTests: XCTestCase {
    private let berlin = TimeZone(identifier: "Europe/Berlin")!

    private func utc(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text)!
    }

    private func document(dueAt due: DueDate?, reminder: Reminder?) throws -> (TestDatabase, TodoStore, ListDocument, Int64) {
        let db = TestDatabase()
        let (store, document) = try db.document(["Call mum", "Other"])
        let id = document.wholeItems[0].id!
        try document.update(id) {
            $0.due = due
            $0.reminder = reminder
        }
        return (db, store, document, id)
    }

    func testAReminderInThePastFiresOnceEvenAfterARestart() throws {
        let due = DueDate(year: 2020, month: 1, day: 1, hour: 9, minute: 0, timeZone: "Europe/Berlin")
        let (db, store, _, id) = try document(dueAt: due, reminder: .beforeDue(minutes: 0))
        let pending = try store.pendingReminders(localZone: berlin)
        XCTAssertEqual(pending.map(\.itemID), [id])
        XCTAssertEqual(pending.first?.fireDate, utc("2020-01-01T08:00:00Z"))
        XCTAssertEqual(pending.first?.listName, "Test")
        try store.markReminderShown(pending[0])
        XCTAssertEqual(try store.pendingReminders(localZone: berlin), [])
        XCTAssertEqual(try TodoStore(databaseURL: db.url).pendingReminders(localZone: berlin), [], "not again after a restart")
    }

    func testAChangedDueDateMovesItsReminderAndMakesItPendingAgain() throws {
        let due = DueDate(year: 2026, month: 11, day: 27, hour: 18, minute: 0, timeZone: "Europe/Berlin")
        let (_, store, document, id) = try document(dueAt: due, reminder: .beforeDue(minutes: 15))
        let first = try XCTUnwrap(try store.pendingReminders(localZone: berlin).first)
        XCTAssertEqual(first.fireDate, utc("2026-11-27T16:45:00Z"), "15 minutes before 18:00 in Berlin")
        try store.markReminderShown(first)
        try document.update(id) { $0.due = DueDate(year: 2026, month: 11, day: 28, hour: 18, minute: 0, timeZone: "Europe/Berlin") }
        XCTAssertEqual(try store.pendingReminders(localZone: berlin).map(\.fireDate), [utc("2026-11-28T16:45:00Z")])
    }

    func testCompletedAndDeletedItemsHaveNoReminder() throws {
        let due = DueDate(year: 2026, month: 11, day: 27, hour: 18, minute: 0, timeZone: "Europe/Berlin")
        let (_, store, document, id) = try document(dueAt: due, reminder: .beforeDue(minutes: 0))
        try document.setCompleted(id, true)
        XCTAssertEqual(try store.pendingReminders(localZone: berlin), [])
        try document.setCompleted(id, false)
        XCTAssertEqual(try store.pendingReminders(localZone: berlin).count, 1, "reopened, not shown yet")
        try document.delete(id)
        XCTAssertEqual(try store.pendingReminders(localZone: berlin), [])
    }

    func testAReminderTiedToTheDueTimeOfAnUndatedItemNeverFires() throws {
        let (_, store, _, _) = try document(dueAt: nil, reminder: .beforeDue(minutes: 0))
        XCTAssertEqual(try store.pendingReminders(localZone: berlin), [])
    }

    func testADateAloneRemindsAtNineInTheLocalZone() throws {
        let (_, store, _, _) = try document(dueAt: DueDate(year: 2026, month: 12, day: 24), reminder: .beforeDue(minutes: 0))
        XCTAssertEqual(try store.pendingReminders(localZone: berlin).first?.fireDate, utc("2026-12-24T08:00:00Z"))
    }

    func testWallClockTimesHoldAcrossDaylightSavingChanges() throws {
        let spring = DueDate(year: 2026, month: 3, day: 29, hour: 9, minute: 0, timeZone: "Europe/Berlin")
        let (_, store, document, id) = try document(dueAt: spring, reminder: .beforeDue(minutes: 0))
        XCTAssertEqual(try store.pendingReminders(localZone: berlin).first?.fireDate, utc("2026-03-29T07:00:00Z"),
                       "summer time began at 02:00 that day")
        try document.update(id) { $0.due = DueDate(year: 2026, month: 10, day: 25, hour: 9, minute: 0, timeZone: "Europe/Berlin") }
        XCTAssertEqual(try store.pendingReminders(localZone: berlin).first?.fireDate, utc("2026-10-25T08:00:00Z"),
                       "winter time began at 03:00 that day")
        let chosen = Reminder.at(DueDate(year: 2026, month: 3, day: 30, hour: 8, minute: 30, timeZone: "America/New_York"))
        try document.update(id) { $0.reminder = chosen }
        XCTAssertEqual(try store.pendingReminders(localZone: berlin).first?.fireDate, utc("2026-03-30T12:30:00Z"))
    }

    /// The machine's zone changed while Flick ran (issue 74, point 6): a reminder on the local
    /// clock moves to that time in the new zone, one in a zone of its own keeps its instant, and
    /// neither is shown again for having moved.
    func testANewZoneMovesLocalClockRemindersAndShowsNoneTwice() throws {
        let newYork = TimeZone(identifier: "America/New_York")!
        let (_, store, document, id) = try document(dueAt: DueDate(year: 2026, month: 12, day: 24), reminder: .beforeDue(minutes: 0))
        try store.markReminderShown(try XCTUnwrap(try store.pendingReminders(localZone: berlin).first))
        XCTAssertEqual(try store.pendingReminders(localZone: newYork), [], "9:00 in Berlin was shown: not again at 9:00 in New York")
        XCTAssertEqual(try store.pendingReminders(localZone: berlin), [])

        try document.update(id) { $0.due = DueDate(year: 2026, month: 12, day: 25) }
        XCTAssertEqual(try store.pendingReminders(localZone: newYork).first?.fireDate, utc("2026-12-25T14:00:00Z"),
                       "not shown yet: 9:00 by New York's clock")

        let zoned = Reminder.at(DueDate(year: 2026, month: 12, day: 25, hour: 9, minute: 0, timeZone: "Europe/Berlin"))
        try document.update(id) { $0.reminder = zoned }
        try store.markReminderShown(try XCTUnwrap(try store.pendingReminders(localZone: berlin).first))
        XCTAssertEqual(try store.pendingReminders(localZone: newYork), [], "the same instant, shown")
    }

    /// Before local-clock reminders recorded a second of their own, every shown reminder
    /// recorded its fire time's: those are not shown again either.
    func testAReminderShownByAnOlderFlickIsNotShownAgain() throws {
        let (_, store, _, id) = try document(dueAt: DueDate(year: 2026, month: 12, day: 24), reminder: .beforeDue(minutes: 0))
        let firing = Int64(utc("2026-12-24T08:00:00Z").timeIntervalSince1970)
        try store.queue.write { try $0.execute(sql: "UPDATE item SET reminded_at = ? WHERE id = ?", arguments: [firing, id]) }
        XCTAssertEqual(try store.pendingReminders(localZone: berlin), [])
    }

    func testRemindInAnHourFiresThenAndANewDueDateEndsIt() throws {
        let due = DueDate(year: 2026, month: 11, day: 27, hour: 18, minute: 0, timeZone: "Europe/Berlin")
        let (_, store, document, id) = try document(dueAt: due, reminder: .beforeDue(minutes: 0))
        try store.markReminderShown(try XCTUnwrap(try store.pendingReminders(localZone: berlin).first))
        try store.snoozeReminder(itemID: id, until: utc("2026-11-27T18:00:00Z"))
        let snoozed = try XCTUnwrap(try store.pendingReminders(localZone: berlin).first)
        XCTAssertEqual(snoozed.fireDate, utc("2026-11-27T18:00:00Z"))
        try store.markReminderShown(snoozed)
        XCTAssertEqual(try store.pendingReminders(localZone: berlin), [], "shown once at the later time")

        try document.update(id) { $0.notes = "bring flowers" }
        XCTAssertEqual(try store.pendingReminders(localZone: berlin), [], "a note leaves the reminder as it was")
        try document.update(id) { $0.due = DueDate(year: 2026, month: 11, day: 29, hour: 10, minute: 0, timeZone: "Europe/Berlin") }
        XCTAssertEqual(try store.pendingReminders(localZone: berlin).map(\.fireDate), [utc("2026-11-29T09:00:00Z")],
                       "a new due date ends the put-off and fires at its own time")
    }
}
