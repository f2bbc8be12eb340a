import FlickCore
import XCTest
@testable import FlickSync

/// `VTodo.patched(to:localZone:now:)`: nothing written when nothing changed, and otherwise only
/// the changed lines and the stamps; every other line stays byte for byte (DESIGN 6 "Patch,
/// never rebuild"). Completion, DUE and the reminder have their own test files.
final class VTodoPatchingMappingTests: XCTestCase {
    // MARK: Nothing changed, nothing written

    func testSameFieldsWriteNothing() throws {
        let todo = try ICS.rich()
        XCTAssertNil(todo.patched(to: todo.fields(localZone: ICS.berlin), localZone: ICS.berlin, now: ICS.now))
        XCTAssertNil(todo.patched(to: ICS.richFields, localZone: ICS.berlin, now: ICS.now))
    }

    func testCreatedAndModifiedTimesAreNotCompared() throws {
        var fields = ICS.richFields
        fields.createdAt = ICS.utc(2020, 1, 1)
        fields.modifiedAt = nil
        XCTAssertNil(try ICS.rich().patched(to: fields, localZone: ICS.berlin, now: ICS.now))
    }

    func testLineBreaksOfAnyKindAreTheSameText() throws {
        let todo = try ICS.only(ICS.todo("SUMMARY:one\\ntwo\nDESCRIPTION:a\\nb\\nc"))
        var fields = todo.fields(localZone: ICS.berlin)
        fields.title = "one\r\ntwo"
        fields.notes = "a\rb\r\nc"
        XCTAssertNil(todo.patched(to: fields, localZone: ICS.berlin, now: ICS.now))
    }

    func testCompletionTimesCountToTheWholeSecond() throws {
        let todo = try ICS.only(ICS.todo("STATUS:COMPLETED\nCOMPLETED:20260302T101500Z\nPERCENT-COMPLETE:100"))
        var fields = todo.fields(localZone: ICS.berlin)
        fields.completedAt = ICS.utc(2026, 3, 2, 10, 15).addingTimeInterval(0.75)
        XCTAssertNil(todo.patched(to: fields, localZone: ICS.berlin, now: ICS.now))
    }

    func testDueDatesWrittenInAnyFormWriteNothingWhenUnchanged() throws {
        let forms = [
            "DUE:20260301T170000Z",
            "DUE:20260301T180000",
            "DUE;TZID=/freeassociation.sourceforge.net/Europe/Berlin:20260301T180000",
            "DUE;VALUE=DATE:20260301",
            "DTSTART;TZID=Europe/Berlin:20260301T180000\nDUE:20260301T170000Z\n"
                + "BEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:x\nTRIGGER:-PT15M\nEND:VALARM",
        ]
        for form in forms {
            let todo = try ICS.only(ICS.todo(form))
            XCTAssertNil(todo.patched(to: todo.fields(localZone: ICS.berlin), localZone: ICS.berlin, now: ICS.now), form)
        }
        let outlook = try ICS.only(ICS.calendar(ICS.outlookBerlinZone
            + "\nBEGIN:VTODO\nUID:o-1\nDUE;TZID=W. Europe Standard Time:20260301T180000\nEND:VTODO"))
        XCTAssertNil(outlook.patched(to: outlook.fields(localZone: ICS.newYork), localZone: ICS.newYork, now: ICS.now))
    }

    // MARK: One change, one line

