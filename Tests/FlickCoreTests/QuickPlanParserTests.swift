import Foundation
import XCTest
@testable import FlickCore

/// A due date and a repeat typed together at the end of a title (issue 59), against a fixed
/// clock: Friday 20 November 2026, 10:00 in Berlin, unless a test says otherwise.
final class QuickPlanParserTests: XCTestCase {
    private let berlin = TimeZone(identifier: "Europe/Berlin")!

    private func moment(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 10) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = berlin
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour))!
    }

    private func plan(_ title: String, _ dates: QuickDateWords = .english, _ repeats: QuickRepeatWords = .english,
                      now: Date? = nil) -> QuickPlan? {
        QuickPlanParser(dates: QuickDateParser(words: dates, order: .dayMonth, timeZone: berlin),
                        repeats: QuickRepeatParser(words: repeats)).parse(title, now: now ?? moment(2026, 11, 20))
    }

    private func date(_ year: Int, _ month: Int, _ day: Int) -> DueDate {
        DueDate(year: year, month: month, day: day)
    }

    private func dateTime(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) -> DueDate {
        DueDate(year: year, month: month, day: day, hour: hour, minute: minute, timeZone: "Europe/Berlin")
    }

    private func rule(_ rrule: String) -> RepeatRule {
        RepeatRule(rrule: rrule)!
    }

    func testWithNoDateTypedTheFirstOccurrenceIsDueAsAStepBeforeTheRule() {
        // Saturday 21 November: the next Friday is the 27th.
        XCTAssertEqual(plan("Water plants every Friday", now: moment(2026, 11, 21)),
                       QuickPlan(steps: [.due(date(2026, 11, 27), title: "Water plants every Friday"),
                                         .repeats(rule("FREQ=WEEKLY;BYDAY=FR"), title: "Water plants")],
                                 dueIsFirstOccurrence: true))
        XCTAssertEqual(plan("Water plants every Friday")?.due, date(2026, 11, 20), "today is a Friday: from today on")
        XCTAssertEqual(plan("Take the pills daily")?.due, date(2026, 11, 20), "today for a daily rule")
        XCTAssertEqual(plan("Rent monthly on the 1st")?.due, date(2026, 12, 1), "the next 1st")
        XCTAssertEqual(plan("Rent monthly on the 1st", now: moment(2026, 12, 1))?.due, date(2026, 12, 1))
        XCTAssertEqual(plan("Gym every 2 weeks")?.due, date(2026, 11, 20))
        XCTAssertEqual(plan("Standup every weekday", now: moment(2026, 11, 21))?.due, date(2026, 11, 23), "Monday")
        XCTAssertEqual(plan("Water plants every Friday")?.title, "Water plants")
    }

    func testATimeAfterTheRuleIsReadAndMovedToTheFirstOccurrence() {
        // 9:00 has passed on Friday: tomorrow, a Saturday, is no weekday: Monday at 9:00.
        XCTAssertEqual(plan("Standup every weekday 9:00"),
                       QuickPlan(steps: [.due(dateTime(2026, 11, 23, 9, 0), title: "Standup every weekday"),
                                         .repeats(.weekdaysOnly, title: "Standup")]))
        XCTAssertEqual(plan("Call mum every Sunday at 18:00")?.due, dateTime(2026, 11, 22, 18, 0))
        XCTAssertEqual(plan("Call mum every Sunday at 18:00")?.title, "Call mum",
                       "not \"Call mum every\" with Sunday read as the date")
        XCTAssertEqual(plan("Call mum every Friday 18:00")?.due, dateTime(2026, 11, 20, 18, 0), "still ahead today")
    }

    func testADateBeforeOrAfterTheRule() {
        XCTAssertEqual(plan("Dentist 4/12 every 6 months"),
                       QuickPlan(steps: [.repeats(rule("FREQ=MONTHLY;INTERVAL=6"), title: "Dentist 4/12"),
                                         .due(date(2026, 12, 4), title: "Dentist")]))
        XCTAssertEqual(plan("Pay rent monthly tomorrow")?.due, date(2026, 11, 21))
        XCTAssertEqual(plan("Pay rent monthly tomorrow")?.rule, rule("FREQ=MONTHLY"))
        XCTAssertEqual(plan("Report every Friday 24/12")?.due, date(2026, 12, 25), "24 December is a Thursday")
    }

    func testWithoutARepeatItIsTheDateParsers() {
        XCTAssertEqual(plan("Pay rent tomorrow"), QuickPlan(steps: [.due(date(2026, 11, 21), title: "Pay rent")]))
        XCTAssertNil(plan("Buy milk"))
        XCTAssertNil(plan("every Friday"), "the title would be empty")
        XCTAssertNil(plan("Read Every Day Is a Gift"))
    }

    func testOtherLanguages() {
        XCTAssertEqual(plan("Sport jeden Montag um 18 Uhr", .german, .german)?.due, dateTime(2026, 11, 23, 18, 0))
        XCTAssertEqual(plan("Sport jeden Montag um 18 Uhr", .german, .german)?.title, "Sport")
        XCTAssertEqual(plan("Loyer tous les mois le 1er", .french, .french)?.due, date(2026, 12, 1))
        XCTAssertEqual(plan("Gimnasio cada lunes a las 7:00", .spanish, .spanish)?.due, dateTime(2026, 11, 23, 7, 0))
        XCTAssertEqual(plan("להשקות עציצים כל יום שישי", .hebrew, .hebrew)?.due, date(2026, 11, 20))
        XCTAssertEqual(plan("להשקות עציצים כל יום שישי", .hebrew, .hebrew)?.rule, rule("FREQ=WEEKLY;BYDAY=FR"))
    }

    // MARK: With a start date (issue 59)

    func testAStartTypedLastIsTakenOffFirstAndARepeatBeginsOnItsDay() {
        // Friday 20 November; "from Monday" is the 23rd, and a rule with no date typed begins
        // there, not today.
        XCTAssertEqual(plan("Gym every 2 weeks from Monday"),
                       QuickPlan(steps: [.start(date(2026, 11, 23), title: "Gym every 2 weeks"),
                                         .due(date(2026, 11, 23), title: "Gym every 2 weeks"),
                                         .repeats(rule("FREQ=WEEKLY;INTERVAL=2"), title: "Gym")],
                                 dueIsFirstOccurrence: true))
        XCTAssertEqual(plan("Water plants every Friday from next week")?.due, date(2026, 11, 27),
                       "the first Friday from the start on")
    }

    func testAStartBeforeADueDateIsTakenOffAfterIt() {
        XCTAssertEqual(plan("Report from Monday by Friday")?.steps,
                       [.due(date(2026, 11, 27), title: "Report from Monday"),
                        .start(date(2026, 11, 23), title: "Report")])
        XCTAssertEqual(plan("Plan trip from Monday")?.steps, [.start(date(2026, 11, 23), title: "Plan trip")],
                       "a start alone is no due date")
    }
}
