import FlickCore
import XCTest
@testable import FlickSync

/// Adding, changing and removing the reminder: only the VALARM Flick owns is touched, and
/// changing it rewrites its TRIGGER alone (research 1.5: other clients keep their data in it).
final class ReminderPatchingTests: XCTestCase {
    private let stamps = ICS.stampEdits(dtstamp: "20260101T000000Z", lastModified: "20260101T000000Z", sequence: (1, 2))

    private func make(_ properties: String) throws -> (text: String, todo: VTodo) {
        let text = "BEGIN:VTODO\nUID:r-1\nDTSTAMP:20260101T000000Z\nSEQUENCE:1\nLAST-MODIFIED:20260101T000000Z\n"
            + "SUMMARY:Call Ann\\, Bob\nDUE;TZID=Europe/Berlin:20260301T180000\n" + properties + "\nEND:VTODO"
        return (text, try ICS.only(ICS.calendar(text)))
    }

    private let nineInBerlin = DueDate(year: 2026, month: 3, day: 1, hour: 9, minute: 0, timeZone: "Europe/Berlin")

    func testAddingAReminderAppendsADisplayAlarmNamedAfterTheTitle() throws {
        let (text, todo) = try make("PRIORITY:1")
        let patched = try ICS.patch(todo) { $0.reminder = .beforeDue(minutes: 15) }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("END:VTODO", ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Call Ann\\, Bob",
                           "TRIGGER;RELATED=END:-PT15M", "END:VALARM", "END:VTODO"]),
        ]))
    }

    /// Issue 34: after a rename, the reminder still said the old title.
    func testRenamingRetitlesTheReminderThatSaidTheTitle() throws {
        let (text, todo) = try make("BEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:Call Ann\\, Bob\n"
                                    + "TRIGGER;RELATED=END:-PT15M\nEND:VALARM")
        let patched = try ICS.patch(todo) { $0.title = "Call Ann" }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("SUMMARY:Call Ann\\, Bob", ["SUMMARY:Call Ann"]),
            ("DESCRIPTION:Call Ann\\, Bob", ["DESCRIPTION:Call Ann"]),
        ]))
    }

    func testRenamingLeavesAReminderTextOfItsOwn() throws {
        let (text, todo) = try make("BEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:Leave now!\n"
                                    + "TRIGGER;RELATED=END:-PT15M\nEND:VALARM")
        let patched = try ICS.patch(todo) { $0.title = "Call Ann" }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("SUMMARY:Call Ann\\, Bob", ["SUMMARY:Call Ann"]),
        ]))
    }

    func testAddingAReminderWithoutTitleDescribesItAsReminder() throws {
        let (text, todo) = try make("PRIORITY:1")
        let patched = try ICS.patch(todo) {
            $0.title = ""
            $0.reminder = .beforeDue(minutes: 0)
        }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("SUMMARY:Call Ann\\, Bob", ["SUMMARY:"]),
            ("END:VTODO", ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER;RELATED=END:PT0S",
                           "END:VALARM", "END:VTODO"]),
        ]))
    }

    func testAddingAReminderAtATimeWritesItInUTC() throws {
        let (text, todo) = try make("PRIORITY:1")
        let patched = try ICS.patch(todo) { $0.reminder = .at(self.nineInBerlin) }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("END:VTODO", ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Call Ann\\, Bob",
                           "TRIGGER;VALUE=DATE-TIME:20260301T080000Z", "END:VALARM", "END:VTODO"]),
        ]))
    }

    func testNewPropertiesStillGoBeforeANewAlarm() throws {
        let (text, todo) = try make("PRIORITY:1")
        let patched = try ICS.patch(todo) {
            $0.reminder = .beforeDue(minutes: 1440)
            $0.notes = "n"
        }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("END:VTODO", ["DESCRIPTION:n", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Call Ann\\, Bob",
                           "TRIGGER;RELATED=END:-P1D", "END:VALARM", "END:VTODO"]),
        ]))
    }

    func testChangingTheReminderRewritesOnlyItsTrigger() throws {
        let patched = try ICS.patch(ICS.rich()) { $0.reminder = .beforeDue(minutes: 30) }
        XCTAssertEqual(patched.text, try ICS.edited(ICS.richTodo, ICS.richStampEdits + [
            ("TRIGGER;RELATED=END:-PT15M", ["TRIGGER;RELATED=END:-PT30M"]),
        ]))
    }

    func testChangingToATimeOfItsOwnKeepsTheTriggersOtherParameters() throws {
        let (text, todo) = try make("BEGIN:VALARM\nACTION:AUDIO\nTRIGGER;X-APP=1;RELATED=END:-PT15M\n"
            + "ACKNOWLEDGED:20260101T000000Z\nEND:VALARM")
        let patched = try ICS.patch(todo) { $0.reminder = .at(self.nineInBerlin) }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("TRIGGER;X-APP=1;RELATED=END:-PT15M", ["TRIGGER;VALUE=DATE-TIME;X-APP=1:20260301T080000Z"]),
        ]))
        let back = try ICS.patch(patched) { $0.reminder = .beforeDue(minutes: 5) }
        XCTAssertEqual(ICS.lines(back.text).filter { $0.hasPrefix("TRIGGER") }, ["TRIGGER;RELATED=END;X-APP=1:-PT5M"])
    }

    func testChangingTheReminderLeavesASecondAlarmAlone() throws {
        let (text, todo) = try make("BEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:first\nTRIGGER;RELATED=END:-PT15M\nEND:VALARM\n"
            + "BEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:second\nTRIGGER;RELATED=END:-PT5M\nEND:VALARM")
        let patched = try ICS.patch(todo) { $0.reminder = .beforeDue(minutes: 60) }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("TRIGGER;RELATED=END:-PT15M", ["TRIGGER;RELATED=END:-PT1H"]),
        ]))
    }

    func testRemovingTheReminderRemovesOnlyItsAlarm() throws {
        let ownedAlarm = "BEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:Buy milk\nTRIGGER;RELATED=END:-PT15M\n"
            + "X-WR-ALARMUID:9A1B-ALARM\nEND:VALARM\n"
        let withoutIt = ICS.richTodo.replacingOccurrences(of: ownedAlarm, with: "")
        XCTAssertEqual(withoutIt.count, ICS.richTodo.count - ownedAlarm.count)
        let patched = try ICS.patch(ICS.rich()) { $0.reminder = nil }
        XCTAssertEqual(patched.text, try ICS.edited(withoutIt, ICS.richStampEdits))
    }

    func testRemovingTheReminderRemovesEveryAlarmThatShowsAndNoOther() throws {
        // Removing the first alone would make the second the reminder at the next read, and the
        // next patch would remove that one too: one alarm fewer at every sync.
        let display = "BEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:first\nTRIGGER;RELATED=END:-PT15M\nEND:VALARM\n"
        let email = "BEGIN:VALARM\nACTION:EMAIL\nDESCRIPTION:mail\nSUMMARY:s\nATTENDEE:mailto:a@example.com\n"
            + "TRIGGER;RELATED=END:-PT1H\nEND:VALARM"
        let audio = "\nBEGIN:VALARM\nACTION:AUDIO\nTRIGGER;RELATED=END:-PT5M\nEND:VALARM"
        let (text, todo) = try make(display + email + audio)
        let patched = try ICS.patch(todo) { $0.reminder = nil }
        let withoutThem = text.replacingOccurrences(of: display, with: "").replacingOccurrences(of: audio, with: "")
        XCTAssertEqual(patched.text, try ICS.edited(withoutThem, stamps))
        XCTAssertTrue(patched.text.contains("ACTION:EMAIL\r\n"))
    }

    func testAReminderAtATimeIsTheSameAfterTravelling() throws {
        // Set in Berlin, compared in New York: the same instant, so nothing is written.
        let (_, todo) = try make("BEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:x\nTRIGGER;VALUE=DATE-TIME:20260301T080000Z\nEND:VALARM")
        var fields = todo.fields(localZone: ICS.newYork)
        fields.reminder = .at(nineInBerlin)
        XCTAssertNil(todo.patched(to: fields, localZone: ICS.newYork, now: ICS.now))
        fields.reminder = .at(DueDate(year: 2026, month: 3, day: 1, hour: 10, minute: 0, timeZone: "Europe/Berlin"))
        XCTAssertNotNil(todo.patched(to: fields, localZone: ICS.newYork, now: ICS.now), "an hour later is a change")
    }

    func testAReminderInTheDaylightSavingGapIsWrittenOnce() throws {
        // 02:30 on 29 March 2026 does not exist in Berlin: it is written as 03:30 CEST (01:30Z),
        // which reads back as 03:30; the item still saying 02:30 must not write it again.
        let (_, todo) = try make("SUMMARY:x")
        var fields = todo.fields(localZone: ICS.berlin)
        fields.reminder = .at(DueDate(year: 2026, month: 3, day: 29, hour: 2, minute: 30, timeZone: "Europe/Berlin"))
        let patched = try XCTUnwrap(todo.patched(to: fields, localZone: ICS.berlin, now: ICS.now))
        XCTAssertTrue(patched.text.contains("TRIGGER;VALUE=DATE-TIME:20260329T013000Z\r\n"))
        XCTAssertNil(patched.patched(to: fields, localZone: ICS.berlin, now: ICS.utc(2026, 6, 1)))
    }

    func testAnEmailAlarmIsNotTheReminderAndStays() throws {
        let (text, todo) = try make("BEGIN:VALARM\nACTION:EMAIL\nDESCRIPTION:mail\nSUMMARY:s\n"
            + "ATTENDEE:mailto:a@example.com\nTRIGGER;RELATED=END:-PT15M\nEND:VALARM")
        XCTAssertNil(todo.fields(localZone: ICS.berlin).reminder)
        let patched = try ICS.patch(todo) { $0.reminder = .beforeDue(minutes: 15) }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("END:VTODO", ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Call Ann\\, Bob",
                           "TRIGGER;RELATED=END:-PT15M", "END:VALARM", "END:VTODO"]),
        ]))
    }

    func testAnAlarmCountingFromAnotherStartStaysWhenAReminderIsAdded() throws {
        let (text, todo) = try make("DTSTART;TZID=Europe/Berlin:20260301T090000\n"
            + "BEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:start\nTRIGGER:-PT10M\nEND:VALARM")
        XCTAssertNil(todo.fields(localZone: ICS.berlin).reminder)
        let patched = try ICS.patch(todo) { $0.reminder = .beforeDue(minutes: 10) }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("END:VTODO", ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Call Ann\\, Bob",
                           "TRIGGER;RELATED=END:-PT10M", "END:VALARM", "END:VTODO"]),
        ]))
    }

    func testChangingATriggerWithoutRelatedSaysItCountsFromDue() throws {
        let (text, todo) = try make("BEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:x\nTRIGGER:-PT15M\nEND:VALARM")
        let patched = try ICS.patch(todo) { $0.reminder = .beforeDue(minutes: 20) }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("TRIGGER:-PT15M", ["TRIGGER;RELATED=END:-PT20M"]),
        ]))
    }

    func testTitleChangeLeavesTheAlarmsDescription() throws {
        let patched = try ICS.patch(ICS.rich()) { $0.title = "Other" }
        XCTAssertTrue(patched.text.contains("\r\nDESCRIPTION:Buy milk\r\nTRIGGER;RELATED=END:-PT15M\r\n"))
    }
}
