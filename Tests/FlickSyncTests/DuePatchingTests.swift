import FlickCore
import XCTest
@testable import FlickSync

/// Writing DUE: VALUE=DATE for a day, TZID=<IANA name> or UTC for a time, and DTSTART changed
/// only where it would no longer fit (after DUE, or of the other value type: servers answer 415).
final class DuePatchingTests: XCTestCase {
    private let stamps = ICS.stampEdits(dtstamp: "20260101T000000Z", lastModified: "20260101T000000Z", sequence: (1, 2))

    private func make(_ properties: String) throws -> (text: String, todo: VTodo) {
        let text = "BEGIN:VTODO\nUID:d-1\nDTSTAMP:20260101T000000Z\nSEQUENCE:1\nLAST-MODIFIED:20260101T000000Z\n"
            + properties + "\nEND:VTODO"
        return (text, try ICS.only(ICS.calendar(text)))
    }

    private func berlin(_ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) -> DueDate {
        DueDate(year: 2026, month: month, day: day, hour: hour, minute: minute, timeZone: "Europe/Berlin")
    }

    func testLaterDueRewritesOnlyDue() throws {
        let (text, todo) = try make("DTSTART;TZID=Europe/Berlin:20260301T090000\nDUE;TZID=Europe/Berlin:20260301T180000")
        let patched = try ICS.patch(todo) { $0.due = self.berlin(3, 2, 18, 30) }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("DUE;TZID=Europe/Berlin:20260301T180000", ["DUE;TZID=Europe/Berlin:20260302T183000"]),
        ]))
    }

    /// The rich task repeats: its start moves along by the day its due date moved.
    func testLaterDueOfARepeatingTaskMovesItsStartByTheSameDays() throws {
        let patched = try ICS.patch(ICS.rich()) { $0.due = self.berlin(3, 2, 18, 30) }
        XCTAssertEqual(patched.text, try ICS.edited(ICS.richTodo, ICS.richStampEdits + [
            ("DTSTART;TZID=Europe/Berlin:20260301T090000", ["DTSTART;TZID=Europe/Berlin:20260302T090000"]),
            ("DUE;TZID=Europe/Berlin:20260301T180000", ["DUE;TZID=Europe/Berlin:20260302T183000"]),
        ]))
    }

    func testDueBeforeDTStartMovesDTStartToDue() throws {
        let patched = try ICS.patch(ICS.rich()) { $0.due = self.berlin(3, 1, 8, 15) }
        XCTAssertEqual(patched.text, try ICS.edited(ICS.richTodo, ICS.richStampEdits + [
            ("DUE;TZID=Europe/Berlin:20260301T180000", ["DUE;TZID=Europe/Berlin:20260301T081500"]),
            ("DTSTART;TZID=Europe/Berlin:20260301T090000", ["DTSTART;TZID=Europe/Berlin:20260301T081500"]),
        ]))
    }

    /// Issue 34: completing monthly "Pay rent" moved DUE to the next month and left DTSTART
    /// behind; other clients repeated that gap, and apps hiding a task until its start showed it
    /// a month early. A repeating task's start moves by the days its due date moved.
    func testTheNextOccurrenceOfARepeatingTaskMovesItsStartToo() throws {
        let (text, todo) = try make("DTSTART;VALUE=DATE:20261201\nDUE;VALUE=DATE:20261201\nRRULE:FREQ=MONTHLY")
        let patched = try ICS.patch(todo) { $0.due = DueDate(year: 2027, month: 1, day: 1) }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("DTSTART;VALUE=DATE:20261201", ["DTSTART;VALUE=DATE:20270101"]),
            ("DUE;VALUE=DATE:20261201", ["DUE;VALUE=DATE:20270101"]),
        ]))
    }

    func testARepeatingTasksStartKeepsItsTimeAndItsGapToTheDueDate() throws {
        let (text, todo) = try make("DTSTART;TZID=Europe/Berlin:20261128T090000\nDUE;TZID=Europe/Berlin:20261201T180000\n"
                                    + "RRULE:FREQ=WEEKLY")
        let patched = try ICS.patch(todo) { $0.due = DueDate(year: 2026, month: 12, day: 8, hour: 18, minute: 0,
                                                             timeZone: "Europe/Berlin") }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("DTSTART;TZID=Europe/Berlin:20261128T090000", ["DTSTART;TZID=Europe/Berlin:20261205T090000"]),
            ("DUE;TZID=Europe/Berlin:20261201T180000", ["DUE;TZID=Europe/Berlin:20261208T180000"]),
        ]))
    }

    func testDueAtDTStartLeavesDTStart() throws {
        let patched = try ICS.patch(ICS.rich()) { $0.due = self.berlin(3, 1, 9) }
        XCTAssertEqual(patched.text, try ICS.edited(ICS.richTodo, ICS.richStampEdits + [
            ("DUE;TZID=Europe/Berlin:20260301T180000", ["DUE;TZID=Europe/Berlin:20260301T090000"]),
        ]))
    }

    func testDateDueTurnsATimedDTStartIntoItsDay() throws {
        let (text, todo) = try make("DTSTART;TZID=Europe/Berlin:20260301T090000\nDUE;TZID=Europe/Berlin:20260301T180000")
        let patched = try ICS.patch(todo) { $0.due = DueDate(year: 2026, month: 3, day: 5) }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("DTSTART;TZID=Europe/Berlin:20260301T090000", ["DTSTART;VALUE=DATE:20260301"]),
            ("DUE;TZID=Europe/Berlin:20260301T180000", ["DUE;VALUE=DATE:20260305"]),
        ]))
    }

    func testDateDueBeforeATimedDTStartsDayMovesItToDue() throws {
        let (text, todo) = try make("DTSTART;TZID=Europe/Berlin:20260310T090000\nDUE;TZID=Europe/Berlin:20260310T180000")
        let patched = try ICS.patch(todo) { $0.due = DueDate(year: 2026, month: 3, day: 8) }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("DTSTART;TZID=Europe/Berlin:20260310T090000", ["DTSTART;VALUE=DATE:20260308"]),
            ("DUE;TZID=Europe/Berlin:20260310T180000", ["DUE;VALUE=DATE:20260308"]),
        ]))
    }

    func testTimedDueTurnsADateDTStartIntoItsMidnight() throws {
        let (text, todo) = try make("DTSTART;VALUE=DATE:20260301\nDUE;VALUE=DATE:20260302")
        let patched = try ICS.patch(todo) { $0.due = self.berlin(3, 2, 18) }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("DTSTART;VALUE=DATE:20260301", ["DTSTART;TZID=Europe/Berlin:20260301T000000"]),
            ("DUE;VALUE=DATE:20260302", ["DUE;TZID=Europe/Berlin:20260302T180000"]),
        ]))
    }

    func testEarlierDateDueMovesADateDTStart() throws {
        let (text, todo) = try make("DTSTART;VALUE=DATE:20260305\nDUE;VALUE=DATE:20260306")
        let patched = try ICS.patch(todo) { $0.due = DueDate(year: 2026, month: 3, day: 4) }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("DTSTART;VALUE=DATE:20260305", ["DTSTART;VALUE=DATE:20260304"]),
            ("DUE;VALUE=DATE:20260306", ["DUE;VALUE=DATE:20260304"]),
        ]))
    }

    func testDTStartInUTCIsComparedAsAnInstant() throws {
        // 20:00 UTC is 21:00 in Berlin: after a due time of 18:00 there.
        let (text, todo) = try make("DTSTART:20260301T200000Z\nDUE;VALUE=DATE:20260302")
        let patched = try ICS.patch(todo) { $0.due = self.berlin(3, 1, 18) }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("DTSTART:20260301T200000Z", ["DTSTART;TZID=Europe/Berlin:20260301T180000"]),
            ("DUE;VALUE=DATE:20260302", ["DUE;TZID=Europe/Berlin:20260301T180000"]),
        ]))
        // 16:00 UTC is 17:00 in Berlin: before, so it stays as it came.
        let (text2, todo2) = try self.make("DTSTART:20260301T160000Z\nDUE;VALUE=DATE:20260302")
        let patched2 = try ICS.patch(todo2) { $0.due = self.berlin(3, 1, 18) }
        XCTAssertEqual(patched2.text, try ICS.edited(text2, stamps + [
            ("DUE;VALUE=DATE:20260302", ["DUE;TZID=Europe/Berlin:20260301T180000"]),
        ]))
    }

    func testDueInAnotherZoneIsComparedWithDTStartAsAnInstant() throws {
        // 13:00 in New York is 19:00 in Berlin: DTSTART at 18:00 Berlin is before it.
        let (text, todo) = try make("DTSTART;TZID=Europe/Berlin:20260301T180000\nDUE;TZID=Europe/Berlin:20260302T180000")
        let newYork = DueDate(year: 2026, month: 3, day: 1, hour: 13, minute: 0, timeZone: "America/New_York")
        let patched = try ICS.patch(todo) { $0.due = newYork }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("DUE;TZID=Europe/Berlin:20260302T180000", ["DUE;TZID=America/New_York:20260301T130000"]),
        ]))
        // 11:00 in New York is 17:00 in Berlin: DTSTART moves to it, zone and all.
        let patched2 = try ICS.patch(todo) { $0.due = DueDate(year: 2026, month: 3, day: 1, hour: 11, minute: 0,
                                                              timeZone: "America/New_York") }
        XCTAssertEqual(patched2.text, try ICS.edited(text, stamps + [
            ("DTSTART;TZID=Europe/Berlin:20260301T180000", ["DTSTART;TZID=America/New_York:20260301T110000"]),
            ("DUE;TZID=Europe/Berlin:20260302T180000", ["DUE;TZID=America/New_York:20260301T110000"]),
        ]))
    }

    func testDueInUTCIsWrittenWithZ() throws {
        let (text, todo) = try make("DUE;VALUE=DATE:20260302")
        let expected = try ICS.edited(text, stamps + [("DUE;VALUE=DATE:20260302", ["DUE:20260301T170000Z"])])
        // In a UTC local zone (Foundation names it "GMT"), it reads back as written.
        let patched = try ICS.patch(todo, zone: ICS.utcZone) {
            $0.due = DueDate(year: 2026, month: 3, day: 1, hour: 17, minute: 0, timeZone: ICS.utcZone.identifier)
        }
        XCTAssertEqual(patched.text, expected)
        for name in ["UTC", "Etc/UTC", "GMT"] {
            var fields = todo.fields(localZone: ICS.berlin)
            fields.due = DueDate(year: 2026, month: 3, day: 1, hour: 17, minute: 0, timeZone: name)
            XCTAssertEqual(todo.patched(to: fields, localZone: ICS.berlin, now: ICS.now)?.text, expected, name)
        }
    }

    func testDueWithoutAZoneIsFloating() throws {
        let (text, todo) = try make("DUE;VALUE=DATE:20260302")
        var fields = todo.fields(localZone: ICS.berlin)
        fields.due = DueDate(year: 2026, month: 3, day: 1, hour: 17, minute: 0)
        let patched = try XCTUnwrap(todo.patched(to: fields, localZone: ICS.berlin, now: ICS.now))
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("DUE;VALUE=DATE:20260302", ["DUE:20260301T170000"]),
        ]))
    }

    func testPrefixedTZIDIsRewrittenAsThePlainName() throws {
        let (text, todo) = try make("DUE;TZID=/freeassociation.sourceforge.net/Europe/Berlin:20260301T180000")
        let patched = try ICS.patch(todo) { $0.due = self.berlin(3, 1, 19) }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("DUE;TZID=/freeassociation.sourceforge.net/Europe/Berlin:20260301T180000",
             ["DUE;TZID=Europe/Berlin:20260301T190000"]),
        ]))
    }

    func testDueKeepsItsOtherParameters() throws {
        let (text, todo) = try make("DUE;X-FOO=bar;VALUE=DATE-TIME;TZID=Europe/Berlin:20260301T180000")
        let patched = try ICS.patch(todo) { $0.due = DueDate(year: 2026, month: 3, day: 2) }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("DUE;X-FOO=bar;VALUE=DATE-TIME;TZID=Europe/Berlin:20260301T180000", ["DUE;VALUE=DATE;X-FOO=bar:20260302"]),
        ]))
        let patched2 = try ICS.patch(todo) { $0.due = self.berlin(3, 2, 7) }
        XCTAssertEqual(patched2.text, try ICS.edited(text, stamps + [
            ("DUE;X-FOO=bar;VALUE=DATE-TIME;TZID=Europe/Berlin:20260301T180000",
             ["DUE;TZID=Europe/Berlin;X-FOO=bar:20260302T070000"]),
        ]))
    }

    func testNoDueRemovesDueAndKeepsDTStart() throws {
        let patched = try ICS.patch(ICS.rich()) { $0.due = nil }
        XCTAssertEqual(patched.text, try ICS.edited(ICS.richTodo, ICS.richStampEdits + [
            ("DUE;TZID=Europe/Berlin:20260301T180000", []),
        ]))
    }

    func testADueReplacesADuration() throws {
        // RFC 5545 §3.6.2: DUE and DURATION never together; servers refuse such a VTODO.
        let (text, todo) = try make("SUMMARY:x\nDTSTART;VALUE=DATE:20260301\nDURATION:P2D")
        XCTAssertNil(todo.fields(localZone: ICS.berlin).due, "a DURATION alone is not read as a due date")
        let patched = try ICS.patch(todo) { $0.due = DueDate(year: 2026, month: 3, day: 4) }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("DTSTART;VALUE=DATE:20260301", ["DTSTART;VALUE=DATE:20260301", "DUE;VALUE=DATE:20260304"]),
            ("DURATION:P2D", []),
        ]))
    }

    func testNewDueGoesBeforeTheAlarms() throws {
        let (text, todo) = try make("SUMMARY:x\nBEGIN:VALARM\nACTION:EMAIL\nTRIGGER;VALUE=DATE-TIME:20260301T080000Z\nEND:VALARM")
        let patched = try ICS.patch(todo) { $0.due = DueDate(year: 2026, month: 3, day: 2) }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("SUMMARY:x", ["SUMMARY:x", "DUE;VALUE=DATE:20260302"]),
        ]))
    }

    func testTriggerCountingFromADTStartThatWasDueNowSaysItCountsFromDue() throws {
        // DTSTART was DUE, so the alarm without RELATED was Flick's; DUE moves, DTSTART stays,
        // and the trigger must keep counting from DUE.
        let (text, todo) = try make("DTSTART;TZID=Europe/Berlin:20260301T180000\nDUE;TZID=Europe/Berlin:20260301T180000\n"
            + "BEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:x\nTRIGGER;X-KEEP=1:-PT15M\nEND:VALARM")
        let patched = try ICS.patch(todo) { $0.due = self.berlin(3, 2, 18) }
        XCTAssertEqual(patched.fields(localZone: ICS.berlin).reminder, .beforeDue(minutes: 15))
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("DUE;TZID=Europe/Berlin:20260301T180000", ["DUE;TZID=Europe/Berlin:20260302T180000"]),
            ("TRIGGER;X-KEEP=1:-PT15M", ["TRIGGER;RELATED=END;X-KEEP=1:-PT15M"]),
        ]))
    }

    func testTriggerWithoutRelatedAndWithoutDTStartStaysAsItIs() throws {
        let (text, todo) = try make("DUE;TZID=Europe/Berlin:20260301T180000\n"
            + "BEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:x\nTRIGGER:-PT15M\nEND:VALARM")
        let patched = try ICS.patch(todo) { $0.due = self.berlin(3, 2, 18) }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("DUE;TZID=Europe/Berlin:20260301T180000", ["DUE;TZID=Europe/Berlin:20260302T180000"]),
        ]))
    }
}
