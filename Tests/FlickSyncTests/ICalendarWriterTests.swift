import FlickCore
import XCTest
@testable import FlickSync

/// `ICalendarWriter.calendarText(for:)`: one VCALENDAR with each VTIMEZONE the VTODOs name
/// exactly once, and text that reads back as what was written.
final class ICalendarWriterTests: XCTestCase {
    private let header = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Flick//Flick//EN\r\nCALSCALE:GREGORIAN\r\n"
    private let footer = "END:VCALENDAR\r\n"

    private func newTodo(_ uid: String, due: DueDate?) -> VTodo {
        VTodo.new(from: VTodoFields(uid: uid, title: uid, due: due), localZone: ICS.berlin, now: ICS.now)
    }

    private func at18(in zone: String) -> DueDate {
        DueDate(year: 2026, month: 3, day: 1, hour: 18, minute: 0, timeZone: zone)
    }

    /// libical's own VTIMEZONE for `name`, with its TZID line saying `tzid`.
    private func libicalZone(_ name: String, as tzid: String) throws -> String {
        let text = try XCTUnwrap(LibicalBridge.builtinTimeZoneText(name))
        let libicalTZID = "TZID:/freeassociation.sourceforge.net/\(name)\r\n"
        XCTAssertTrue(text.contains(libicalTZID))
        return text.replacingOccurrences(of: libicalTZID, with: "TZID:\(tzid)\r\n")
    }

    private func zoneIDs(_ text: String) -> [String] {
        ICS.lines(text).filter { $0.hasPrefix("TZID:") }
    }

    func testNoTodosIsAnEmptyCalendar() {
        XCTAssertEqual(ICalendarWriter.calendarText(for: []), header + footer)
    }

    func testIANAZoneGetsLibicalsDefinitionUnderThePlainName() throws {
        let todo = newTodo("a", due: at18(in: "Europe/Berlin"))
        let zone = try libicalZone("Europe/Berlin", as: "Europe/Berlin")
        XCTAssertTrue(zone.hasPrefix("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\nX-LIC-LOCATION:Europe/Berlin\r\nBEGIN:"), zone)
        XCTAssertTrue(zone.hasSuffix("\r\nEND:VTIMEZONE\r\n"))
        let text = ICalendarWriter.calendarText(for: [todo])
        XCTAssertEqual(text, header + zone + todo.text + footer)
        XCTAssertFalse(text.contains("freeassociation"))
    }

    func testTheWrittenZoneHasBerlinsRules() throws {
        let text = ICalendarWriter.calendarText(for: [newTodo("a", due: at18(in: "Europe/Berlin"))])
        let start = try XCTUnwrap(text.range(of: "BEGIN:VTIMEZONE\r\n"))
        let end = try XCTUnwrap(text.range(of: "END:VTIMEZONE\r\n"))
        // Under a name that is no IANA zone, libical converts with the written rules alone.
        let zone = String(text[start.lowerBound..<end.upperBound])
            .replacingOccurrences(of: "TZID:Europe/Berlin\r\n", with: "TZID:Written Berlin\r\n")
        func utcOf(_ month: Int, _ day: Int, _ hour: Int, _ minute: Int) -> Date? {
            LibicalBridge.instant(year: 2026, month: month, day: day, hour: hour, minute: minute, second: 0,
                                  inZoneDefinedBy: zone)
        }
        XCTAssertEqual(utcOf(1, 15, 12, 0), ICS.utc(2026, 1, 15, 11))
        XCTAssertEqual(utcOf(7, 15, 12, 0), ICS.utc(2026, 7, 15, 10))
        XCTAssertEqual(utcOf(3, 29, 1, 59), ICS.utc(2026, 3, 29, 0, 59))
        XCTAssertEqual(utcOf(3, 29, 3, 0), ICS.utc(2026, 3, 29, 1))
    }

