import Foundation
import XCTest
@testable import FlickSync

/// Texts `ICalendarFile` refuses, each with the line of the first problem (1-based, the first
/// physical line of a folded line; blank lines count).
final class ICalendarFileErrorTests: XCTestCase {
    private func error(_ text: String) -> ICalendarError? {
        error(Data(text.utf8))
    }

    private func error(_ data: Data) -> ICalendarError? {
        do {
            _ = try ICalendarFile(data: data)
            return nil
        } catch {
            return error
        }
    }

    /// A calendar holding one VTODO whose `properties` begin on line 5.
    private func todoError(_ properties: [String]) -> ICalendarError? {
        error((["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VTODO", "UID:e-1"] + properties + ["END:VTODO", "END:VCALENDAR"])
            .joined(separator: "\r\n") + "\r\n")
    }

    // MARK: Structure

    func testEmptyText() {
        XCTAssertEqual(error(""), ICalendarError(line: 1, kind: .empty))
        XCTAssertEqual(error("\r\n\n\r\n"), ICalendarError(line: 1, kind: .empty))
    }

    func testTextThatIsNotICalendar() {
        XCTAssertEqual(error("BEGIN:VCARD\r\nVERSION:3.0\r\nEND:VCARD\r\n"), ICalendarError(line: 1, kind: .notICalendar))
        XCTAssertEqual(error("\r\n\r\nBEGIN:VTODO\r\nEND:VTODO\r\n"), ICalendarError(line: 3, kind: .notICalendar))
        // A first line that is no content line at all (a letter, a CSV) is not iCalendar either.
        XCTAssertEqual(error("Dear Ann, here are my tasks\r\n"), ICalendarError(line: 1, kind: .notICalendar))
    }

    func testTruncatedInsideATodo() {
        XCTAssertEqual(error("BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VTODO\nUID:t-1\nSUMMARY:cut sh"),
                       ICalendarError(line: 5, kind: .truncated(insideComponent: "VTODO")))
    }

    func testTruncatedInsideAFoldedLineGivesItsLastPhysicalLine() {
        XCTAssertEqual(error("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:t-1\r\nSUMMARY:cut\r\n  sh\r\n or"),
                       ICalendarError(line: 6, kind: .truncated(insideComponent: "VTODO")))
    }

    func testTruncatedBeforeEndVCalendar() {
        XCTAssertEqual(error("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:t-1\r\nEND:VTODO\r\n\r\n"),
                       ICalendarError(line: 4, kind: .truncated(insideComponent: "VCALENDAR")))
    }

    func testTruncatedInsideAnAlarm() {
        XCTAssertEqual(error("BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:t-1\nBEGIN:VALARM\nACTION:DISPLAY"),
                       ICalendarError(line: 5, kind: .truncated(insideComponent: "VALARM")))
    }

    func testMismatchedEnd() {
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:m-1\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        XCTAssertEqual(error(text), ICalendarError(line: 6, kind: .mismatchedEnd(found: "VTODO", expected: "VALARM")))
        XCTAssertEqual(error("BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:m-1\nEND:VCALENDAR\n"),
                       ICalendarError(line: 4, kind: .mismatchedEnd(found: "VCALENDAR", expected: "VTODO")))
    }

    func testComponentNamesAreComparedWhateverTheirCase() {
        XCTAssertNil(error("begin:vcalendar\nBEGIN:vtodo\nUID:x\nend:VTODO\nEND:VCALENDAR\n"))
    }

    func testTextAfterTheCalendar() {
        XCTAssertEqual(error("BEGIN:VCALENDAR\nEND:VCALENDAR\n\nEND:VTODO\n"), ICalendarError(line: 4, kind: .textAfterCalendar))
    }

    func testCalendarInsideACalendar() {
        XCTAssertEqual(error("BEGIN:VCALENDAR\nBEGIN:VCALENDAR\nEND:VCALENDAR\nEND:VCALENDAR\n"),
                       ICalendarError(line: 2, kind: .nestedCalendar))
    }

