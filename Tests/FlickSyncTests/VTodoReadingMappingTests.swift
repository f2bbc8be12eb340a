import FlickCore
import XCTest
@testable import FlickSync

/// `VTodo.fields(localZone:)`: what Flick reads of a VTODO (DESIGN 6), other than DUE and the
/// VALARM (their own test files).
final class VTodoReadingMappingTests: XCTestCase {
    private func fields(_ properties: String, zone: TimeZone = ICS.berlin) throws -> VTodoFields {
        try ICS.only(ICS.todo(properties)).fields(localZone: zone)
    }

    func testReadsEverythingFlickOwnsFromARichTodo() throws {
        XCTAssertEqual(try ICS.rich().fields(localZone: ICS.berlin), ICS.richFields)
    }

    func testATodoKeepsItsTextAsItCame() throws {
        XCTAssertEqual(try ICS.rich().text, ICS.crlf(ICS.richTodo))
    }

    // MARK: SUMMARY and DESCRIPTION

    func testSummaryIsUnescaped() throws {
        let read = try fields(#"SUMMARY:Call Ann\, Bob\; then \\ home\nand rest\N done"#)
        XCTAssertEqual(read.title, "Call Ann, Bob; then \\ home\nand rest\n done")
    }

    func testDescriptionIsUnfoldedThenUnescaped() throws {
        // The fold's own space goes; the second space is the value's.
        let read = try fields("DESCRIPTION:first part of a long\n  text\\nline\n\ttwo")
        XCTAssertEqual(read.notes, "first part of a long text\nlinetwo")
    }

    func testNonStandardEscapedColonIsAColonAndUnknownEscapesStay() throws {
        XCTAssertEqual(try fields(#"SUMMARY:Meet at 10\:30 in C:\temp"#).title, #"Meet at 10:30 in C:\temp"#)
    }

    func testParametersAreNotPartOfTheText() throws {
        let read = try fields("SUMMARY;LANGUAGE=de:Milch kaufen\nDESCRIPTION;ALTREP=\"cid:x\":Notiz")
        XCTAssertEqual(read.title, "Milch kaufen")
        XCTAssertEqual(read.notes, "Notiz")
    }

    func testMissingSummaryAndDescriptionAreEmpty() throws {
        let read = try fields("STATUS:NEEDS-ACTION")
        XCTAssertEqual(read.title, "")
        XCTAssertEqual(read.notes, "")
    }

    func testUTF8TextIsReadAsIs() throws {
        XCTAssertEqual(try fields("SUMMARY:Grüße 😀 €").title, "Grüße 😀 €")
    }

    // MARK: Completion

    func testTheCompletedTripleIsCompletedAtItsTime() throws {
        let read = try fields("STATUS:COMPLETED\nCOMPLETED:20260302T101500Z\nPERCENT-COMPLETE:100")
        XCTAssertTrue(read.completed)
        XCTAssertEqual(read.completedAt, ICS.utc(2026, 3, 2, 10, 15))
    }

    func testStatusCompletedWithoutCompletedCountsAsCompletedWithoutATime() throws {
        let read = try fields("STATUS:COMPLETED")
        XCTAssertTrue(read.completed)
        XCTAssertNil(read.completedAt)
    }

    func testACompletedTimeWithoutStatusCountsAsCompleted() throws {
        let read = try fields("COMPLETED:20260302T101500Z")
        XCTAssertTrue(read.completed)
        XCTAssertEqual(read.completedAt, ICS.utc(2026, 3, 2, 10, 15))
    }

    func testStatusIsReadWhateverItsCase() throws {
        XCTAssertTrue(try fields("STATUS:completed").completed)
    }

    /// CANCELLED is done since issue 29 (VTodoReadingTests.testCancelledIsDone).
    func testOtherStatusesAreOpen() throws {
        for status in ["NEEDS-ACTION", "IN-PROCESS\nPERCENT-COMPLETE:99"] {
            let read = try fields("STATUS:" + status)
            XCTAssertFalse(read.completed, status)
            XCTAssertNil(read.completedAt, status)
        }
    }

    // MARK: RRULE

    func testRepeatRuleIsTheValueAsWritten() throws {
        XCTAssertEqual(try fields("RRULE:FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=12").repeatRule, "FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=12")
        XCTAssertNil(try fields("SUMMARY:x").repeatRule)
    }

    // MARK: CREATED and LAST-MODIFIED

    func testCreatedAndLastModifiedAreUTCInstants() throws {
        let read = try fields("CREATED:20251230T080000Z\nLAST-MODIFIED:20260101T093015Z")
        XCTAssertEqual(read.createdAt, ICS.utc(2025, 12, 30, 8))
        XCTAssertEqual(read.modifiedAt, ICS.utc(2026, 1, 1, 9, 30, 15))
    }

    func testFloatingCreatedIsReadAsUTCWhateverTheLocalZone() throws {
        // Nextcloud Tasks 0.13 wrote floating CREATED and LAST-MODIFIED (research 1.5).
        let read = try fields("CREATED:20251230T080000\nLAST-MODIFIED:20260101T090000", zone: ICS.newYork)
        XCTAssertEqual(read.createdAt, ICS.utc(2025, 12, 30, 8))
        XCTAssertEqual(read.modifiedAt, ICS.utc(2026, 1, 1, 9))
    }

    func testCreatedWithATimeZoneIsConverted() throws {
        XCTAssertEqual(try fields("CREATED;TZID=Europe/Berlin:20260101T100000").createdAt, ICS.utc(2026, 1, 1, 9))
    }

    func testMissingCreatedAndLastModifiedAreNil() throws {
        let read = try fields("SUMMARY:x")
        XCTAssertNil(read.createdAt)
        XCTAssertNil(read.modifiedAt)
    }

    // MARK: Order

    func testAppleSortOrderIsASignedWholeNumber() throws {
        XCTAssertEqual(try fields("X-APPLE-SORT-ORDER:-27").sortOrder, -27)
        XCTAssertEqual(try fields("X-APPLE-SORT-ORDER:9223372036854775807").sortOrder, Int64.max)
        XCTAssertEqual(try fields("X-APPLE-SORT-ORDER: 42 ").sortOrder, 42)
    }

    func testWithoutAppleSortOrderTheOrderIsNil() throws {
        // X-GNOME-TODO-POSITION is another client's dense index, not an X-APPLE-SORT-ORDER.
        XCTAssertNil(try fields("X-GNOME-TODO-POSITION:3").sortOrder)
    }

    func testSortOrderForCreatedCountsWholeSecondsFrom2001() throws {
        XCTAssertEqual(VTodo.appleSortOrder(forCreated: ICS.utc(2001, 1, 1)), 0)
        // 25 years with 6 leap days: 9131 days.
        XCTAssertEqual(VTodo.appleSortOrder(forCreated: ICS.utc(2026, 1, 1)), 788_918_400)
        XCTAssertEqual(VTodo.appleSortOrder(forCreated: ICS.utc(2026, 1, 1).addingTimeInterval(0.999)), 788_918_400)
        XCTAssertEqual(VTodo.appleSortOrder(forCreated: ICS.utc(2000, 12, 31, 23, 59, 59)), -1)
        XCTAssertEqual(VTodo.appleSortOrder(forCreated: ICS.utc(2001, 1, 1).addingTimeInterval(-0.5)), -1)
    }

    func testSortOrderForCreatedOfARealTodo() throws {
        // tasks.org's APPLE_EPOCH is 978307200000 ms: CREATED 2026-01-01 sorts at 788918400 there too.
        let created = try XCTUnwrap(try fields("CREATED:20260101T000000Z").createdAt)
        XCTAssertEqual(VTodo.appleSortOrder(forCreated: created), (1_767_225_600_000 - 978_307_200_000) / 1000)
    }

    // MARK: UID

    func testUIDIsTakenAsWritten() throws {
        let todo = try ICS.only(ICS.todo("SUMMARY:x", uid: "Abc\\,123@example.com"))
        XCTAssertEqual(todo.uid, "Abc\\,123@example.com")
        XCTAssertEqual(todo.fields(localZone: ICS.berlin).uid, "Abc\\,123@example.com")
        XCTAssertFalse(todo.uidWasGenerated)
    }

    func testMissingUIDIsGeneratedAsTheSecondLine() throws {
        // A VALARM's own UID (RFC 9074) is not the VTODO's.
        let text = ICS.calendar("BEGIN:VTODO\nSUMMARY:No UID\nBEGIN:VALARM\nUID:alarm-1\nACTION:DISPLAY\nDESCRIPTION:x\nTRIGGER:-PT5M\nEND:VALARM\nEND:VTODO")
        let todo = try ICS.only(text)
        XCTAssertTrue(todo.uidWasGenerated)
        XCTAssertNotNil(UUID(uuidString: todo.uid), todo.uid)
        XCTAssertEqual(todo.fields(localZone: ICS.berlin).uid, todo.uid)
        XCTAssertEqual(ICS.lines(todo.text), [
            "BEGIN:VTODO", "UID:" + todo.uid, "SUMMARY:No UID", "BEGIN:VALARM", "UID:alarm-1", "ACTION:DISPLAY",
            "DESCRIPTION:x", "TRIGGER:-PT5M", "END:VALARM", "END:VTODO",
        ])
    }

    /// Found by the fuzz tests of `make stress`: an empty UID line before the real one made an item
    /// whose UID was empty. An empty UID tells nothing apart, so it counts as none.
    func testAnEmptyUIDLineIsNoUID() throws {
        let beforeTheRealOne = try ICS.only(ICS.calendar("BEGIN:VTODO\nUID:\nUID:real-1\nSUMMARY:x\nEND:VTODO"))
        XCTAssertEqual(beforeTheRealOne.uid, "real-1")
        XCTAssertFalse(beforeTheRealOne.uidWasGenerated)
        XCTAssertEqual(ICS.lines(beforeTheRealOne.text), ["BEGIN:VTODO", "UID:real-1", "SUMMARY:x", "END:VTODO"])

        let alone = try ICS.only(ICS.calendar("BEGIN:VTODO\nUID: \nSUMMARY:x\nEND:VTODO"))
        XCTAssertTrue(alone.uidWasGenerated)
        XCTAssertNotNil(UUID(uuidString: alone.uid), alone.uid)
        XCTAssertEqual(ICS.lines(alone.text), ["BEGIN:VTODO", "UID:" + alone.uid, "SUMMARY:x", "END:VTODO"])
    }

    /// Derived from the text, so the same file imported twice adds nothing the second time.
    func testEachReadGivesTheSameUIDAndAnotherTextAnother() throws {
        let text = ICS.calendar("BEGIN:VTODO\nSUMMARY:No UID\nEND:VTODO")
        XCTAssertEqual(try ICS.only(text).uid, try ICS.only(text).uid)
        XCTAssertNotEqual(try ICS.only(text).uid, try ICS.only(text.replacingOccurrences(of: "No UID", with: "Other")).uid)
    }
}