    func testEachZoneIsWrittenOnceInTheOrderOfFirstUse() throws {
        let todos = [
            newTodo("a", due: at18(in: "Europe/Berlin")),
            newTodo("b", due: at18(in: "America/New_York")),
            newTodo("c", due: at18(in: "Europe/Berlin")),
            newTodo("d", due: DueDate(year: 2026, month: 3, day: 1)),
        ]
        let text = ICalendarWriter.calendarText(for: todos)
        XCTAssertEqual(text, try header + libicalZone("Europe/Berlin", as: "Europe/Berlin")
            + libicalZone("America/New_York", as: "America/New_York") + todos.map(\.text).joined() + footer)
        XCTAssertEqual(zoneIDs(text), ["TZID:Europe/Berlin", "TZID:America/New_York"])
    }

    func testUTCFloatingAndDatesNeedNoZone() {
        let todos = [
            newTodo("utc", due: at18(in: "UTC")),
            newTodo("floating", due: DueDate(year: 2026, month: 3, day: 1, hour: 18, minute: 0)),
            newTodo("date", due: DueDate(year: 2026, month: 3, day: 1)),
            newTodo("none", due: nil),
        ]
        XCTAssertEqual(ICalendarWriter.calendarText(for: todos), header + todos.map(\.text).joined() + footer)
    }

    func testAZoneThatCameWithTheTodoGoesBackAsItCame() throws {
        let todo = try ICS.only(ICS.calendar(ICS.outlookBerlinZone
            + "\nBEGIN:VTODO\nUID:o-1\nDUE;TZID=W. Europe Standard Time:20260301T180000\nEND:VTODO"))
        XCTAssertEqual(ICalendarWriter.calendarText(for: [todo]),
                       header + ICS.crlf(ICS.outlookBerlinZone) + todo.text + footer)
    }

    func testAnIANAZoneThatCameWithItsOwnDefinitionKeepsIt() throws {
        let apple = "BEGIN:VTIMEZONE\nTZID:America/Chicago\nX-APPLE-ONLY:kept\nBEGIN:STANDARD\nDTSTART:20071104T020000\n"
            + "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU\nTZNAME:CST\nTZOFFSETFROM:-0500\nTZOFFSETTO:-0600\nEND:STANDARD\n"
            + "BEGIN:DAYLIGHT\nDTSTART:20070311T020000\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU\nTZNAME:CDT\n"
            + "TZOFFSETFROM:-0600\nTZOFFSETTO:-0500\nEND:DAYLIGHT\nEND:VTIMEZONE"
        let todo = try ICS.only(ICS.calendar(apple + "\nBEGIN:VTODO\nUID:c-1\n"
            + "DTSTART;TZID=America/Chicago:20260301T090000\nDUE;TZID=America/Chicago:20260301T180000\nEND:VTODO"))
        XCTAssertEqual(ICalendarWriter.calendarText(for: [todo]), header + ICS.crlf(apple) + todo.text + footer)
    }

    func testTheFirstDefinitionOfATZIDWins() throws {
        func todo(_ uid: String, mark: String) throws -> VTodo {
            let zone = ICS.outlookBerlinZone.replacingOccurrences(of: "BEGIN:STANDARD", with: "X-MARK:\(mark)\nBEGIN:STANDARD")
            return try ICS.only(ICS.calendar(zone + "\nBEGIN:VTODO\nUID:\(uid)\n"
                + "DUE;TZID=W. Europe Standard Time:20260301T180000\nEND:VTODO"))
        }
        let first = try todo("one", mark: "first"), second = try todo("two", mark: "second")
        let text = ICalendarWriter.calendarText(for: [first, second])
        XCTAssertTrue(text.contains("X-MARK:first\r\n"))
        XCTAssertFalse(text.contains("X-MARK:second"))
        XCTAssertEqual(zoneIDs(text), ["TZID:W. Europe Standard Time"])
    }

    func testZonesTheTodoDoesNotNameAreNotWritten() throws {
        let newYork = try libicalZone("America/New_York", as: "America/New_York").replacingOccurrences(of: "\r\n", with: "\n")
        let todo = try ICS.only(ICS.calendar(newYork + ICS.outlookBerlinZone
            + "\nBEGIN:VTODO\nUID:o-1\nDUE;TZID=W. Europe Standard Time:20260301T180000\nEND:VTODO"))
        XCTAssertEqual(zoneIDs(ICalendarWriter.calendarText(for: [todo])), ["TZID:W. Europe Standard Time"])
    }

