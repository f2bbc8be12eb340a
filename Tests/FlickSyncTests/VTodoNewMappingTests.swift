import FlickCore
import XCTest
@testable import FlickSync

/// `VTodo.new(from:localZone:now:)`: the exact lines of a VTODO for a new item.
final class VTodoNewMappingTests: XCTestCase {
    private let fullFields = VTodoFields(
        uid: "new-1@flick", title: "Buy milk, eggs", notes: "Line 1\nLine 2",
        due: DueDate(year: 2026, month: 3, day: 1, hour: 18, minute: 0, timeZone: "Europe/Berlin"),
        repeatRule: "FREQ=WEEKLY;BYDAY=MO", reminder: .beforeDue(minutes: 15),
        createdAt: ICS.utc(2026, 2, 1, 10), modifiedAt: ICS.utc(2026, 2, 2, 11, 30), sortOrder: -27)

    func testEveryFieldIsWrittenInOrder() {
        let todo = VTodo.new(from: fullFields, localZone: ICS.berlin, now: ICS.now)
        XCTAssertEqual(ICS.lines(todo.text), [
            "BEGIN:VTODO",
            "UID:new-1@flick",
            "DTSTAMP:20260501T120000Z",
            "CREATED:20260201T100000Z",
            "LAST-MODIFIED:20260202T113000Z",
            "SUMMARY:Buy milk\\, eggs",
            "DESCRIPTION:Line 1\\nLine 2",
            "STATUS:NEEDS-ACTION",
            "DUE;TZID=Europe/Berlin:20260301T180000",
            "RRULE:FREQ=WEEKLY;BYDAY=MO",
            "X-APPLE-SORT-ORDER:-27",
            "BEGIN:VALARM",
            "ACTION:DISPLAY",
            "DESCRIPTION:Buy milk\\, eggs",
            "TRIGGER;RELATED=END:-PT15M",
            "END:VALARM",
            "END:VTODO",
        ])
        XCTAssertTrue(todo.text.hasSuffix("END:VTODO\r\n"))
        XCTAssertFalse(todo.uidWasGenerated)
        XCTAssertEqual(todo.uid, "new-1@flick")
    }

    func testAnItemWithOnlyAUIDGetsTheRequiredLinesAndAnEmptySummary() {
        let todo = VTodo.new(from: VTodoFields(uid: "min-1"), localZone: ICS.berlin, now: ICS.now)
        XCTAssertEqual(todo.text, ICS.crlf("""
            BEGIN:VTODO
            UID:min-1
            DTSTAMP:20260501T120000Z
            CREATED:20260501T120000Z
            LAST-MODIFIED:20260501T120000Z
            SUMMARY:
            STATUS:NEEDS-ACTION
            END:VTODO
            """))
    }

    func testACompletedItemGetsTheTriple() {
        var fields = VTodoFields(uid: "done-1", title: "Done")
        fields.completed = true
        fields.completedAt = ICS.utc(2026, 4, 30, 7, 8, 9)
        fields.due = DueDate(year: 2026, month: 4, day: 30)
        let todo = VTodo.new(from: fields, localZone: ICS.berlin, now: ICS.now)
        XCTAssertEqual(Array(ICS.lines(todo.text)[6...]), [
            "STATUS:COMPLETED", "COMPLETED:20260430T070809Z", "PERCENT-COMPLETE:100", "DUE;VALUE=DATE:20260430", "END:VTODO",
        ])
    }

    func testACompletedItemWithoutATimeIsCompletedNow() {
        var fields = VTodoFields(uid: "done-2")
        fields.completed = true
        let todo = VTodo.new(from: fields, localZone: ICS.berlin, now: ICS.now)
        XCTAssertEqual(Array(ICS.lines(todo.text)[6...]), [
            "STATUS:COMPLETED", "COMPLETED:20260501T120000Z", "PERCENT-COMPLETE:100", "END:VTODO",
        ])
    }

    func testDueForms() {
        let cases: [(DueDate, String)] = [
            (DueDate(year: 2026, month: 12, day: 24), "DUE;VALUE=DATE:20261224"),
            (DueDate(year: 2026, month: 12, day: 24, hour: 7, minute: 5, timeZone: "America/New_York"),
             "DUE;TZID=America/New_York:20261224T070500"),
            (DueDate(year: 2026, month: 12, day: 24, hour: 7, minute: 5, timeZone: "UTC"), "DUE:20261224T070500Z"),
            (DueDate(year: 2026, month: 12, day: 24, hour: 7, minute: 5), "DUE:20261224T070500"),
        ]
        for (due, line) in cases {
            var fields = VTodoFields(uid: "d")
            fields.due = due
            let lines = ICS.lines(VTodo.new(from: fields, localZone: ICS.berlin, now: ICS.now).text)
            XCTAssertEqual(lines.filter { $0.hasPrefix("DUE") }, [line])
            XCTAssertFalse(lines.contains { $0.hasPrefix("DTSTART") })
        }
    }

    func testAReminderAtATimeIsWrittenInUTC() {
        var fields = VTodoFields(uid: "at-1", title: "Call")
        fields.reminder = .at(DueDate(year: 2026, month: 7, day: 1, hour: 9, minute: 30, timeZone: "Europe/Berlin"))
        let todo = VTodo.new(from: fields, localZone: ICS.newYork, now: ICS.now)
        XCTAssertEqual(Array(ICS.lines(todo.text)[7...]), [
            "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Call", "TRIGGER;VALUE=DATE-TIME:20260701T073000Z",
            "END:VALARM", "END:VTODO",
        ])
    }

    func testAReminderAtAWallClockWithoutZoneIsInTheLocalZone() {
        var fields = VTodoFields(uid: "at-2", title: "Call")
        fields.reminder = .at(DueDate(year: 2026, month: 7, day: 1, hour: 9, minute: 30))
        let todo = VTodo.new(from: fields, localZone: ICS.newYork, now: ICS.now)
        XCTAssertTrue(todo.text.contains("\r\nTRIGGER;VALUE=DATE-TIME:20260701T133000Z\r\n"))
    }

    func testLongTextIsFolded() {
        let fields = VTodoFields(uid: "long-1", title: String(repeating: "a", count: 100))
        let lines = ICS.lines(VTodo.new(from: fields, localZone: ICS.berlin, now: ICS.now).text)
        XCTAssertEqual(Array(lines[5...6]), ["SUMMARY:" + String(repeating: "a", count: 67), " " + String(repeating: "a", count: 33)])
    }

    func testANewTodoReadsBackAsItsFields() throws {
        let todo = VTodo.new(from: fullFields, localZone: ICS.berlin, now: ICS.now)
        XCTAssertEqual(todo.fields(localZone: ICS.berlin), fullFields)
        XCTAssertNil(todo.patched(to: fullFields, localZone: ICS.berlin, now: ICS.now))
        var done = fullFields
        done.completed = true
        done.completedAt = ICS.utc(2026, 4, 30)
        done.reminder = .at(DueDate(year: 2026, month: 3, day: 1, hour: 9, minute: 0, timeZone: "Europe/Berlin"))
        XCTAssertEqual(VTodo.new(from: done, localZone: ICS.berlin, now: ICS.now).fields(localZone: ICS.berlin), done)
    }

    func testWithoutCreatedAndModifiedTimesBothAreNow() {
        let todo = VTodo.new(from: VTodoFields(uid: "t"), localZone: ICS.berlin, now: ICS.now)
        let read = todo.fields(localZone: ICS.berlin)
        XCTAssertEqual(read.createdAt, ICS.now)
        XCTAssertEqual(read.modifiedAt, ICS.now)
    }
}
