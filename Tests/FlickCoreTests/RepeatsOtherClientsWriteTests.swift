import XCTest
@testable import FlickCore

/// Rules that Thunderbird, tasks.org, Nextcloud Tasks and jtx Board write, with parts Flick's own
/// editor never does: completing one moves it to the day its rule names, as libical (and
/// python-dateutil) compute it, not to the same day a month or a year on.
final class RepeatsOtherClientsWriteTests: XCTestCase {
    private func next(_ rrule: String, after due: DueDate) throws -> DueDate? {
        try XCTUnwrap(RepeatRule(rrule: rrule), rrule).next(after: due)
    }

    private func day(_ year: Int, _ month: Int, _ day: Int) -> DueDate {
        DueDate(year: year, month: month, day: day)
    }

    func testTheFirstMondayOfTheMonth() throws {
        XCTAssertEqual(try next("FREQ=MONTHLY;BYDAY=1MO", after: day(2026, 3, 2)), day(2026, 4, 6))
    }

    func testTheLastSundayOfOctober() throws {
        XCTAssertEqual(try next("FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", after: day(2026, 10, 25)), day(2027, 10, 31))
    }

    func testTheLastWeekdayOfTheMonth() throws {
        XCTAssertEqual(try next("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", after: day(2026, 2, 27)), day(2026, 3, 31))
    }

    /// Google Calendar and Evolution write "every weekday" as a daily rule.
    func testADailyRuleOnWeekdaysSkipsTheWeekend() throws {
        XCTAssertEqual(try next("FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR", after: day(2026, 11, 27)), day(2026, 11, 30))
    }

    func testTwoTimesADayKeepTheZone() throws {
        let morning = DueDate(year: 2026, month: 11, day: 27, hour: 9, minute: 30, timeZone: "Europe/Berlin")
        let evening = DueDate(year: 2026, month: 11, day: 27, hour: 17, minute: 30, timeZone: "Europe/Berlin")
        XCTAssertEqual(try next("FREQ=DAILY;BYHOUR=9,17;BYMINUTE=30", after: morning), evening)
    }

    func testCountAndUntilEndARuleLibicalSteps() throws {
        XCTAssertEqual(try next("FREQ=MONTHLY;BYDAY=1MO;COUNT=2", after: day(2026, 3, 2)), day(2026, 4, 6))
        XCTAssertNil(try next("FREQ=MONTHLY;BYDAY=1MO;COUNT=1", after: day(2026, 3, 2)), "the last of its count")
        XCTAssertEqual(try next("FREQ=MONTHLY;BYDAY=1MO;UNTIL=20260406", after: day(2026, 3, 2)), day(2026, 4, 6),
                       "UNTIL's own day is in")
        XCTAssertNil(try next("FREQ=MONTHLY;BYDAY=1MO;UNTIL=20260405", after: day(2026, 3, 2)))
    }

    func testCompletingInTheListMovesItToTheDayTheRuleNames() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["Pay the rent"])
        let id = document.wholeItems[0].id!
        try document.update(id) {
            $0.due = self.day(2026, 2, 27)
            $0.repeatRule = RepeatRule(rrule: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1")
        }
        XCTAssertEqual(try document.setCompleted(id, true), day(2026, 3, 31))
        XCTAssertEqual(document.item(id)?.due, day(2026, 3, 31))
        XCTAssertEqual(try document.fields(of: id).repeatRule?.rrule, "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
                       "the rule as it came")
    }

    func testUpcomingShowsTheSameOccurrences() throws {
        let rule = try XCTUnwrap(RepeatRule(rrule: "FREQ=MONTHLY;BYDAY=1MO"))
        let entry = UpcomingEntry(id: 1, due: day(2026, 3, 2), rule: rule)
        let shown = UpcomingAgenda.occurrences(of: entry, today: day(2026, 3, 1), through: 20_260_801)
        XCTAssertEqual(shown, [day(2026, 4, 6), day(2026, 5, 4), day(2026, 6, 1), day(2026, 7, 6)])
    }

    /// A rule no day fulfils ends the series rather than looping.
    func testARuleWithNoDayHasNoNextOccurrence() throws {
        XCTAssertNil(try next("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", after: day(2026, 3, 2)))
    }
}
