import GRDB
import XCTest
@testable import FlickCore

/// A series' EXDATE and RDATE (RFC 5545 §3.8.5.1-2), which jtx Board, Thunderbird and Evolution
/// write: completing the task skips an occurrence an EXDATE takes out and stops at one an RDATE
/// adds, Upcoming shows the same days, and COUNT counts as RFC 5545 counts it.
final class RepeatSeriesTests: XCTestCase {
    private func day(_ year: Int, _ month: Int, _ day: Int) -> DueDate {
        DueDate(year: year, month: month, day: day)
    }

    private func berlin(_ month: Int, _ day: Int, _ hour: Int) -> DueDate {
        DueDate(year: 2026, month: month, day: day, hour: hour, minute: 0, timeZone: "Europe/Berlin")
    }

    private func rule(_ text: String) throws -> RepeatRule {
        try XCTUnwrap(RepeatRule(rrule: text), text)
    }

    /// The text Flick keeps of a synced or imported task, with a changed occurrence after it.
    private func calendar(_ lines: [String]) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VTODO", "UID:series", "DTSTAMP:20260101T000000Z"] + lines
            + ["END:VTODO", "BEGIN:VTODO", "UID:series", "RECURRENCE-ID;VALUE=DATE:20260323",
               "EXDATE;VALUE=DATE:20260330", "STATUS:COMPLETED", "END:VTODO", "END:VCALENDAR", ""]).joined(separator: "\r\n")
    }

    func testExdatesAreReadFromTheSeriesNotFromAChangedOccurrence() {
        let text = calendar(["DUE;VALUE=DATE:20260302", "RRULE:FREQ=WEEKLY",
                             "EXDATE;VALUE=DATE:20260309,20260316", "EXDATE;VALUE=DATE:20260406"])
        let exceptions = RepeatExceptions(ical: text, like: day(2026, 3, 2))
        XCTAssertEqual(exceptions.excluded, [day(2026, 3, 9), day(2026, 3, 16), day(2026, 4, 6)])
        XCTAssertEqual(exceptions.added, [])
    }

    func testTimesInUTCAndOtherZonesAreReadInTheDueDatesZone() {
        let text = calendar(["DUE;TZID=Europe/Berlin:20260302T090000", "RRULE:FREQ=DAILY",
                             "EXDATE:20260303T080000Z", "EXDATE;TZID=America/New_York:20260304T030000",
                             "RDATE;TZID=Europe/Berlin:20260302T180000"])
        let exceptions = RepeatExceptions(ical: text, like: berlin(3, 2, 9))
        XCTAssertEqual(exceptions.excluded, [berlin(3, 3, 9), berlin(3, 4, 9)], "08:00 UTC and 03:00 in New York are 09:00 in Berlin")
        XCTAssertEqual(exceptions.added, [berlin(3, 2, 18)])
    }

    func testTextWithNeitherIsNotRead() {
        XCTAssertEqual(RepeatExceptions(ical: calendar(["RRULE:FREQ=DAILY"]).replacingOccurrences(of: "EXDATE", with: "X-NOTE"),
                                        like: day(2026, 3, 2)), .none)
        XCTAssertEqual(RepeatExceptions(ical: "BEGIN:VTODO\r\nEXDATE:garbage\r\n", like: day(2026, 3, 2)).excluded, [],
                       "text libical cannot read has none")
    }

    func testCompletingSkipsWhatAnExdateTakesOutAndCountsItInTheCount() throws {
        let series = RepeatSeries(rule: try rule("FREQ=WEEKLY;COUNT=5"),
                                  exceptions: RepeatExceptions(excluded: [day(2026, 3, 9), day(2026, 3, 16)], added: []))
        let next = try XCTUnwrap(series.next(after: day(2026, 3, 2)))
        XCTAssertEqual(next.due, day(2026, 3, 23))
        XCTAssertEqual(next.rule.rrule, "FREQ=WEEKLY;COUNT=2", "5 from 2 March: 2, 9, 16 passed; 23 and 30 left")
        let last = try XCTUnwrap(RepeatSeries(rule: next.rule, exceptions: series.exceptions).next(after: next.due))
        XCTAssertEqual(last.due, day(2026, 3, 30))
        XCTAssertNil(RepeatSeries(rule: last.rule, exceptions: series.exceptions).next(after: last.due), "the count is spent")
    }

    func testAnRdateBeforeTheRulesNextIsTheNextAndStartsTheCount() throws {
        let series = RepeatSeries(rule: try rule("FREQ=MONTHLY;BYDAY=1MO;COUNT=3"),
                                  exceptions: RepeatExceptions(excluded: [], added: [day(2026, 3, 20), day(2026, 1, 5)]))
        let next = try XCTUnwrap(series.next(after: day(2026, 3, 2)))
        XCTAssertEqual(next.due, day(2026, 3, 20), "the RDATE before 6 April; the one in January is past")
        XCTAssertEqual(next.rule.rrule, "FREQ=MONTHLY;BYDAY=1MO;COUNT=3", "20 March counts as the first of the 3")
        XCTAssertEqual(RepeatSeries(rule: try rule("FREQ=MONTHLY;BYDAY=1MO;COUNT=1"), exceptions: series.exceptions)
            .next(after: day(2026, 3, 2))?.due, day(2026, 3, 20), "an RDATE outlives the rule's count")
    }

    func testAnExdateCanTakeOutAnRdate() throws {
        let series = RepeatSeries(rule: try rule("FREQ=MONTHLY"),
                                  exceptions: RepeatExceptions(excluded: [day(2026, 3, 20)], added: [day(2026, 3, 20)]))
        XCTAssertEqual(series.next(after: day(2026, 3, 2))?.due, day(2026, 4, 2))
    }

    func testUpcomingShowsTheSeriesDaysOnce() throws {
        let exceptions = RepeatExceptions(excluded: [day(2026, 3, 9)], added: [day(2026, 3, 11), day(2026, 3, 16)])
        let entry = UpcomingEntry(id: 1, due: day(2026, 3, 2), rule: try rule("FREQ=WEEKLY"), exceptions: exceptions)
        XCTAssertEqual(UpcomingAgenda.occurrences(of: entry, today: day(2026, 3, 1), through: 20_260_325),
                       [day(2026, 3, 11), day(2026, 3, 16), day(2026, 3, 23)], "16 March both ruled and added: once")
    }

    func testCompletingInTheListReadsTheTasksOwnText() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["Piano lesson"])
        let id = document.wholeItems[0].id!
        try document.update(id) {
            $0.due = self.day(2026, 3, 2)
            $0.repeatRule = RepeatRule(rrule: "FREQ=WEEKLY")
        }
        let text = calendar(["DUE;VALUE=DATE:20260302", "RRULE:FREQ=WEEKLY", "EXDATE;VALUE=DATE:20260309"])
        try DatabaseQueue(path: db.url.path).write { try $0.execute(sql: "UPDATE item SET ical = ? WHERE id = ?", arguments: [text, id]) }
        XCTAssertEqual(try store.upcoming(day: day(2026, 3, 1))?.entries.first?.exceptions.excluded, [day(2026, 3, 9)])
        XCTAssertEqual(try document.setCompleted(id, true), day(2026, 3, 16))
        XCTAssertEqual(document.item(id)?.due, day(2026, 3, 16))
    }
}