    func testLineWithoutColon() {
        XCTAssertEqual(todoError(["SUMMARY buy milk"]), ICalendarError(line: 5, kind: .malformedLine))
    }

    func testContinuationWithoutALineBeforeIt() {
        XCTAssertEqual(error(" BEGIN:VCALENDAR\r\n"), ICalendarError(line: 1, kind: .continuationWithoutLine))
        XCTAssertEqual(error("\r\n\tX:1\r\n"), ICalendarError(line: 2, kind: .continuationWithoutLine))
    }

    func testInvalidUTF8() {
        var bytes = Array("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:u-1\r\nSUMMARY:caf".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array("\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8)
        XCTAssertEqual(error(Data(bytes)), ICalendarError(line: 4, kind: .invalidUTF8))
    }

    func testInvalidUTF8InAContinuationGivesItsPhysicalLine() {
        var bytes = Array("BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:u-1\nDESCRIPTION:ok\n more\n ".utf8)
        bytes += [0xFF, 0x41]
        bytes += Array("\nEND:VTODO\nEND:VCALENDAR\n".utf8)
        XCTAssertEqual(error(Data(bytes)), ICalendarError(line: 6, kind: .invalidUTF8))
    }

    func testACutCharacterThatUnfoldingDoesNotMendIsInvalid() {
        // The first half of "ü" (0xC3) before the fold, something else after it.
        var bytes = Array("BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:u-1\nSUMMARY:Gr".utf8)
        bytes += [0xC3, 0x0A, 0x20, 0x41]
        bytes += Array("\nEND:VTODO\nEND:VCALENDAR\n".utf8)
        XCTAssertEqual(error(Data(bytes)), ICalendarError(line: 4, kind: .invalidUTF8))
        // A second half (0xBC) alone after the fold.
        var second = Array("BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:u-1\nSUMMARY:Gr\n ".utf8)
        second += [0xBC]
        second += Array("\nEND:VTODO\nEND:VCALENDAR\n".utf8)
        XCTAssertEqual(error(Data(second)), ICalendarError(line: 5, kind: .invalidUTF8))
    }

    // MARK: Values Flick reads

    func testUnreadableDates() {
        let cases: [(String, String, String)] = [
            ("DUE:2026-03-01", "DUE", "2026-03-01"),
            ("DUE;VALUE=DATE:20260301T100000", "DUE", "20260301T100000"),
            ("DTSTART:20260230", "DTSTART", "20260230"),
            ("COMPLETED:20261301T000000Z", "COMPLETED", "20261301T000000Z"),
            ("CREATED:20260101T250000Z", "CREATED", "20260101T250000Z"),
            ("LAST-MODIFIED:", "LAST-MODIFIED", ""),
            ("DUE:20260301T1800", "DUE", "20260301T1800"),
        ]
        for (line, property, value) in cases {
            XCTAssertEqual(todoError(["SUMMARY:x", line]),
                           ICalendarError(line: 6, kind: .unreadableDate(property: property, value: value)), line)
        }
    }

    func testLeapDayAndLeapSecondAreDates() {
        XCTAssertNil(todoError(["DUE;VALUE=DATE:20280229", "COMPLETED:20261231T235960Z"]))
        XCTAssertEqual(todoError(["DUE;VALUE=DATE:21000229"]),
                       ICalendarError(line: 5, kind: .unreadableDate(property: "DUE", value: "21000229")))
    }

    func testAFoldedBadDateGivesItsFirstLine() {
        XCTAssertEqual(todoError(["SUMMARY:x", "DUE;TZID=Europe/Berlin:2026", " 0301T18"]),
                       ICalendarError(line: 6, kind: .unreadableDate(property: "DUE", value: "20260301T18")))
    }

    func testUnreadableRepeatRules() {
        for rule in ["FREQ=SOMETIMES", "INTERVAL=2", "FREQ=WEEKLY;BYDAY=XX", "FREQ=DAILY;COUNT=many"] {
            XCTAssertEqual(todoError(["DTSTART;VALUE=DATE:20260301", "RRULE:" + rule]),
                           ICalendarError(line: 6, kind: .unreadableRepeatRule(rule)), rule)
        }
    }

    func testUnknownTimeZones() {
        XCTAssertEqual(todoError(["DUE;TZID=Mars/Olympus_Mons:20260301T180000"]),
                       ICalendarError(line: 5, kind: .unknownTimeZone(property: "DUE", tzid: "Mars/Olympus_Mons")))
        // Outlook's name without the VTIMEZONE that defines it.
        XCTAssertEqual(todoError(["SUMMARY:x", "DTSTART;TZID=W. Europe Standard Time:20260301T180000"]),
                       ICalendarError(line: 6, kind: .unknownTimeZone(property: "DTSTART", tzid: "W. Europe Standard Time")))
    }

    func testUnreadableAppleSortOrder() {
        for value in ["abc", "1.5", "99999999999999999999", ""] {
            XCTAssertEqual(todoError(["X-APPLE-SORT-ORDER:" + value]),
                           ICalendarError(line: 5, kind: .notAWholeNumber(property: "X-APPLE-SORT-ORDER", value: value)), value)
        }
    }

    func testAlarmsAndUnknownPropertiesAreNotValidated() {
        XCTAssertNil(todoError(["X-DUE:not a date", "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:soon",
                                "DUE:neither", "END:VALARM"]))
    }

    // MARK: Where the line is

    func testTheLineCountsBlankLinesAndFoldsInTheWholeFile() {
        let text = "BEGIN:VCALENDAR\r\n\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:ok-1\r\nDESCRIPTION:a\r\n b\r\n c\r\nEND:VTODO\r\n"
            + "\r\nBEGIN:VTODO\r\nUID:bad-1\r\nRRULE:FREQ=NEVER\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        XCTAssertEqual(error(text), ICalendarError(line: 13, kind: .unreadableRepeatRule("FREQ=NEVER")))
    }

    func testTheLineInASecondCalendar() {
        let text = "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:1\nEND:VTODO\nEND:VCALENDAR\n"
            + "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:2\nX-APPLE-SORT-ORDER:first\nEND:VTODO\nEND:VCALENDAR\n"
        XCTAssertEqual(error(text),
                       ICalendarError(line: 9, kind: .notAWholeNumber(property: "X-APPLE-SORT-ORDER", value: "first")))
    }

    func testAByteOrderMarkIsNotALine() {
        XCTAssertEqual(error("\u{FEFF}BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:1\nDUE:x\nEND:VTODO\nEND:VCALENDAR\n"),
                       ICalendarError(line: 4, kind: .unreadableDate(property: "DUE", value: "x")))
    }

    func testTextInitializerGivesTheSameError() {
        let text = "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:1\nDUE:x\nEND:VTODO\nEND:VCALENDAR\n"
        XCTAssertThrowsError(try ICalendarFile(text: text)) { error in
            XCTAssertEqual(error as? ICalendarError, ICalendarError(line: 4, kind: .unreadableDate(property: "DUE", value: "x")))
        }
    }

    // MARK: Wording

    func testDescriptionsNameTheLineAndTheProblem() {
        XCTAssertEqual(ICalendarError(line: 6, kind: .mismatchedEnd(found: "VTODO", expected: "VALARM")).description,
                       "Line 6: END:VTODO does not match the open BEGIN:VALARM.")
        XCTAssertEqual(ICalendarError(line: 5, kind: .truncated(insideComponent: "VTODO")).description,
                       "Line 5: The file ends inside VTODO before its END:VTODO: it seems to be cut short.")
        XCTAssertEqual(ICalendarError(line: 5, kind: .unknownTimeZone(property: "DUE", tzid: "Mars")).reason,
                       "The time zone “Mars” of DUE is neither a known zone nor defined in the file.")
        XCTAssertEqual(ICalendarError(line: 1, kind: .empty).description, "Line 1: The file is empty.")
    }
}
