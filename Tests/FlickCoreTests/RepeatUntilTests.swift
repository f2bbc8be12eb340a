import XCTest
@testable import FlickCore

/// UNTIL in each form RFC 5545 gives it (§3.3.10): read to the moment it names in the task's own
/// zone, kept as it came, and written by Flick in the form its due date asks. A date UNTIL beside
/// a timed due date ended the series a day early in libical and python-dateutil.
final class RepeatUntilTests: XCTestCase {
    private func berlin(_ month: Int, _ day: Int, _ hour: Int = 9) -> DueDate {
        DueDate(year: 2026, month: month, day: day, hour: hour, minute: 0, timeZone: "Europe/Berlin")
    }

    private func newYork(_ month: Int, _ day: Int) -> DueDate {
        DueDate(year: 2026, month: month, day: day, hour: 21, minute: 0, timeZone: "America/New_York")
    }

    private func rule(_ text: String) throws -> RepeatRule {
        try XCTUnwrap(RepeatRule(rrule: text), text)
    }

    func testAUTCUntilEndsTheSeriesOnItsDayInTheTasksZone() throws {
        // 04:59:59 UTC on 11 February is 23:59:59 on 10 February in New York.
        let daily = try rule("FREQ=DAILY;UNTIL=20260211T045959Z")
        XCTAssertEqual(daily.occurrences(after: newYork(2, 8), through: .max, limit: 10), [newYork(2, 9), newYork(2, 10)])
        XCTAssertEqual(try rule("FREQ=DAILY;BYHOUR=21;UNTIL=20260211T045959Z")
            .occurrences(after: newYork(2, 8), through: .max, limit: 10), [newYork(2, 9), newYork(2, 10)],
                       "libical's stepping is bound the same way")
    }

    func testAUTCUntilEndsTheSeriesAtItsTime() throws {
        // 07:59:59 UTC is 08:59:59 in Berlin in March: the 09:00 of 5 March is past it.
        let daily = try rule("FREQ=DAILY;UNTIL=20260305T075959Z")
        XCTAssertEqual(daily.occurrences(after: berlin(3, 2), through: .max, limit: 10), [berlin(3, 3), berlin(3, 4)])
        XCTAssertEqual(try rule("FREQ=DAILY;UNTIL=20260305T080000Z").occurrences(after: berlin(3, 2), through: .max, limit: 10),
                       [berlin(3, 3), berlin(3, 4), berlin(3, 5)], "UNTIL's own moment is in")
    }

    func testAFloatingUntilIsTheDueDatesWallClock() throws {
        let daily = try rule("FREQ=DAILY;UNTIL=20260304T090000")
        XCTAssertEqual(daily.occurrences(after: berlin(3, 2), through: .max, limit: 10), [berlin(3, 3), berlin(3, 4)])
    }

    func testFlickWritesUntilInTheFormTheDueDateAsks() {
        var daily = RepeatRule(frequency: .daily)
        daily.until = DueDate(year: 2026, month: 3, day: 10)
        XCTAssertEqual(daily.rrule(due: berlin(3, 2)), "FREQ=DAILY;UNTIL=20260310T225959Z", "the day's last second in Berlin, in UTC")
        XCTAssertEqual(daily.rrule(due: DueDate(year: 2026, month: 3, day: 2, hour: 9, minute: 0)), "FREQ=DAILY;UNTIL=20260310T235959",
                       "floating beside a floating time")
        XCTAssertEqual(daily.rrule(due: DueDate(year: 2026, month: 3, day: 2)), "FREQ=DAILY;UNTIL=20260310")
        daily.until = DueDate(year: 2026, month: 6, day: 10)
        XCTAssertEqual(daily.rrule(due: berlin(6, 2)), "FREQ=DAILY;UNTIL=20260610T215959Z", "summer time")
    }

    func testWhatFlickWritesEndsTheSeriesOnTheDayChosen() throws {
        var daily = RepeatRule(frequency: .daily)
        daily.until = DueDate(year: 2026, month: 3, day: 4)
        let stored = try rule(daily.rrule(due: berlin(3, 2)))
        XCTAssertEqual(stored.until, DueDate(year: 2026, month: 3, day: 4))
        XCTAssertEqual(stored.occurrences(after: berlin(3, 2), through: .max, limit: 10), [berlin(3, 3), berlin(3, 4)])
    }

    func testAnUntilFromAnotherClientIsWrittenBackAsItCame() throws {
        let text = "FREQ=WEEKLY;UNTIL=20260310T225959Z;WKST=SU"
        XCTAssertEqual(try rule(text).rrule(due: berlin(3, 2)), text)
        var changed = try rule(text)
        changed.until = DueDate(year: 2026, month: 3, day: 17)
        XCTAssertEqual(changed.rrule(due: berlin(3, 2)), "FREQ=WEEKLY;UNTIL=20260317T225959Z;WKST=SU", "a new day, in its form")
    }

    func testADateUntilMovesToATimeWhenTheItemGetsOne() throws {
        let dated = try rule("FREQ=DAILY;UNTIL=20260310")
        XCTAssertEqual(dated.rrule(due: DueDate(year: 2026, month: 3, day: 2)), "FREQ=DAILY;UNTIL=20260310")
        XCTAssertEqual(dated.rrule(due: berlin(3, 2)), "FREQ=DAILY;UNTIL=20260310T225959Z")
    }

    func testTheStoredRuleFollowsTheDueDatesForm() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["Vitamin D"])
        let id = document.wholeItems[0].id!
        try document.update(id) {
            $0.due = DueDate(year: 2026, month: 3, day: 2)
            $0.repeatRule = RepeatRule(rrule: "FREQ=DAILY;UNTIL=20260310")
        }
        try document.update(id) { $0.due = self.berlin(3, 2) }
        XCTAssertEqual(try document.fields(of: id).repeatRule?.rrule(due: nil), "FREQ=DAILY;UNTIL=20260310T225959Z")
    }

    func testUntilsThatAreNotDatesAreRefused() {
        for text in ["FREQ=DAILY;UNTIL=2026031", "FREQ=DAILY;UNTIL=20261310", "FREQ=DAILY;UNTIL=20260310T25", "FREQ=DAILY;UNTIL=20260310X090000"] {
            XCTAssertNil(RepeatRule(rrule: text), text)
        }
    }
}
