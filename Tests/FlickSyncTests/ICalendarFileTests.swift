import FlickCore
import XCTest
@testable import FlickSync

/// `ICalendarFile` on texts it reads: which components go where, and what each VTODO takes
/// along.
final class ICalendarFileTests: XCTestCase {
    private let event = "BEGIN:VEVENT\nUID:ev-1\nDTSTART:20260301T100000Z\nSUMMARY:Lunch\nEND:VEVENT"

    func testTodosComeInOrderAndOtherComponentsAsTheirText() throws {
        let text = ICS.calendar("BEGIN:VTODO\nUID:1\nEND:VTODO\n" + event + "\n" + ICS.outlookBerlinZone
            + "\nBEGIN:VJOURNAL\nUID:j-1\nEND:VJOURNAL\nBEGIN:VTODO\nUID:2\nEND:VTODO")
        let file = try ICalendarFile(text: text)
        XCTAssertEqual(file.todos.map(\.uid), ["1", "2"])
        // VTIMEZONEs travel with the VTODOs instead.
        XCTAssertEqual(file.otherComponents, [ICS.crlf(event), ICS.crlf("BEGIN:VJOURNAL\nUID:j-1\nEND:VJOURNAL")])
    }

    func testSeveralCalendarsInOneFile() throws {
        let text = ICS.calendar("BEGIN:VTODO\nUID:1\nEND:VTODO") + "\r\n" + ICS.calendar("BEGIN:VTODO\nUID:2\nEND:VTODO")
        XCTAssertEqual(try ICalendarFile(text: text).todos.map(\.uid), ["1", "2"])
    }

    func testATodoTakesOnlyTheZonesItNames() throws {
        let chicago = "BEGIN:VTIMEZONE\nTZID:America/Chicago\nBEGIN:STANDARD\nDTSTART:20071104T020000\n"
            + "TZOFFSETFROM:-0500\nTZOFFSETTO:-0600\nEND:STANDARD\nEND:VTIMEZONE"
        let text = ICS.calendar(ICS.outlookBerlinZone + "\n" + chicago
            + "\nBEGIN:VTODO\nUID:1\nDUE;TZID=W. Europe Standard Time:20260301T180000\nEND:VTODO"
            + "\nBEGIN:VTODO\nUID:2\nDUE;TZID=America/Chicago:20260301T180000\nEND:VTODO"
            + "\nBEGIN:VTODO\nUID:3\nDUE:20260301T180000Z\nEND:VTODO")
        let todos = try ICalendarFile(text: text).todos
        XCTAssertEqual(todos.map { $0.timeZones.keys.sorted() }, [["W. Europe Standard Time"], ["America/Chicago"], []])
        XCTAssertEqual(todos[0].timeZones["W. Europe Standard Time"], ICS.crlf(ICS.outlookBerlinZone))
    }

    func testDataAndTextReadTheSame() throws {
        let text = ICS.calendar(ICS.richTodo)
        let fromData = try ICalendarFile(data: Data(text.utf8)).todos[0]
        XCTAssertEqual(fromData, try ICS.rich())
    }

    func testAUTF8SequenceCutByAFoldIsJoinedAgain() throws {
        // RFC 5545 §3.1: simple writers fold inside a multi-octet character, so readers must
        // unfold before they decode. Here "ü" (0xC3 0xBC) is split across the fold.
        var bytes = Array("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:u-1\r\nSUMMARY:Gr".utf8)
        bytes += [0xC3, 0x0D, 0x0A, 0x20, 0xBC]
        bytes += Array("ße\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8)
        let todo = try XCTUnwrap(try ICalendarFile(data: Data(bytes)).todos.first)
        XCTAssertEqual(todo.fields(localZone: ICS.berlin).title, "Grüße")
        XCTAssertEqual(ICS.lines(todo.text), ["BEGIN:VTODO", "UID:u-1", "SUMMARY:Grüße", "END:VTODO"])
    }
}
