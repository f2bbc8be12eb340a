import FlickCore
import XCTest
@testable import FlickSync

/// Times in Europe/Berlin on the days its clocks change in 2026: 29 March (02:00 CET becomes
/// 03:00 CEST, 01:00 UTC) and 25 October (03:00 CEST becomes 02:00 CET, 01:00 UTC).
final class DaylightSavingTests: XCTestCase {
    private func berlin(_ month: Int, _ day: Int, _ hour: Int, _ minute: Int) -> DueDate {
        DueDate(year: 2026, month: month, day: day, hour: hour, minute: minute, timeZone: "Europe/Berlin")
    }

    private func read(_ properties: String) throws -> VTodoFields {
        try ICS.only(ICS.todo(properties)).fields(localZone: ICS.berlin)
    }

    func testAZonedWallClockStaysAsWrittenEvenInTheSkippedHour() throws {
        XCTAssertEqual(try read("DUE;TZID=Europe/Berlin:20260329T023000").due, berlin(3, 29, 2, 30))
    }

    func testUTCTimesAroundTheSpringChange() throws {
        XCTAssertEqual(try read("DUE:20260329T005900Z").due, berlin(3, 29, 1, 59))
        XCTAssertEqual(try read("DUE:20260329T010000Z").due, berlin(3, 29, 3, 0))
    }

    func testBothUTCTimesOfTheRepeatedAutumnHourAreTheSameWallClock() throws {
        XCTAssertEqual(try read("DUE:20261025T003000Z").due, berlin(10, 25, 2, 30))
        XCTAssertEqual(try read("DUE:20261025T013000Z").due, berlin(10, 25, 2, 30))
        XCTAssertEqual(try read("DUE:20261025T020000Z").due, berlin(10, 25, 3, 0))
    }

    func testOutlookZoneChangesOnTheSameDay() throws {
        func due(_ value: String) throws -> DueDate? {
            try ICS.only(ICS.calendar(ICS.outlookBerlinZone
                + "\nBEGIN:VTODO\nUID:o-1\nDUE;TZID=W. Europe Standard Time:\(value)\nEND:VTODO"))
                .fields(localZone: ICS.utcZone).due
        }
        let utc = ICS.utcZone.identifier
        XCTAssertEqual(try due("20260329T015900"),
                       DueDate(year: 2026, month: 3, day: 29, hour: 0, minute: 59, timeZone: utc))
        XCTAssertEqual(try due("20260329T030000"),
                       DueDate(year: 2026, month: 3, day: 29, hour: 1, minute: 0, timeZone: utc))
        XCTAssertEqual(try due("20261025T033000"),
                       DueDate(year: 2026, month: 10, day: 25, hour: 2, minute: 30, timeZone: utc))
    }

    func testAbsoluteTriggersAroundTheSpringChange() throws {
        let alarm = "BEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:x\nTRIGGER;VALUE=DATE-TIME:%@\nEND:VALARM"
        XCTAssertEqual(try read(alarm.replacingOccurrences(of: "%@", with: "20260329T005900Z")).reminder,
                       .at(berlin(3, 29, 1, 59)))
        XCTAssertEqual(try read(alarm.replacingOccurrences(of: "%@", with: "20260329T010000Z")).reminder,
                       .at(berlin(3, 29, 3, 0)))
    }

    func testRemindersOnTheChangeDaysAreWrittenAsTheirInstants() {
        let cases: [(DueDate, String)] = [
            (berlin(3, 29, 1, 59), "20260329T005900Z"),
            (berlin(3, 29, 3, 0), "20260329T010000Z"),
            (berlin(10, 25, 3, 0), "20261025T020000Z"),
            (berlin(10, 25, 1, 59), "20261024T235900Z"),
        ]
        for (time, trigger) in cases {
            var fields = VTodoFields(uid: "dst")
            fields.reminder = .at(time)
            let text = VTodo.new(from: fields, localZone: ICS.berlin, now: ICS.now).text
            XCTAssertTrue(text.contains("\r\nTRIGGER;VALUE=DATE-TIME:\(trigger)\r\n"), "\(time): \(text)")
        }
    }

    func testDTStartOnTheChangeDayIsComparedAsAnInstant() throws {
        // 03:30 CEST is 01:30 UTC, after a due time of 01:00 UTC (03:00 CEST): DTSTART moves.
        let text = "BEGIN:VTODO\nUID:d-1\nDTSTAMP:20260101T000000Z\nSEQUENCE:1\nLAST-MODIFIED:20260101T000000Z\n"
            + "DTSTART;TZID=Europe/Berlin:20260329T033000\nDUE;TZID=Europe/Berlin:20260329T040000\nEND:VTODO"
        let todo = try ICS.only(ICS.calendar(text))
        let patched = try ICS.patch(todo) { $0.due = self.berlin(3, 29, 3, 0) }
        XCTAssertEqual(patched.text, try ICS.edited(text, ICS.stampEdits(
            dtstamp: "20260101T000000Z", lastModified: "20260101T000000Z", sequence: (1, 2)) + [
            ("DTSTART;TZID=Europe/Berlin:20260329T033000", ["DTSTART;TZID=Europe/Berlin:20260329T030000"]),
            ("DUE;TZID=Europe/Berlin:20260329T040000", ["DUE;TZID=Europe/Berlin:20260329T030000"]),
        ]))
        // 01:30 CET is 00:30 UTC, before 01:00 UTC: it stays.
        let early = try ICS.only(ICS.calendar(text.replacingOccurrences(of: "T033000", with: "T013000")))
        let kept = try ICS.patch(early) { $0.due = self.berlin(3, 29, 3, 0) }
        XCTAssertTrue(kept.text.contains("\r\nDTSTART;TZID=Europe/Berlin:20260329T013000\r\n"))
    }
}