    func testAPrefixedTZIDWithoutDefinitionGetsLibicalsZoneUnderThatName() throws {
        let tzid = "/freeassociation.sourceforge.net/Europe/Berlin"
        let todo = try ICS.only(ICS.todo("DUE;TZID=\(tzid):20260301T180000"))
        XCTAssertEqual(ICalendarWriter.calendarText(for: [todo]),
                       try header + libicalZone("Europe/Berlin", as: tzid) + todo.text + footer)
    }

    func testAZoneNamedOnlyByAnUnknownPropertyIsNotInvented() throws {
        let todo = try ICS.only(ICS.todo("X-FOO;TZID=Nowhere/Land:20260301T180000"))
        XCTAssertEqual(ICalendarWriter.calendarText(for: [todo]), header + todo.text + footer)
    }

    func testAPatchToAnotherZoneBringsThatZone() throws {
        let patched = try ICS.patch(ICS.rich()) { $0.due = self.at18(in: "Asia/Tokyo") }
        XCTAssertEqual(zoneIDs(ICalendarWriter.calendarText(for: [patched])), ["TZID:Europe/Berlin", "TZID:Asia/Tokyo"])
    }

    // MARK: Round trips

    func testARichTodoReadsBackUnchanged() throws {
        let todo = try ICS.rich()
        let reread = try ICS.only(ICalendarWriter.calendarText(for: [todo]))
        XCTAssertEqual(reread.text, todo.text)
        XCTAssertEqual(reread.fields(localZone: ICS.berlin), ICS.richFields)
        XCTAssertNil(reread.patched(to: ICS.richFields, localZone: ICS.berlin, now: ICS.now))
    }

    func testNewTodosReadBackAsTheirFields() throws {
        let fields = [
            VTodoFields(uid: "1", title: "Täglich; prüfen, bitte", notes: "a\nb\\c", due: at18(in: "America/New_York"),
                        repeatRule: "FREQ=DAILY", reminder: .beforeDue(minutes: 30),
                        createdAt: ICS.utc(2026, 1, 1), modifiedAt: ICS.utc(2026, 1, 2), sortOrder: 7),
            VTodoFields(uid: "2", title: "Day", completed: true, completedAt: ICS.utc(2026, 2, 2, 2, 2, 2),
                        due: DueDate(year: 2026, month: 2, day: 2),
                        reminder: .at(DueDate(year: 2026, month: 2, day: 1, hour: 20, minute: 0, timeZone: "Europe/Berlin")),
                        createdAt: ICS.utc(2026, 1, 1), modifiedAt: ICS.utc(2026, 1, 2)),
            VTodoFields(uid: "3", due: at18(in: "Europe/Berlin"), createdAt: ICS.utc(2026, 1, 1), modifiedAt: ICS.utc(2026, 1, 2)),
        ]
        let todos = fields.map { VTodo.new(from: $0, localZone: ICS.berlin, now: ICS.now) }
        let file = try ICalendarFile(text: ICalendarWriter.calendarText(for: todos))
        XCTAssertEqual(file.todos.map { $0.fields(localZone: ICS.berlin) }, fields)
        XCTAssertEqual(file.todos.map(\.text), todos.map(\.text))
    }

    func testAnOutlookZoneReadsBackToTheSameTimes() throws {
        let todo = try ICS.only(ICS.calendar(ICS.outlookBerlinZone
            + "\nBEGIN:VTODO\nUID:o-1\nDUE;TZID=W. Europe Standard Time:20260301T180000\nEND:VTODO"))
        let reread = try ICS.only(ICalendarWriter.calendarText(for: [todo]))
        XCTAssertEqual(reread.fields(localZone: ICS.newYork), todo.fields(localZone: ICS.newYork))
        XCTAssertEqual(reread.fields(localZone: ICS.newYork).due,
                       DueDate(year: 2026, month: 3, day: 1, hour: 12, minute: 0, timeZone: "America/New_York"))
    }

    func testWritingWhatWasWrittenGivesTheSameText() throws {
        let todos = [try ICS.rich(), newTodo("b", due: at18(in: "America/New_York"))]
        let once = ICalendarWriter.calendarText(for: todos)
        XCTAssertEqual(ICalendarWriter.calendarText(for: try ICalendarFile(text: once).todos), once)
    }
}
