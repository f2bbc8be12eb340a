import FlickCore
import Foundation
import XCTest
@testable import FlickSync

/// What `VTodo.fields(localZone:)` reads from each property and parameter Flick owns.
final class VTodoReadingTests: XCTestCase {
    private func fields(_ properties: String, localZone: TimeZone = ICS.berlin) throws -> VTodoFields {
        try ICS.only(ICS.todo(properties)).fields(localZone: localZone)
    }

    // MARK: Text

    func testSummaryEscapesAreUnescaped() throws {
        let read = try fields(#"SUMMARY:Back\\slash\; semi\, comma\nnext line"#)
        XCTAssertEqual(read.title, "Back\\slash; semi, comma\nnext line")
    }

    func testDescriptionEscapesAreUnescaped() throws {
        let read = try fields(#"DESCRIPTION:a\\b\;c\,d\ne\Nf"#)
        XCTAssertEqual(read.notes, "a\\b;c,d\ne\nf")
    }

    func testSummaryWithLanguageParameterIsReadWithoutIt() throws {
        let read = try fields("SUMMARY;LANGUAGE=de-DE:Milch kaufen")
        XCTAssertEqual(read.title, "Milch kaufen")
    }

    func testMissingSummaryAndDescriptionAreEmpty() throws {
        let read = try fields("STATUS:NEEDS-ACTION")
        XCTAssertEqual(read.title, "")
        XCTAssertEqual(read.notes, "")
        XCTAssertEqual(read.uid, "test-1")
    }

    // MARK: Completion

    func testStatusCompletedWithoutCompletedTime() throws {
        let read = try fields("STATUS:COMPLETED")
        XCTAssertTrue(read.completed)
        XCTAssertNil(read.completedAt)
    }

    func testCompletedTimeAloneIsCompleted() throws {
        let read = try fields("COMPLETED:20260102T030405Z")
        XCTAssertTrue(read.completed)
        XCTAssertEqual(read.completedAt, ICS.utc(2026, 1, 2, 3, 4, 5))
    }

    func testInProcessWithPercentIsOpen() throws {
        let read = try fields("STATUS:IN-PROCESS\nPERCENT-COMPLETE:40")
        XCTAssertFalse(read.completed)
        XCTAssertNil(read.completedAt)
    }

    func testNeedsActionIsOpen() throws {
        XCTAssertFalse(try fields("STATUS:NEEDS-ACTION").completed)
    }

    /// Issue 29: a cancelled task has nothing left to do, and showed as open.
    func testCancelledIsDone() throws {
        XCTAssertTrue(try fields("STATUS:CANCELLED").completed)
        XCTAssertNil(try fields("STATUS:CANCELLED").completedAt)
    }

    /// Issue 29: PERCENT-COMPLETE:100 without a STATUS (as some clients write) showed as open.
    func testAHundredPercentWithoutStatusIsDone() throws {
        XCTAssertTrue(try fields("PERCENT-COMPLETE:100").completed)
        XCTAssertFalse(try fields("PERCENT-COMPLETE:99").completed)
        XCTAssertFalse(try fields("STATUS:IN-PROCESS\nPERCENT-COMPLETE:100").completed, "its STATUS says")
    }

    func testReopeningACancelledTaskMakesItNeedAction() throws {
        let patched = try ICS.patch(ICS.only(ICS.todo("SUMMARY:x\nSTATUS:CANCELLED"))) { $0.completed = false }
        XCTAssertTrue(patched.text.contains("STATUS:NEEDS-ACTION"), patched.text)
        XCTAssertFalse(patched.text.contains("CANCELLED"), patched.text)
    }

    func testACancelledTaskLeftAloneStaysCancelled() throws {
        let todo = try ICS.only(ICS.todo("SUMMARY:x\nSTATUS:CANCELLED"))
        var fields = todo.fields(localZone: ICS.berlin)
        XCTAssertNil(todo.patched(to: fields, localZone: ICS.berlin, now: ICS.now), "nothing to write")
        fields.title = "y"
        let renamed = try XCTUnwrap(todo.patched(to: fields, localZone: ICS.berlin, now: ICS.now))
        XCTAssertTrue(renamed.text.contains("STATUS:CANCELLED"), renamed.text)
    }

    // MARK: DUE

    func testDueDate() throws {
        XCTAssertEqual(try fields("DUE;VALUE=DATE:20260315").due, DueDate(year: 2026, month: 3, day: 15))
    }

    func testFloatingDueIsTheLocalWallClock() throws {
        XCTAssertEqual(try fields("DUE:20260315T093000", localZone: ICS.newYork).due,
                       DueDate(year: 2026, month: 3, day: 15, hour: 9, minute: 30, timeZone: "America/New_York"))
    }

    func testUTCDueIsTheLocalWallClock() throws {
        // 09:30Z is 10:30 in Berlin (CET, before the switch on 29 March).
        XCTAssertEqual(try fields("DUE:20260315T093000Z", localZone: ICS.berlin).due,
                       DueDate(year: 2026, month: 3, day: 15, hour: 10, minute: 30, timeZone: "Europe/Berlin"))
    }

    func testIANADueStaysInItsZone() throws {
        XCTAssertEqual(try fields("DUE;TZID=Europe/Berlin:20260315T093000", localZone: ICS.newYork).due,
                       DueDate(year: 2026, month: 3, day: 15, hour: 9, minute: 30, timeZone: "Europe/Berlin"))
    }

    func testLibicalPrefixedTZIDIsThePlainIANAZone() throws {
        let read = try fields("DUE;TZID=/freeassociation.sourceforge.net/Europe/Berlin:20260315T093000",
                              localZone: ICS.newYork)
        XCTAssertEqual(read.due, DueDate(year: 2026, month: 3, day: 15, hour: 9, minute: 30, timeZone: "Europe/Berlin"))
    }

    static let windowsZone = """
        BEGIN:VTIMEZONE
        TZID:W. Europe Standard Time
        BEGIN:STANDARD
        DTSTART:16010101T030000
        TZOFFSETFROM:+0200
        TZOFFSETTO:+0100
        RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=10
        END:STANDARD
        BEGIN:DAYLIGHT
        DTSTART:16010101T020000
        TZOFFSETFROM:+0100
        TZOFFSETTO:+0200
        RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=3
        END:DAYLIGHT
        END:VTIMEZONE
        """

    func testZoneDefinedOnlyByItsVTimezoneIsReadAsTheLocalWallClock() throws {
        let text = ICS.calendar(Self.windowsZone + """

            BEGIN:VTODO
            UID:outlook-1
            DTSTAMP:20260101T000000Z
            SUMMARY:Outlook
            DUE;TZID=W. Europe Standard Time:20260615T120000
            END:VTODO
            """)
        let todo = try ICS.only(text)
        // Read as a wall clock of the local zone (not as a zone of its own), through the
        // VTIMEZONE's rules: 12:00 at +0200 (summer) is 10:00Z, 06:00 in New York.
        let due = try XCTUnwrap(todo.fields(localZone: ICS.newYork).due)
        XCTAssertEqual(due, DueDate(year: 2026, month: 6, day: 15, hour: 6, minute: 0, timeZone: "America/New_York"))
        XCTAssertEqual(Array(todo.timeZones.keys), ["W. Europe Standard Time"])
    }

    // MARK: RRULE

    func testRepeatRuleIsKeptVerbatim() throws {
        let rule = "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;UNTIL=20261231T000000Z"
        XCTAssertEqual(try fields("RRULE:" + rule).repeatRule, rule)
    }

    func testNoRepeatRule() throws {
        XCTAssertNil(try fields("SUMMARY:x").repeatRule)
    }

    // MARK: VALARM

    private func alarm(_ trigger: String, action: String = "DISPLAY") -> String {
        "BEGIN:VALARM\nACTION:\(action)\nDESCRIPTION:Reminder\n\(trigger)\nEND:VALARM"
    }

    func testRelatedEndTriggerIsMinutesBeforeDue() throws {
        let read = try fields("DUE:20260315T093000Z\n" + alarm("TRIGGER;RELATED=END:-PT15M"))
        XCTAssertEqual(read.reminder, .beforeDue(minutes: 15))
    }

    func testTriggerWithoutRelatedAndWithoutStartIsOwned() throws {
        let read = try fields("DUE:20260315T093000Z\n" + alarm("TRIGGER:-PT10M"))
        XCTAssertEqual(read.reminder, .beforeDue(minutes: 10))
    }

    func testTriggerWithoutRelatedAndWithStartEqualToDueIsOwned() throws {
        let read = try fields("DTSTART:20260315T093000Z\nDUE:20260315T093000Z\n" + alarm("TRIGGER:-PT5M"))
        XCTAssertEqual(read.reminder, .beforeDue(minutes: 5))
    }

    func testTriggerWithoutRelatedAndWithOtherStartIsNotOwned() throws {
        let read = try fields("DTSTART:20260310T093000Z\nDUE:20260315T093000Z\n" + alarm("TRIGGER:-PT10M"))
        XCTAssertNil(read.reminder)
    }

    func testEmailAlarmIsNotOwned() throws {
        let read = try fields("DUE:20260315T093000Z\n" + alarm("TRIGGER;RELATED=END:-PT15M", action: "EMAIL"))
        XCTAssertNil(read.reminder)
    }

    func testSecondDisplayAlarmIsLeftAlone() throws {
        let read = try fields("DUE:20260315T093000Z\n" + alarm("TRIGGER;RELATED=END:-PT15M") + "\n"
                              + alarm("TRIGGER;RELATED=END:-PT1H"))
        XCTAssertEqual(read.reminder, .beforeDue(minutes: 15))
    }

    func testEmailAlarmBeforeADisplayAlarmIsSkipped() throws {
        let read = try fields("DUE:20260315T093000Z\n" + alarm("TRIGGER;RELATED=END:-PT15M", action: "EMAIL") + "\n"
                              + alarm("TRIGGER;RELATED=END:-PT1H"))
        XCTAssertEqual(read.reminder, .beforeDue(minutes: 60))
    }

    func testAbsoluteTriggerIsAReminderAtThatLocalTime() throws {
        let read = try fields("CREATED:20260101T000000Z\n" + alarm("TRIGGER;VALUE=DATE-TIME:20260310T080000Z"))
        XCTAssertEqual(read.reminder, .at(DueDate(year: 2026, month: 3, day: 10, hour: 9, minute: 0,
                                                  timeZone: "Europe/Berlin")))
    }

    func testAbsoluteTriggerBeforeCreatedIsNoReminder() throws {
        let read = try fields("CREATED:20260101T000000Z\n" + alarm("TRIGGER;VALUE=DATE-TIME:19760401T005545Z"))
        XCTAssertNil(read.reminder)
    }

    // MARK: Times and order

    func testCreatedAndLastModified() throws {
        let read = try fields("CREATED:20260101T101112Z\nLAST-MODIFIED:20260201T131415Z")
        XCTAssertEqual(read.createdAt, ICS.utc(2026, 1, 1, 10, 11, 12))
        XCTAssertEqual(read.modifiedAt, ICS.utc(2026, 2, 1, 13, 14, 15))
    }

    func testAppleSortOrder() throws {
        XCTAssertEqual(try fields("X-APPLE-SORT-ORDER:42").sortOrder, 42)
    }

    func testNegativeAppleSortOrder() throws {
        XCTAssertEqual(try fields("X-APPLE-SORT-ORDER:-17").sortOrder, -17)
    }

    func testNoAppleSortOrder() throws {
        XCTAssertNil(try fields("SUMMARY:x").sortOrder)
    }

    func testAppleSortOrderForCreatedIsSecondsSince2001() {
        // 25 years of which 6 leap years: 9131 days.
        XCTAssertEqual(VTodo.appleSortOrder(forCreated: ICS.utc(2026, 1, 1)), 788_918_400)
        XCTAssertEqual(VTodo.appleSortOrder(forCreated: ICS.utc(2026, 1, 1).addingTimeInterval(0.9)), 788_918_400)
        XCTAssertEqual(VTodo.appleSortOrder(forCreated: ICS.utc(2001, 1, 1)), 0)
    }
}
