import XCTest
@testable import FlickCore

/// Postponing (issue 59): to tomorrow, next week or someday, as one undoable step; never nearer
/// than the item's own date; a reminder at a set time moving with the due date.
final class PostponeTests: XCTestCase {
    /// Friday 27 November 2026.
    private let today = DueDate(year: 2026, month: 11, day: 27)

    func testTomorrowIsTheDayAfterTodayKeepingTheTimeOfDay() {
        XCTAssertEqual(PostponeTarget.tomorrow.due(postponing: nil, today: today), DueDate(year: 2026, month: 11, day: 28))
        let overdueEvening = DueDate(year: 2026, month: 11, day: 20, hour: 18, minute: 30, timeZone: "Europe/Berlin")
        XCTAssertEqual(PostponeTarget.tomorrow.due(postponing: overdueEvening, today: today),
                       DueDate(year: 2026, month: 11, day: 28, hour: 18, minute: 30, timeZone: "Europe/Berlin"))
        XCTAssertEqual(PostponeTarget.tomorrow.due(postponing: today, today: today), DueDate(year: 2026, month: 11, day: 28))
    }

    func testAnItemDueTomorrowOrLaterGoesADayFurtherNeverNearer() {
        let nextFriday = DueDate(year: 2026, month: 12, day: 4, hour: 9, minute: 0, timeZone: "UTC")
        XCTAssertEqual(PostponeTarget.tomorrow.due(postponing: nextFriday, today: today),
                       DueDate(year: 2026, month: 12, day: 5, hour: 9, minute: 0, timeZone: "UTC"))
        XCTAssertEqual(PostponeTarget.tomorrow.due(postponing: DueDate(year: 2026, month: 11, day: 28), today: today),
                       DueDate(year: 2026, month: 11, day: 29))
    }

    func testNextWeekIsTheComingMondayOrAWeekOnFromALaterDate() {
        XCTAssertEqual(PostponeTarget.nextWeek.due(postponing: nil, today: today), DueDate(year: 2026, month: 11, day: 30))
        let monday = DueDate(year: 2026, month: 11, day: 30)
        XCTAssertEqual(PostponeTarget.nextWeek.due(postponing: nil, today: monday), DueDate(year: 2026, month: 12, day: 7),
                       "on a Monday, the Monday after")
        XCTAssertEqual(PostponeTarget.nextWeek.due(postponing: nil, today: DueDate(year: 2026, month: 11, day: 29)), monday,
                       "on a Sunday, the next day")
        XCTAssertEqual(PostponeTarget.nextWeek.due(postponing: DueDate(year: 2026, month: 12, day: 2), today: today),
                       DueDate(year: 2026, month: 12, day: 9))
    }

    func testSomedayTakesTheDateAway() {
        XCTAssertNil(PostponeTarget.someday.due(postponing: today, today: today))
        XCTAssertNil(PostponeTarget.someday.due(postponing: nil, today: today))
    }

    func testPostponingIsOneUndoableStepAndMovesASetReminder() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["Call the bank", "Other"])
        let id = document.wholeItems[0].id!
        let due = DueDate(year: 2026, month: 11, day: 25, hour: 10, minute: 0, timeZone: "Europe/Berlin")
        let reminder = DueDate(year: 2026, month: 11, day: 25, hour: 8, minute: 0, timeZone: "Europe/Berlin")
        try document.update(id) {
            $0.due = due
            $0.reminder = .at(reminder)
        }
        let outcome = try document.perform(.postpone(itemID: id, to: .tomorrow, today: today))
        let tomorrow = DueDate(year: 2026, month: 11, day: 28, hour: 10, minute: 0, timeZone: "Europe/Berlin")
        XCTAssertEqual(outcome, .postponed(tomorrow))
        XCTAssertEqual(document.item(id)?.due, tomorrow)
        XCTAssertEqual(try document.fields(of: id).reminder,
                       .at(DueDate(year: 2026, month: 11, day: 28, hour: 8, minute: 0, timeZone: "Europe/Berlin")),
                       "three days later, as the due date")
        XCTAssertEqual(try TodoStore(databaseURL: db.url).document(listID: document.list.id)?.item(id)?.due, tomorrow)
        try document.undo()
        XCTAssertEqual(document.item(id)?.due, due, "one undo brings the date back")
        XCTAssertEqual(try document.fields(of: id).reminder, .at(reminder))
        try document.redo()
        XCTAssertEqual(document.item(id)?.due, tomorrow)
    }

    func testAnItemThatHasGoneIsLeftAlone() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["Gone"])
        let id = document.wholeItems[0].id!
        try document.delete(id)
        XCTAssertEqual(try document.perform(.postpone(itemID: id, to: .tomorrow, today: today)), .done)
    }

    func testTheStartMovesWithTheDueDateAndAStartAloneMovesItself() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["Paint the fence", "Write the report", "Other"])
        let (fence, report) = (document.wholeItems[0].id!, document.wholeItems[1].id!)
        try document.update(fence) {
            $0.due = DueDate(year: 2026, month: 11, day: 26)
            $0.start = DueDate(year: 2026, month: 11, day: 24)
        }
        try document.update(report) { $0.start = DueDate(year: 2026, month: 11, day: 30) }

        try document.postpone(fence, to: .tomorrow, today: today)
        XCTAssertEqual(try document.fields(of: fence).due, DueDate(year: 2026, month: 11, day: 28))
        XCTAssertEqual(try document.fields(of: fence).start, DueDate(year: 2026, month: 11, day: 26),
                       "two days before its due date, as it was")
        XCTAssertEqual(try document.postpone(report, to: .tomorrow, today: today), DueDate(year: 2026, month: 12, day: 1),
                       "a day after its own start, never nearer")
        XCTAssertEqual(try document.fields(of: report).start, DueDate(year: 2026, month: 12, day: 1))
        XCTAssertNil(try document.fields(of: report).due)

        try document.postpone(fence, to: .someday, today: today)
        XCTAssertNil(try document.fields(of: fence).due)
        XCTAssertNil(try document.fields(of: fence).start, "someday has no dates at all")
        try document.undo()
        XCTAssertEqual(try document.fields(of: fence).start, DueDate(year: 2026, month: 11, day: 26))
    }
}
