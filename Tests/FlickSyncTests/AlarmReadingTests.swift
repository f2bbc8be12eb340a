import FlickCore
import XCTest
@testable import FlickSync

/// Which VALARM Flick owns and the reminder it reads from it: the first DISPLAY or AUDIO alarm
/// whose trigger counts from DUE (or is a time of its own); every other alarm is someone else's.
final class AlarmReadingTests: XCTestCase {
    private func reminder(_ properties: String, zone: TimeZone = ICS.berlin) throws -> Reminder? {
        try ICS.only(ICS.todo(properties)).fields(localZone: zone).reminder
    }

    private func alarm(_ trigger: String, action: String = "DISPLAY") -> String {
        "BEGIN:VALARM\nACTION:\(action)\nDESCRIPTION:x\n\(trigger)\nEND:VALARM"
    }

    private let due = "DUE;TZID=Europe/Berlin:20260301T180000"

    func testTriggerRelatedToEndIsMinutesBeforeDue() throws {
        XCTAssertEqual(try reminder(due + "\n" + alarm("TRIGGER;RELATED=END:-PT15M")), .beforeDue(minutes: 15))
        XCTAssertEqual(try reminder(due + "\n" + alarm("TRIGGER;RELATED=END:-P1D")), .beforeDue(minutes: 1440))
        XCTAssertEqual(try reminder(due + "\n" + alarm("TRIGGER;RELATED=END:-PT1H30M")), .beforeDue(minutes: 90))
        XCTAssertEqual(try reminder(due + "\n" + alarm("TRIGGER;RELATED=END:-P1W")), .beforeDue(minutes: 10_080))
    }

    func testTriggerAtOrAfterDue() throws {
        XCTAssertEqual(try reminder(due + "\n" + alarm("TRIGGER;RELATED=END:PT0S")), .beforeDue(minutes: 0))
        XCTAssertEqual(try reminder(due + "\n" + alarm("TRIGGER;RELATED=END:+PT10M")), .beforeDue(minutes: -10))
    }

    func testRelatedAndActionAreReadWhateverTheirCase() throws {
        XCTAssertEqual(try reminder(due + "\n" + alarm("TRIGGER;related=end:-PT5M", action: "display")),
                       .beforeDue(minutes: 5))
    }

    func testAudioAlarmIsOwned() throws {
        XCTAssertEqual(try reminder(due + "\n" + alarm("TRIGGER;RELATED=END:-PT5M", action: "AUDIO")), .beforeDue(minutes: 5))
    }

    func testTriggerWithoutRelatedAndWithoutDTStartCountsFromDue() throws {
        XCTAssertEqual(try reminder(due + "\n" + alarm("TRIGGER:-PT15M")), .beforeDue(minutes: 15))
    }

    func testTriggerWithoutRelatedCountsFromDueWhenDTStartIsDue() throws {
        let start = "DTSTART;TZID=Europe/Berlin:20260301T180000\n"
        XCTAssertEqual(try reminder(start + due + "\n" + alarm("TRIGGER:-PT15M")), .beforeDue(minutes: 15))
        XCTAssertEqual(try reminder(start + due + "\n" + alarm("TRIGGER;RELATED=START:-PT15M")), .beforeDue(minutes: 15))
    }

    func testDTStartWrittenInAnotherFormIsStillDue() throws {
        // 17:00 UTC is 18:00 in Berlin.
        XCTAssertEqual(try reminder("DTSTART:20260301T170000Z\n" + due + "\n" + alarm("TRIGGER:-PT15M")),
                       .beforeDue(minutes: 15))
    }

    func testTriggerCountingFromAnEarlierDTStartIsNotOwned() throws {
        let start = "DTSTART;TZID=Europe/Berlin:20260301T090000\n"
        XCTAssertNil(try reminder(start + due + "\n" + alarm("TRIGGER:-PT15M")))
        XCTAssertNil(try reminder(start + due + "\n" + alarm("TRIGGER;RELATED=START:-PT15M")))
    }

    func testTriggerCountingFromDTStartWithoutDueIsNotOwned() throws {
        XCTAssertNil(try reminder("DTSTART;TZID=Europe/Berlin:20260301T090000\n" + alarm("TRIGGER:-PT15M")))
    }

    func testEmailAlarmIsNotOwned() throws {
        XCTAssertNil(try reminder(due + "\n" + alarm("TRIGGER;RELATED=END:-PT15M", action: "EMAIL")))
    }

    func testTheFirstAlarmFlickCanOwnIsTheReminder() throws {
        let alarms = [
            alarm("TRIGGER;RELATED=END:-PT1H", action: "EMAIL"),
            // Not whole minutes: Flick cannot say it.
            alarm("TRIGGER;RELATED=END:-PT90S"),
            alarm("TRIGGER;RELATED=END:-PT10M", action: "AUDIO"),
            alarm("TRIGGER;RELATED=END:-PT20M"),
        ]
        XCTAssertEqual(try reminder(due + "\n" + alarms.joined(separator: "\n")), .beforeDue(minutes: 10))
    }

    func testAlarmWithoutTriggerIsSkipped() throws {
        let alarms = "BEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:x\nEND:VALARM\n" + alarm("TRIGGER;RELATED=END:-PT20M")
        XCTAssertEqual(try reminder(due + "\n" + alarms), .beforeDue(minutes: 20))
    }

    func testAbsoluteTriggerIsATimeOfItsOwnInTheLocalZone() throws {
        let trigger = alarm("TRIGGER;VALUE=DATE-TIME:20260301T080000Z")
        XCTAssertEqual(try reminder(due + "\n" + trigger, zone: ICS.berlin),
                       .at(DueDate(year: 2026, month: 3, day: 1, hour: 9, minute: 0, timeZone: "Europe/Berlin")))
        XCTAssertEqual(try reminder(due + "\n" + trigger, zone: ICS.newYork),
                       .at(DueDate(year: 2026, month: 3, day: 1, hour: 3, minute: 0, timeZone: "America/New_York")))
    }

    func testAbsoluteTriggerIsOwnedWithoutAnyDueOrStart() throws {
        XCTAssertEqual(try reminder("DTSTART;VALUE=DATE:20260201\n" + alarm("TRIGGER;VALUE=DATE-TIME:20260301T080000Z")),
                       .at(DueDate(year: 2026, month: 3, day: 1, hour: 9, minute: 0, timeZone: "Europe/Berlin")))
    }

    func testDateTimeTriggerWithoutValueParameterIsAbsolute() throws {
        XCTAssertEqual(try reminder(alarm("TRIGGER:20260301T080000Z")),
                       .at(DueDate(year: 2026, month: 3, day: 1, hour: 9, minute: 0, timeZone: "Europe/Berlin")))
    }

    func testAbsoluteTriggerWithADateAloneIsNotOwned() throws {
        XCTAssertNil(try reminder(due + "\n" + alarm("TRIGGER;VALUE=DATE-TIME:20260301")))
    }

    func testNoAlarmNoReminder() throws {
        XCTAssertNil(try reminder(due))
    }
}
