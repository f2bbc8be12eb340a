import FlickCore
import Foundation
import XCTest
@testable import FlickSync

/// `VTodo.new(from:localZone:now:)` and `ICalendarWriter.calendarText(for:)`: the exact lines
/// Flick writes for an item that has no VTODO yet.
final class VTodoNewTests: XCTestCase {
    private let now = ICS.utc(2026, 2, 1, 12, 0, 0)
    private let zone = ICS.berlin

    private func physicalLines(_ todo: VTodo) -> [String] {
        Array(todo.text.components(separatedBy: "\r\n").dropLast())
    }

    func testSimpleOpenItem() {
        let todo = VTodo.new(from: VTodoFields(uid: "new-1", title: "Buy milk", notes: "Two, maybe\nthree"),
                             localZone: zone, now: now)
        XCTAssertEqual(physicalLines(todo), [
            "BEGIN:VTODO",
            "UID:new-1",
            "DTSTAMP:20260201T120000Z",
            "CREATED:20260201T120000Z",
            "LAST-MODIFIED:20260201T120000Z",
            "SUMMARY:Buy milk",
            "DESCRIPTION:Two\\, maybe\\nthree",
            "STATUS:NEEDS-ACTION",
            "END:VTODO",
        ])
        XCTAssertFalse(todo.uidWasGenerated)
        XCTAssertEqual(todo.uid, "new-1")
    }

    func testEmptyTitleStillHasASummary() {
        let todo = VTodo.new(from: VTodoFields(uid: "new-0"), localZone: zone, now: now)
        XCTAssertEqual(physicalLines(todo), [
            "BEGIN:VTODO",
            "UID:new-0",
            "DTSTAMP:20260201T120000Z",
            "CREATED:20260201T120000Z",
            "LAST-MODIFIED:20260201T120000Z",
            "SUMMARY:",
            "STATUS:NEEDS-ACTION",
            "END:VTODO",
        ])
    }

    func testCompletedItem() {
        let fields = VTodoFields(uid: "new-2", title: "Done", completed: true,
                                 completedAt: ICS.utc(2026, 1, 31, 8, 0, 0), createdAt: ICS.utc(2026, 1, 1),
                                 modifiedAt: ICS.utc(2026, 1, 31, 8, 0, 0), sortOrder: 788_918_400)
        XCTAssertEqual(physicalLines(VTodo.new(from: fields, localZone: zone, now: now)), [
            "BEGIN:VTODO",
            "UID:new-2",
            "DTSTAMP:20260201T120000Z",
            "CREATED:20260101T000000Z",
            "LAST-MODIFIED:20260131T080000Z",
            "SUMMARY:Done",
            "STATUS:COMPLETED",
            "COMPLETED:20260131T080000Z",
            "PERCENT-COMPLETE:100",
            "X-APPLE-SORT-ORDER:788918400",
            "END:VTODO",
        ])
    }

    func testDueInAZoneWithAReminderAndARepeatRule() {
        let fields = VTodoFields(uid: "new-3", title: "Call Anna",
                                 due: DueDate(year: 2026, month: 3, day: 15, hour: 9, minute: 30, timeZone: "Europe/Berlin"),
                                 repeatRule: "FREQ=WEEKLY;BYDAY=SU", reminder: .beforeDue(minutes: 15))
        XCTAssertEqual(physicalLines(VTodo.new(from: fields, localZone: zone, now: now)), [
            "BEGIN:VTODO",
            "UID:new-3",
            "DTSTAMP:20260201T120000Z",
            "CREATED:20260201T120000Z",
            "LAST-MODIFIED:20260201T120000Z",
            "SUMMARY:Call Anna",
            "STATUS:NEEDS-ACTION",
            "DUE;TZID=Europe/Berlin:20260315T093000",
            "RRULE:FREQ=WEEKLY;BYDAY=SU",
            "BEGIN:VALARM",
            "ACTION:DISPLAY",
            "DESCRIPTION:Call Anna",
            "TRIGGER;RELATED=END:-PT15M",
            "END:VALARM",
            "END:VTODO",
        ])
    }

    func testDueDateAlone() {
        let fields = VTodoFields(uid: "new-4", title: "Taxes", due: DueDate(year: 2026, month: 5, day: 31))
        XCTAssertEqual(physicalLines(VTodo.new(from: fields, localZone: zone, now: now)), [
            "BEGIN:VTODO",
            "UID:new-4",
            "DTSTAMP:20260201T120000Z",
            "CREATED:20260201T120000Z",
            "LAST-MODIFIED:20260201T120000Z",
            "SUMMARY:Taxes",
            "STATUS:NEEDS-ACTION",
            "DUE;VALUE=DATE:20260531",
            "END:VTODO",
        ])
    }

    func testDueInUTCIsWrittenWithZ() {
        let fields = VTodoFields(uid: "new-5", title: "UTC", due: DueDate(year: 2026, month: 5, day: 31, hour: 7,
                                                                          minute: 5, timeZone: "UTC"))
        XCTAssertTrue(physicalLines(VTodo.new(from: fields, localZone: zone, now: now)).contains("DUE:20260531T070500Z"))
    }

