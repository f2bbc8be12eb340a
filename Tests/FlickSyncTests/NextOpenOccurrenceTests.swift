import FlickCore
import Foundation
import XCTest
@testable import FlickSync

/// A repeating task whose changed occurrences mark some done shows as its next open occurrence
/// (issue 29), and reading it that way is no edit: a rename leaves its DUE and DTSTART alone, and
/// completing it moves both from where the file had them.
final class NextOpenOccurrenceTests: XCTestCase {
    private let zone = ICS.berlin

    private let task = """
        BEGIN:VTODO
        UID:recycling
        DTSTAMP:20260101T000000Z
        SUMMARY:Take out the recycling
        RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU
        DTSTART;TZID=Europe/Berlin:20260310T070000
        DUE;TZID=Europe/Berlin:20260310T070000
        END:VTODO
        """

    private func occurrence(_ day: String, status: String = "COMPLETED", zoneWritten: String = "TZID=Europe/Berlin",
                            time: String = "T070000") -> String {
        """
        BEGIN:VTODO
        UID:recycling
        DTSTAMP:20260101T000000Z
        SUMMARY:Take out the recycling
        RECURRENCE-ID;\(zoneWritten):\(day)\(time)
        STATUS:\(status)
        END:VTODO
        """
    }

    private func due(of text: String) throws -> DueDate? {
        try ICalendarFile(text: ICS.calendar(text)).taskFields(localZone: zone)?.due
    }

    private func berlin(_ month: Int, _ day: Int) -> DueDate {
        DueDate(year: 2026, month: month, day: day, hour: 7, minute: 0, timeZone: "Europe/Berlin")
    }

    func testAnOccurrenceDoneAtTheDueDateMovesItToTheNextOne() throws {
        XCTAssertEqual(try due(of: task), berlin(3, 10), "no changed occurrence: the DUE")
        XCTAssertEqual(try due(of: task + "\n" + occurrence("20260310")), berlin(3, 24), "two weeks on")
        XCTAssertEqual(try due(of: occurrence("20260310") + "\n" + task), berlin(3, 24), "the occurrence first")
    }

    func testOccurrencesDoneInARowAreAllSkipped() throws {
        let text = [task, occurrence("20260324"), occurrence("20260310", status: "CANCELLED")].joined(separator: "\n")
        XCTAssertEqual(try due(of: text), berlin(4, 7))
    }

    /// An RDATE is an occurrence of the series: the one done before it moves the task there, not
    /// to the rule's next.
    func testAnRdateIsTheNextOccurrenceWhenItComesFirst() throws {
        let withExtra = task.replacingOccurrences(of: "END:VTODO", with: "RDATE;TZID=Europe/Berlin:20260317T070000\nEND:VTODO")
        XCTAssertEqual(try due(of: withExtra + "\n" + occurrence("20260310")), berlin(3, 17))
        XCTAssertEqual(try due(of: withExtra + "\n" + occurrence("20260310") + "\n" + occurrence("20260317")), berlin(3, 24),
                       "then the rule's")
    }

    func testAnOpenOrLaterOccurrenceMovesNothing() throws {
        XCTAssertEqual(try due(of: task + "\n" + occurrence("20260310", status: "NEEDS-ACTION")), berlin(3, 10))
        XCTAssertEqual(try due(of: task + "\n" + occurrence("20260324")), berlin(3, 10), "the 10th is still open")
    }

    func testTheSameOccurrenceWrittenInUTCCounts() throws {
        // 07:00 in Berlin in March is 06:00 UTC.
        let text = task + "\n" + occurrence("20260310", zoneWritten: "VALUE=DATE-TIME", time: "T060000Z")
        XCTAssertEqual(try due(of: text), berlin(3, 24))
    }

    func testARenameWritesNoDueAndCompletingMovesDueAndStartFromTheFile() throws {
        let file = try ICalendarFile(text: ICS.calendar(task + "\n" + occurrence("20260310")))
        let master = try XCTUnwrap(file.task)
        var fields = try XCTUnwrap(file.taskFields(localZone: zone))
        XCTAssertNil(master.patched(to: fields, localZone: zone, now: ICS.now, occurrences: file.occurrences),
                     "read as its next open occurrence, nothing changed")
        fields.title = "Take out the paper"
        let renamed = try XCTUnwrap(master.patched(to: fields, localZone: zone, now: ICS.now, occurrences: file.occurrences))
        XCTAssertEqual(renamed.property("DUE")?.value, "20260310T070000", "the DUE line is the file's")
        XCTAssertEqual(renamed.property("DTSTART")?.value, "20260310T070000")
        fields.due = berlin(4, 7)  // Completing the occurrence of the 24th.
        let completed = try XCTUnwrap(master.patched(to: fields, localZone: zone, now: ICS.now, occurrences: file.occurrences))
        XCTAssertEqual(completed.property("DUE")?.value, "20260407T070000")
        XCTAssertEqual(completed.property("DTSTART")?.value, "20260407T070000", "the start keeps its distance to DUE")
    }

    func testAnImportedTaskIsShownAtItsNextOpenOccurrence() throws {
        let text = ICS.calendar(task + "\n" + occurrence("20260310"))
        let item = try XCTUnwrap(try ICSImport.lists(from: Data(text.utf8), localZone: zone).first?.items.first)
        XCTAssertEqual(item.due, berlin(3, 24))
        XCTAssertEqual(item.repeatRule, "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU")
    }
}
