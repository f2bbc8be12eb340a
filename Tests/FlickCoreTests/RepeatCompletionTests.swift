import XCTest
@testable import FlickCore

/// Completing a repeating item moves it to its next occurrence and leaves it open, as one
/// undoable step; a rule that has ended, or an item without a due date, completes as usual.
final class RepeatCompletionTests: XCTestCase {
    private let friday = DueDate(year: 2026, month: 11, day: 27, hour: 18, minute: 0, timeZone: "Europe/Berlin")

    private func repeating(_ rule: RepeatRule, due: DueDate?) throws -> (ListDocument, Int64, TestDatabase) {
        let db = TestDatabase()
        let (_, document) = try db.document(["Water the plants", "Other"])
        let id = document.wholeItems[0].id!
        try document.update(id) {
            $0.due = due
            $0.repeatRule = rule
        }
        return (document, id, db)
    }

    func testCompletingMovesTheDueDateToTheNextOccurrence() throws {
        let (document, id, db) = try repeating(RepeatRule(frequency: .weekly), due: friday)
        let next = try document.setCompleted(id, true)
        let expected = DueDate(year: 2026, month: 12, day: 4, hour: 18, minute: 0, timeZone: "Europe/Berlin")
        XCTAssertEqual(next, expected)
        XCTAssertEqual(document.item(id)?.due, expected)
        XCTAssertEqual(document.item(id)?.isCompleted, false, "it stays open for next time")
        XCTAssertEqual(try TodoStore(databaseURL: db.url).document(listID: document.list.id)?.item(id)?.due, expected)

        try document.undo()
        XCTAssertEqual(document.item(id)?.due, friday, "one undo brings back this occurrence")
        XCTAssertEqual(document.item(id)?.isCompleted, false)
    }

    /// Found by the kill trials: a reminder at a set time stayed on the first occurrence's day,
    /// so every later occurrence went unreminded.
    func testAReminderAtASetTimeMovesWithTheDueDate() throws {
        let (document, id, _) = try repeating(RepeatRule(frequency: .daily, interval: 3), due: friday)
        let evening = DueDate(year: 2026, month: 11, day: 26, hour: 21, minute: 30, timeZone: "Europe/Berlin")
        try document.update(id) { $0.reminder = .at(evening) }
        try document.setCompleted(id, true)
        let moved = DueDate(year: 2026, month: 11, day: 29, hour: 21, minute: 30, timeZone: "Europe/Berlin")
        XCTAssertEqual(try document.fields(of: id).reminder, .at(moved), "three days later, as the due date")
        try document.undo()
        XCTAssertEqual(try document.fields(of: id).reminder, .at(evening))

        try document.update(id) { $0.reminder = .beforeDue(minutes: 15) }
        try document.setCompleted(id, true)
        XCTAssertEqual(try document.fields(of: id).reminder, .beforeDue(minutes: 15), "it follows the due time itself")
    }

    func testDaysAreCountedAcrossMonthsYearsAndLeapDays() {
        let leap = DueDate(year: 2028, month: 2, day: 28, hour: 9, minute: 5, timeZone: "America/New_York")
        XCTAssertEqual(leap.addingDays(1), DueDate(year: 2028, month: 2, day: 29, hour: 9, minute: 5, timeZone: "America/New_York"))
        XCTAssertEqual(leap.addingDays(2), DueDate(year: 2028, month: 3, day: 1, hour: 9, minute: 5, timeZone: "America/New_York"))
        XCTAssertEqual(DueDate(year: 2026, month: 12, day: 31).addingDays(1), DueDate(year: 2027, month: 1, day: 1))
        XCTAssertEqual(DueDate(year: 2027, month: 1, day: 1).days(since: DueDate(year: 2026, month: 12, day: 31)), 1)
        XCTAssertEqual(DueDate(year: 2026, month: 3, day: 1).days(since: DueDate(year: 2026, month: 3, day: 31)), -30)
    }

    func testARuleThatHasEndedCompletesTheItem() throws {
        let rule = RepeatRule(frequency: .weekly, until: DueDate(year: 2026, month: 11, day: 30))
        let (document, id, _) = try repeating(rule, due: friday)
        XCTAssertNil(try document.setCompleted(id, true))
        XCTAssertEqual(document.item(id)?.isCompleted, true)
        XCTAssertEqual(document.item(id)?.due, friday)
    }

    /// Issue 57: tasks.org's COUNT is the occurrences left from the due date on; it was kept
    /// as it was, so the series went on one occurrence longer with each completion.
    func testACountGoesDownAndItsLastOccurrenceCompletesTheItem() throws {
        let (document, id, _) = try repeating(try XCTUnwrap(RepeatRule(rrule: "FREQ=WEEKLY;COUNT=2")), due: friday)
        try document.setCompleted(id, true)
        XCTAssertEqual(try document.fields(of: id).repeatRule?.rrule, "FREQ=WEEKLY;COUNT=1")
        XCTAssertEqual(document.item(id)?.isCompleted, false)
        XCTAssertNil(try document.setCompleted(id, true), "the last occurrence")
        XCTAssertEqual(document.item(id)?.isCompleted, true)
        XCTAssertEqual(try document.fields(of: id).repeatRule?.rrule, "FREQ=WEEKLY;COUNT=1")
        try document.undo()
        try document.undo()
        XCTAssertEqual(try document.fields(of: id).repeatRule?.rrule, "FREQ=WEEKLY;COUNT=2", "undone with the due date")
        XCTAssertEqual(document.item(id)?.due, friday)
    }

    func testARepeatingItemWithoutADueDateCompletes() throws {
        let (document, id, _) = try repeating(RepeatRule(frequency: .daily), due: nil)
        XCTAssertNil(try document.setCompleted(id, true))
        XCTAssertEqual(document.item(id)?.isCompleted, true)
    }
}