    func testAbsoluteReminderIsWrittenInUTC() {
        let fields = VTodoFields(uid: "new-6", title: "Ping",
                                 reminder: .at(DueDate(year: 2026, month: 3, day: 14, hour: 18, minute: 0,
                                                       timeZone: "Europe/Berlin")))
        let lines = physicalLines(VTodo.new(from: fields, localZone: zone, now: now))
        XCTAssertEqual(Array(lines.suffix(6)), [
            "BEGIN:VALARM",
            "ACTION:DISPLAY",
            "DESCRIPTION:Ping",
            "TRIGGER;VALUE=DATE-TIME:20260314T170000Z",
            "END:VALARM",
            "END:VTODO",
        ])
    }

    func testNewVTodoReadsBackAsItsFields() throws {
        let fields = VTodoFields(uid: "new-7", title: "Call Anna; later", notes: "a\\b",
                                 due: DueDate(year: 2026, month: 3, day: 15, hour: 9, minute: 30, timeZone: "Europe/Berlin"),
                                 repeatRule: "FREQ=DAILY", reminder: .beforeDue(minutes: 45), sortOrder: -2)
        let todo = VTodo.new(from: fields, localZone: zone, now: now)
        let read = try ICS.only(ICalendarWriter.calendarText(for: [todo])).fields(localZone: ICS.newYork)
        XCTAssertTrue(read.hasSameOwnedValues(as: fields))
        XCTAssertNil(todo.patched(to: fields, localZone: zone, now: now))
    }

    // MARK: The calendar text

    private func item(_ uid: String, zone tzid: String?) -> VTodo {
        let due = tzid.map { DueDate(year: 2026, month: 3, day: 15, hour: 9, minute: 30, timeZone: $0) }
        return VTodo.new(from: VTodoFields(uid: uid, title: uid, due: due), localZone: zone, now: now)
    }

    private func count(_ line: String, in text: String) -> Int {
        text.components(separatedBy: "\r\n").filter { $0 == line }.count
    }

    func testCalendarTextHasOneVTimezonePerTZID() throws {
        let todos = [item("a", zone: "Europe/Berlin"), item("b", zone: "Europe/Berlin"),
                     item("c", zone: "America/New_York"), item("d", zone: nil)]
        let text = ICalendarWriter.calendarText(for: todos)
        XCTAssertTrue(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Flick//Flick//EN\r\nCALSCALE:GREGORIAN\r\nBEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n"))
        XCTAssertTrue(text.hasSuffix(todos.map(\.text).joined() + "END:VCALENDAR\r\n"))
        XCTAssertEqual(count("BEGIN:VTIMEZONE", in: text), 2)
        XCTAssertEqual(count("END:VTIMEZONE", in: text), 2)
        XCTAssertEqual(count("TZID:Europe/Berlin", in: text), 1)
        XCTAssertEqual(count("TZID:America/New_York", in: text), 1)
        XCTAssertFalse(text.contains("freeassociation"))
        XCTAssertEqual(count("BEGIN:VTODO", in: text), 4)
        // Berlin first, as the first VTODO names it first.
        let berlin = try XCTUnwrap(text.range(of: "TZID:Europe/Berlin\r\n"))
        let newYork = try XCTUnwrap(text.range(of: "TZID:America/New_York\r\n"))
        XCTAssertLessThan(berlin.lowerBound, newYork.lowerBound)
    }

    func testTwoItemsInOneZoneGiveOneVTimezone() {
        let text = ICalendarWriter.calendarText(for: [item("a", zone: "Europe/Berlin"), item("b", zone: "Europe/Berlin")])
        XCTAssertEqual(count("BEGIN:VTIMEZONE", in: text), 1)
        XCTAssertEqual(count("TZID:Europe/Berlin", in: text), 1)
    }

    func testNoZoneNoVTimezone() {
        let text = ICalendarWriter.calendarText(for: [item("d", zone: nil), item("e", zone: "UTC")])
        XCTAssertEqual(count("BEGIN:VTIMEZONE", in: text), 0)
        XCTAssertEqual(text, "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Flick//Flick//EN\r\nCALSCALE:GREGORIAN\r\n"
                       + item("d", zone: nil).text + item("e", zone: "UTC").text + "END:VCALENDAR\r\n")
    }

    func testCalendarNameIsEscaped() {
        let text = ICalendarWriter.calendarText(for: [], name: "Home, work")
        XCTAssertEqual(text, "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Flick//Flick//EN\r\nCALSCALE:GREGORIAN\r\n"
                       + "X-WR-CALNAME:Home\\, work\r\nEND:VCALENDAR\r\n")
    }

    func testWrittenCalendarReadsBackWithItsZones() throws {
        let text = ICalendarWriter.calendarText(for: [item("a", zone: "Europe/Berlin"), item("c", zone: "America/New_York")])
        let todos = try ICalendarFile(text: text).todos
        XCTAssertEqual(todos.map(\.uid), ["a", "c"])
        XCTAssertEqual(todos[0].fields(localZone: ICS.utcZone).due,
                       DueDate(year: 2026, month: 3, day: 15, hour: 9, minute: 30, timeZone: "Europe/Berlin"))
        XCTAssertEqual(Array(todos[1].timeZones.keys), ["America/New_York"])
    }
}