    func testTitleRewritesOnlySummaryKeepingItsParameters() throws {
        let patched = try ICS.patch(ICS.rich()) { $0.title = "Buy bread; butter, too" }
        XCTAssertEqual(patched.text, try ICS.edited(ICS.richTodo, ICS.richStampEdits + [
            (#"SUMMARY;LANGUAGE=en:Buy milk\, eggs"#, [#"SUMMARY;LANGUAGE=en:Buy bread\; butter\, too"#]),
        ]))
    }

    func testEmptyTitleKeepsAnEmptySummary() throws {
        let patched = try ICS.patch(ICS.rich()) { $0.title = "" }
        XCTAssertEqual(patched.text, try ICS.edited(ICS.richTodo, ICS.richStampEdits + [
            (#"SUMMARY;LANGUAGE=en:Buy milk\, eggs"#, ["SUMMARY;LANGUAGE=en:"]),
        ]))
    }

    func testNotesRewriteOnlyDescriptionWithoutItsStaleAltrep() throws {
        // ALTREP points at another copy of the old text, so it cannot stay.
        let patched = try ICS.patch(ICS.rich()) { $0.notes = "New notes\r\nmore" }
        XCTAssertEqual(patched.text, try ICS.edited(ICS.richTodo, ICS.richStampEdits + [
            (#"DESCRIPTION;ALTREP="cid:part1@example.com";LANGUAGE=en:Two lines\nsecond"#,
             [#"DESCRIPTION;LANGUAGE=en:New notes\nmore"#]),
        ]))
    }

    func testEmptyNotesRemoveDescriptionButNotTheAlarms() throws {
        let patched = try ICS.patch(ICS.rich()) { $0.notes = "" }
        XCTAssertEqual(patched.text, try ICS.edited(ICS.richTodo, ICS.richStampEdits + [
            (#"DESCRIPTION;ALTREP="cid:part1@example.com";LANGUAGE=en:Two lines\nsecond"#, []),
        ]))
    }

    func testNewNotesGoBeforeTheAlarms() throws {
        let todo = try ICS.only(ICS.todo("SUMMARY:x\nBEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:x\nTRIGGER:-PT5M\nEND:VALARM"))
        let patched = try ICS.patch(todo) { $0.notes = "Note" }
        XCTAssertEqual(ICS.lines(patched.text), [
            "BEGIN:VTODO", "UID:test-1", "DTSTAMP:" + ICS.nowText, "SUMMARY:x", "DESCRIPTION:Note",
            "LAST-MODIFIED:" + ICS.nowText, "SEQUENCE:1",
            "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x", "TRIGGER:-PT5M", "END:VALARM", "END:VTODO",
        ])
    }

    func testLongTitleIsFoldedAt75Octets() throws {
        let title = String(repeating: "Grüße ", count: 14)
        let patched = try ICS.patch(ICS.only(ICS.todo("SUMMARY:x\nSEQUENCE:2\nLAST-MODIFIED:20260101T000000Z"))) {
            $0.title = title
        }
        let summary = "SUMMARY:" + title
        XCTAssertEqual(summary.utf8.count, 8 + 14 * 8)
        XCTAssertEqual(ICS.lines(patched.text), [
            "BEGIN:VTODO", "UID:test-1", "DTSTAMP:" + ICS.nowText,
            // The 75th octet is the first of "ü", so the first line stops at 74.
            "SUMMARY:Grüße Grüße Grüße Grüße Grüße Grüße Grüße Grüße Gr",
            " üße Grüße Grüße Grüße Grüße Grüße ",
            "SEQUENCE:3", "LAST-MODIFIED:" + ICS.nowText, "END:VTODO",
        ])
    }

    func testRepeatRuleRewritesOnlyRRule() throws {
        let patched = try ICS.patch(ICS.rich()) { $0.repeatRule = "FREQ=DAILY;INTERVAL=2" }
        XCTAssertEqual(patched.text, try ICS.edited(ICS.richTodo, ICS.richStampEdits + [
            ("RRULE:FREQ=WEEKLY;BYDAY=SU", ["RRULE:FREQ=DAILY;INTERVAL=2"]),
        ]))
    }

    func testNoRepeatRuleRemovesRRule() throws {
        let patched = try ICS.patch(ICS.rich()) { $0.repeatRule = nil }
        XCTAssertEqual(patched.text, try ICS.edited(ICS.richTodo, ICS.richStampEdits + [
            ("RRULE:FREQ=WEEKLY;BYDAY=SU", []),
        ]))
    }

    func testSortOrderRewritesOnlyAppleSortOrder() throws {
        let patched = try ICS.patch(ICS.rich()) { $0.sortOrder = 1_000_000_000_000 }
        XCTAssertEqual(patched.text, try ICS.edited(ICS.richTodo, ICS.richStampEdits + [
            ("X-APPLE-SORT-ORDER:-27", ["X-APPLE-SORT-ORDER:1000000000000"]),
        ]))
    }

    func testNoSortOrderRemovesAppleSortOrder() throws {
        let patched = try ICS.patch(ICS.rich()) { $0.sortOrder = nil }
        XCTAssertEqual(patched.text, try ICS.edited(ICS.richTodo, ICS.richStampEdits + [
            ("X-APPLE-SORT-ORDER:-27", []),
        ]))
    }

    func testSortOrderIsAddedAndGnomePositionNeverWritten() throws {
        let todo = try ICS.only(ICS.todo("SUMMARY:x\nX-GNOME-TODO-POSITION:3\nSEQUENCE:0\nLAST-MODIFIED:20260101T000000Z"))
        let patched = try ICS.patch(todo) { $0.sortOrder = -5 }
        XCTAssertEqual(ICS.lines(patched.text), [
            "BEGIN:VTODO", "UID:test-1", "DTSTAMP:" + ICS.nowText, "SUMMARY:x", "X-GNOME-TODO-POSITION:3",
            "SEQUENCE:1", "LAST-MODIFIED:" + ICS.nowText, "X-APPLE-SORT-ORDER:-5", "END:VTODO",
        ])
    }

    func testUIDChangeRewritesTheUIDLine() throws {
        let patched = try ICS.patch(ICS.rich()) { $0.uid = "other@example.com" }
        XCTAssertEqual(patched.uid, "other@example.com")
        XCTAssertEqual(patched.text, try ICS.edited(ICS.richTodo, ICS.richStampEdits + [
            ("UID:rich-1@example.com", ["UID:other@example.com"]),
        ]))
    }

    // MARK: The stamps

    func testStampsAreAddedBeforeTheAlarmsWhenMissing() throws {
        let text = ICS.calendar("BEGIN:VTODO\nUID:s-1\nSUMMARY:x\nBEGIN:VALARM\nACTION:DISPLAY\nDESCRIPTION:x\n"
            + "TRIGGER:-PT5M\nEND:VALARM\nEND:VTODO")
        let patched = try ICS.patch(ICS.only(text)) { $0.title = "y" }
        XCTAssertEqual(ICS.lines(patched.text), [
            "BEGIN:VTODO", "UID:s-1", "SUMMARY:y",
            "LAST-MODIFIED:" + ICS.nowText, "DTSTAMP:" + ICS.nowText, "SEQUENCE:1",
            // The reminder said the title: it says the new one (issue 34).
            "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:y", "TRIGGER:-PT5M", "END:VALARM", "END:VTODO",
        ])
    }

    func testSequenceKeepsItsParametersAndCountsOn() throws {
        let todo = try ICS.only(ICS.todo("SUMMARY:x\nSEQUENCE;X-SOURCE=app: 41\nLAST-MODIFIED:20260101T000000Z"))
        let patched = try ICS.patch(todo) { $0.title = "y" }
        XCTAssertEqual(ICS.lines(patched.text), [
            "BEGIN:VTODO", "UID:test-1", "DTSTAMP:" + ICS.nowText, "SUMMARY:y", "SEQUENCE;X-SOURCE=app:42",
            "LAST-MODIFIED:" + ICS.nowText, "END:VTODO",
        ])
    }

    func testStampsAreWholeUTCSeconds() throws {
        let todo = try ICS.only(ICS.todo("SUMMARY:x\nSEQUENCE:0\nLAST-MODIFIED:20260101T000000Z"))
        var fields = todo.fields(localZone: ICS.berlin)
        fields.title = "y"
        let patched = try XCTUnwrap(todo.patched(to: fields, localZone: ICS.berlin,
                                                 now: ICS.utc(2026, 7, 4, 23, 59, 58).addingTimeInterval(0.9)))
        XCTAssertEqual(ICS.lines(patched.text), [
            "BEGIN:VTODO", "UID:test-1", "DTSTAMP:20260704T235958Z", "SUMMARY:y", "SEQUENCE:1",
            "LAST-MODIFIED:20260704T235958Z", "END:VTODO",
        ])
        XCTAssertEqual(patched.fields(localZone: ICS.berlin).modifiedAt, ICS.utc(2026, 7, 4, 23, 59, 58))
    }

    // MARK: What travels with the VTODO

    func testLFOnlyInputIsWrittenWithCRLFAndOtherwiseUnchanged() throws {
        let text = "BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VTODO\nUID:lf-1\nSUMMARY:x\nX-LONG:ab\n cd\nSEQUENCE:1\n"
            + "LAST-MODIFIED:20260101T000000Z\nDTSTAMP:20260101T000000Z\nEND:VTODO\nEND:VCALENDAR\n"
        let todo = try ICS.only(text)
        XCTAssertEqual(todo.text, "BEGIN:VTODO\r\nUID:lf-1\r\nSUMMARY:x\r\nX-LONG:ab\r\n cd\r\nSEQUENCE:1\r\n"
            + "LAST-MODIFIED:20260101T000000Z\r\nDTSTAMP:20260101T000000Z\r\nEND:VTODO\r\n")
        let patched = try ICS.patch(todo) { $0.title = "y" }
        XCTAssertEqual(patched.text, "BEGIN:VTODO\r\nUID:lf-1\r\nSUMMARY:y\r\nX-LONG:ab\r\n cd\r\nSEQUENCE:2\r\n"
            + "LAST-MODIFIED:\(ICS.nowText)\r\nDTSTAMP:\(ICS.nowText)\r\nEND:VTODO\r\n")
    }

    func testGeneratedUIDIsKeptByAPatch() throws {
        let todo = try ICS.only(ICS.calendar("BEGIN:VTODO\nSUMMARY:x\nEND:VTODO"))
        let patched = try ICS.patch(todo) { $0.title = "y" }
        XCTAssertTrue(patched.uidWasGenerated)
        XCTAssertEqual(patched.uid, todo.uid)
        XCTAssertEqual(ICS.lines(patched.text), [
            "BEGIN:VTODO", "UID:" + todo.uid, "SUMMARY:y",
            "LAST-MODIFIED:" + ICS.nowText, "DTSTAMP:" + ICS.nowText, "SEQUENCE:1", "END:VTODO",
        ])
    }

    func testPatchingLeavesTheOriginalAlone() throws {
        let todo = try ICS.rich()
        _ = try ICS.patch(todo) { $0.title = "changed" }
        XCTAssertEqual(todo.text, ICS.crlf(ICS.richTodo))
        XCTAssertEqual(todo.fields(localZone: ICS.berlin), ICS.richFields)
    }

    func testSeveralChangesAtOnce() throws {
        let patched = try ICS.patch(ICS.rich()) {
            $0.title = "Bread"
            $0.notes = ""
            $0.repeatRule = nil
            $0.sortOrder = 3
        }
        XCTAssertEqual(patched.text, try ICS.edited(ICS.richTodo, ICS.richStampEdits + [
            (#"SUMMARY;LANGUAGE=en:Buy milk\, eggs"#, ["SUMMARY;LANGUAGE=en:Bread"]),
            (#"DESCRIPTION;ALTREP="cid:part1@example.com";LANGUAGE=en:Two lines\nsecond"#, []),
            ("RRULE:FREQ=WEEKLY;BYDAY=SU", []),
            ("X-APPLE-SORT-ORDER:-27", ["X-APPLE-SORT-ORDER:3"]),
        ]))
    }
}
