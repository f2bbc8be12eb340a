import FlickCore
import Foundation
import XCTest
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

    /// The `now` of every patch in the tests, and its iCalendar text.
    static let now = utc(2026, 5, 1, 12)
    static let nowText = "20260501T120000Z"

    /// The lines of a CRLF text, without the final empty one.
    static func lines(_ text: String) -> [String] {
        let lines = text.components(separatedBy: "\r\n")
        return lines.last == "" ? Array(lines.dropLast()) : lines
    }

    /// `text` (LF-separated physical lines) with each edit applied, as CRLF text: every edit's
    /// line must occur exactly once, and is replaced by the edit's lines ([] removes it). Patch
    /// tests state the whole expected text this way, so any other line that moved fails them.
    static func edited(_ text: String, _ edits: [(line: String, by: [String])]) throws -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        for edit in edits {
            let found = lines.indices.filter { lines[$0] == edit.line }
            guard found.count == 1 else { throw TestFailure("\(found.count) lines are \"\(edit.line)\"") }
            lines.replaceSubrange(found[0]...found[0], with: edit.by)
        }
        return crlf(lines.joined(separator: "\n"))
    }

    /// The edits of a patch at `now` to the stamps of a VTODO that has all three of them.
    static func stampEdits(dtstamp: String, lastModified: String, sequence: (Int, Int)) -> [(line: String, by: [String])] {
        [("DTSTAMP:" + dtstamp, ["DTSTAMP:" + nowText]),
         ("LAST-MODIFIED:" + lastModified, ["LAST-MODIFIED:" + nowText]),
         ("SEQUENCE:\(sequence.0)", ["SEQUENCE:\(sequence.1)"])]
    }

    /// `todo` patched to its own fields changed by `change`, at `now`. Fails unless something is
    /// written, and unless the result reads back as the new fields and patching it again to
    /// them writes nothing (what a second sync would do).
    static func patch(_ todo: VTodo, zone: TimeZone = berlin, file: StaticString = #filePath, line: UInt = #line,
                      _ change: (inout VTodoFields) -> Void) throws -> VTodo {
        var fields = todo.fields(localZone: zone)
        change(&fields)
        // The start as Flick would hold it after the change (`ItemFields.setDue`, `setStart`).
        fields.start = VTodo.startWritten(old: todo.fields(localZone: zone), new: fields, localZone: zone)
        let patched = try XCTUnwrap(todo.patched(to: fields, localZone: zone, now: now),
                                    "nothing was written", file: file, line: line)
        let reread = patched.fields(localZone: zone)
        var expected = fields
        // Done at no particular time: the patch chose one.
        if expected.completed, expected.completedAt == nil { expected.completedAt = reread.completedAt }
        XCTAssertTrue(reread.hasSameOwnedValues(as: expected), "reads back as \(reread), not \(expected)",
                      file: file, line: line)
        XCTAssertNil(patched.patched(to: fields, localZone: zone, now: utc(2026, 6, 1)),
                     "a second patch to the same fields writes again", file: file, line: line)
        return patched
    }

    /// A VTODO Apple, Thunderbird, Nextcloud and others might have written, with everything Flick
    /// must keep as it came: parameters, CATEGORIES, RELATED-TO, unknown and lowercase names,
    /// odd folding, an alarm of another client's (EMAIL). Its owned VALARM is the first one.
    static let richTodo = """
        BEGIN:VTODO
        UID:rich-1@example.com
        DTSTAMP:20260101T090000Z
        CREATED:20251230T080000Z
        LAST-MODIFIED:20260101T090000Z
        SEQUENCE:4
        SUMMARY;LANGUAGE=en:Buy milk\\, eggs
        DESCRIPTION;ALTREP="cid:part1@example.com";LANGUAGE=en:Two lines\\nsecond
        STATUS:NEEDS-ACTION
        PRIORITY:1
        CATEGORIES:Errands,Home
        RELATED-TO;RELTYPE=PARENT:parent-7@example.com
        DTSTART;TZID=Europe/Berlin:20260301T090000
        DUE;TZID=Europe/Berlin:20260301T180000
        RRULE:FREQ=WEEKLY;BYDAY=SU
        X-APPLE-SORT-ORDER:-27
        X-OC-HIDESUBTASKS:1
        x-lower-case:kept as written
        FOO-BAR;X-PARAM="a:b;c":unknown IANA-style name
        X-LONG-PROPERTY:this value is folded at an odd place
          and continues here
        \tafter a tab
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:Buy milk
        TRIGGER;RELATED=END:-PT15M
        X-WR-ALARMUID:9A1B-ALARM
        END:VALARM
        BEGIN:VALARM
        ACTION:EMAIL
        SUMMARY:Mail
        DESCRIPTION:Mail body
        ATTENDEE:mailto:ann@example.com
        TRIGGER;RELATED=END:-PT1H
        END:VALARM
        END:VTODO
        """

    /// The stamp edits of a patch of `richTodo`.
    static let richStampEdits = stampEdits(dtstamp: "20260101T090000Z", lastModified: "20260101T090000Z",
                                           sequence: (4, 5))

    /// `richTodo`, read.
    static func rich() throws -> VTodo { try only(calendar(richTodo)) }

    /// What `richTodo` says.
    static let richFields = VTodoFields(
        uid: "rich-1@example.com", title: "Buy milk, eggs", notes: "Two lines\nsecond",
        due: DueDate(year: 2026, month: 3, day: 1, hour: 18, minute: 0, timeZone: "Europe/Berlin"),
        repeatRule: "FREQ=WEEKLY;BYDAY=SU", reminder: .beforeDue(minutes: 15),
        createdAt: utc(2025, 12, 30, 8), modifiedAt: utc(2026, 1, 1, 9), sortOrder: -27,
        priority: 1, tags: ["Errands", "Home"], parentUID: "parent-7@example.com",
        start: DueDate(year: 2026, month: 3, day: 1, hour: 9, minute: 0, timeZone: "Europe/Berlin"))

    /// Outlook's VTIMEZONE for Central European time: a TZID that is no IANA name, defined only
    /// here.
    static let outlookBerlinZone = """
        BEGIN:VTIMEZONE
        TZID:W. Europe Standard Time
        BEGIN:STANDARD
        DTSTART:16010101T030000
        TZOFFSETFROM:+0200
        TZOFFSETTO:+0100
        RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10
        END:STANDARD
        BEGIN:DAYLIGHT
        DTSTART:16010101T020000
        TZOFFSETFROM:+0100
        TZOFFSETTO:+0200
        RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3
        END:DAYLIGHT
        END:VTIMEZONE
        """

    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let newYork = TimeZone(identifier: "America/New_York")!
    static let utcZone = TimeZone(identifier: "UTC")!
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
