import Foundation
@testable import FlickSync

/// Test helpers: iCalendar text from readable literals.
enum ICS {
    /// `text` with CRLF line breaks (literals are written with LF) and a final CRLF.
    static func crlf(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let trimmed = lines.last == "" ? lines.dropLast() : lines[...]
        return trimmed.joined(separator: "\r\n") + "\r\n"
    }

    /// A VCALENDAR around `body` (VTODOs, VTIMEZONEs, … as LF-separated lines), with CRLF.
    static func calendar(_ body: String) -> String {
        crlf("BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//Test//Test//EN\n" + body + "\nEND:VCALENDAR")
    }

    /// A calendar holding one VTODO with `properties` (LF-separated lines) after its UID.
    static func todo(_ properties: String, uid: String = "test-1") -> String {
        calendar("BEGIN:VTODO\nUID:\(uid)\nDTSTAMP:20260101T000000Z\n" + properties + "\nEND:VTODO")
    }

    /// The one VTODO of `text`.
    static func only(_ text: String) throws -> VTodo {
        let file = try ICalendarFile(text: text)
        guard file.todos.count == 1 else { throw TestFailure("expected one VTODO, found \(file.todos.count)") }
        return file.todos[0]
    }

    /// The instant of a UTC time written as an iCalendar value.
    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute,
                                                  second: second))!
    }

    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let newYork = TimeZone(identifier: "America/New_York")!
    static let utcZone = TimeZone(identifier: "UTC")!
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
