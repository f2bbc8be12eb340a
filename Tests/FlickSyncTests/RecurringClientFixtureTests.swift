import FlickCore
import Foundation
import XCTest
@testable import FlickSync

/// Repeating tasks as Thunderbird, tasks.org, jtx Board and Nextcloud Tasks leave them once one
/// occurrence is done (tests/fixtures/ics/recurring, whose README says where each shape was
/// learned): Flick shows each at the occurrence every one of them shows next (issue 57), and
/// completing that occurrence here writes the one after it in a form the other program reads the
/// same way, leaving its changed occurrences and EXDATEs as they came.
final class RecurringClientFixtureTests: XCTestCase {
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../tests/fixtures/ics/recurring").standardizedFileURL
    private let zone = ICS.berlin

    private func file(_ name: String) throws -> ICalendarFile {
        try ICalendarFile(data: Data(contentsOf: Self.folder.appendingPathComponent(name)))
    }

    private func berlin(_ month: Int, _ day: Int, _ hour: Int) -> DueDate {
        DueDate(year: 2026, month: month, day: day, hour: hour, minute: 0, timeZone: "Europe/Berlin")
    }

    private func day(_ month: Int, _ day: Int) -> DueDate {
        DueDate(year: 2026, month: month, day: day)
    }

    /// What Flick writes back after completing the occurrence it shows, done as the list does it
    /// (`ItemFields.nextOccurrence` at `RepeatRule.next(after:)`), as the text of the resource
    /// (`ICSExport.resource`: the task, then its changed occurrences as they came); nil when the
    /// series had ended and the item was completed instead.
    private func completingShownOccurrence(of file: ICalendarFile) throws -> ICalendarFile {
        let master = try XCTUnwrap(file.task)
        var fields = try XCTUnwrap(file.taskFields(localZone: zone))
        let rule = try XCTUnwrap(fields.repeatRule.flatMap(RepeatRule.init(rrule:)))
        let due = try XCTUnwrap(fields.due)
        if let next = rule.next(after: due) {
            let advanced = ItemFields(title: fields.title, due: due, repeatRule: rule).nextOccurrence(due: next)
            (fields.due, fields.repeatRule) = (advanced.due, advanced.repeatRule?.rrule)
        } else {
            fields.completed = true
        }
        let patched = try XCTUnwrap(master.patched(to: fields, localZone: zone, now: ICS.now, occurrences: file.occurrences))
        return try ICalendarFile(text: ICalendarWriter.calendarText(for: [patched] + file.occurrences))
    }

    private func line(_ name: String, of file: ICalendarFile) -> String? {
        file.task.flatMap { $0.property(name) }.map { $0.parameterText + ":" + $0.value }
    }

    // MARK: Thunderbird: a changed occurrence (RECURRENCE-ID) per occurrence done

    func testThunderbirdsDoneOccurrencesShowTheNextTuesday() throws {
        let file = try file("thunderbird-occurrences-done.ics")
        let fields = try XCTUnwrap(file.taskFields(localZone: zone))
        XCTAssertFalse(fields.completed)
        XCTAssertEqual(fields.due, berlin(3, 17, 18), "3 and 10 March are done by their changed occurrences")
        XCTAssertNil(try XCTUnwrap(file.task).patched(to: fields, localZone: zone, now: ICS.now, occurrences: file.occurrences),
                     "reading it is no edit")
    }

    func testCompletingAfterThunderbirdMovesTheTaskAndKeepsItsOccurrences() throws {
        let file = try file("thunderbird-occurrences-done.ics")
        let written = try completingShownOccurrence(of: file)
        // DTSTART moves with DUE: Thunderbird counts a task's occurrences from DTSTART, so it
        // shows 24 March next too; the changed occurrences of 3 and 10 March stay done there.
        XCTAssertEqual(line("DUE", of: written), ";TZID=Europe/Berlin:20260324T180000")
        XCTAssertEqual(line("DTSTART", of: written), ";TZID=Europe/Berlin:20260324T180000")
        XCTAssertEqual(line("RRULE", of: written), ":FREQ=WEEKLY;BYDAY=TU")
        XCTAssertEqual(line("X-MOZ-GENERATION", of: written), ":3")
        XCTAssertEqual(written.occurrences.map(\.text), file.occurrences.map(\.text), "byte for byte")
        XCTAssertEqual(written.taskFields(localZone: zone)?.due, berlin(3, 24, 18))
        XCTAssertEqual(written.taskFields(localZone: zone)?.completed, false)
    }

    // MARK: tasks.org: DUE and DTSTART moved on, COUNT one down, no changed occurrence

    func testTasksOrgsMovedTaskShowsItsDue() throws {
        let fields = try XCTUnwrap(try file("tasks-org-moved-forward.ics").taskFields(localZone: zone))
        XCTAssertEqual(fields.due, day(3, 16))
        XCTAssertEqual(fields.repeatRule, "FREQ=WEEKLY;COUNT=3")
    }

    func testCompletingAfterTasksOrgCountsDownAndEndsWithTheSeries() throws {
        // tasks.org's COUNT is how many occurrences are left from DUE on (it lowers it by one
        // each time it moves the task on); writing it unchanged gave the series one more
        // occurrence in tasks.org and in every program counting from the moved DTSTART.
        let first = try completingShownOccurrence(of: try file("tasks-org-moved-forward.ics"))
        XCTAssertEqual(line("DUE", of: first), ";VALUE=DATE:20260323")
        XCTAssertEqual(line("DTSTART", of: first), ";VALUE=DATE:20260322", "hidden until the day before, as it was")
        XCTAssertEqual(line("RRULE", of: first), ":FREQ=WEEKLY;COUNT=2")
        XCTAssertEqual(line("X-APPLE-SORT-ORDER", of: first), ":793527330")
        let second = try completingShownOccurrence(of: first)
        XCTAssertEqual(line("DUE", of: second), ";VALUE=DATE:20260330")
        XCTAssertEqual(line("RRULE", of: second), ":FREQ=WEEKLY;COUNT=1")
        // COUNT=1: the last occurrence. Done, the task is done, as tasks.org leaves it.
        let last = try completingShownOccurrence(of: second)
        XCTAssertEqual(last.taskFields(localZone: zone)?.completed, true)
        XCTAssertEqual(line("DUE", of: last), ";VALUE=DATE:20260330")
        XCTAssertEqual(line("RRULE", of: last), ":FREQ=WEEKLY;COUNT=1")
    }

    // MARK: jtx Board: a changed occurrence named by its start, and an EXDATE

    func testJtxBoardsDoneAndDeletedOccurrencesAreSkipped() throws {
        // RECURRENCE-ID is the occurrence's DTSTART (09:00), not its DUE (17:00); 9 March is
        // deleted from the series by EXDATE. Flick showed 2 March, open, before issue 57.
        let fields = try XCTUnwrap(try file("jtx-board-exception-exdate.ics").taskFields(localZone: zone))
        XCTAssertEqual(fields.due, berlin(3, 16, 17))
        XCTAssertFalse(fields.completed)
    }

    func testCompletingAfterJtxBoardKeepsTheExceptionAndTheExdate() throws {
        let file = try file("jtx-board-exception-exdate.ics")
        let written = try completingShownOccurrence(of: file)
        // jtx Board makes its occurrences from DTSTART, DUE the same time later: 23 March
        // 09:00 to 17:00, as Flick shows it.
        XCTAssertEqual(line("DUE", of: written), ";TZID=Europe/Berlin:20260323T170000")
        XCTAssertEqual(line("DTSTART", of: written), ";TZID=Europe/Berlin:20260323T090000")
        XCTAssertEqual(line("EXDATE", of: written), ";TZID=Europe/Berlin:20260309T090000")
        XCTAssertEqual(line("X-JTX-COLLECTION-COLOR", of: written), ":-16744448")
        XCTAssertEqual(written.occurrences.map(\.text), file.occurrences.map(\.text))
        XCTAssertEqual(written.taskFields(localZone: zone)?.due, berlin(3, 23, 17))
    }

    func testCompletingOntoAnExcludedOccurrenceWritesTheOneAfter() throws {
        // The rule's next occurrence after 16 March is 23 March, which an EXDATE removes: the
        // file says 30 March, and writing the list's 23 March again changes nothing (no PUT on
        // every sync).
        let text = try String(contentsOf: Self.folder.appendingPathComponent("jtx-board-exception-exdate.ics"), encoding: .utf8)
            .replacingOccurrences(of: "EXDATE;TZID=Europe/Berlin:20260309T090000",
                                  with: "EXDATE;TZID=Europe/Berlin:20260309T090000,20260323T090000")
        let file = try ICalendarFile(text: text)
        let written = try completingShownOccurrence(of: file)
        XCTAssertEqual(line("DUE", of: written), ";TZID=Europe/Berlin:20260330T170000")
        XCTAssertEqual(line("DTSTART", of: written), ";TZID=Europe/Berlin:20260330T090000")
        XCTAssertEqual(line("EXDATE", of: written), ";TZID=Europe/Berlin:20260309T090000,20260323T090000")
        var listFields = try XCTUnwrap(written.taskFields(localZone: zone))
        listFields.due = berlin(3, 23, 17)
        XCTAssertNil(try XCTUnwrap(written.task).patched(to: listFields, localZone: zone, now: ICS.now,
                                                         occurrences: written.occurrences))
    }

    // MARK: Nextcloud Tasks: the task itself completed (its web app has no occurrences)

    func testNextcloudTasksCompletedSeriesIsDoneAsOnTheServer() throws {
        // Nextcloud Tasks completes the whole task, RRULE kept (nextcloud/tasks#2276, #3227):
        // the server, Thunderbird and Nextcloud itself show no next occurrence, nor does Flick,
        // and reading it writes nothing.
        let file = try file("nextcloud-tasks-master-completed.ics")
        let master = try XCTUnwrap(file.task)
        var fields = try XCTUnwrap(file.taskFields(localZone: zone))
        XCTAssertTrue(fields.completed)
        XCTAssertEqual(fields.due, day(3, 5))
        XCTAssertEqual(fields.repeatRule, "FREQ=MONTHLY")
        XCTAssertNil(master.patched(to: fields, localZone: zone, now: ICS.now, occurrences: file.occurrences))
        // Reopened here, it repeats again from its DUE, with what Nextcloud keeps.
        fields.completed = false
        fields.completedAt = nil
        let reopened = try ICalendarFile(text: ICalendarWriter.calendarText(
            for: [try XCTUnwrap(master.patched(to: fields, localZone: zone, now: ICS.now))]))
        XCTAssertEqual(line("STATUS", of: reopened), ":NEEDS-ACTION")
        XCTAssertNil(line("COMPLETED", of: reopened))
        XCTAssertEqual(line("RRULE", of: reopened), ":FREQ=MONTHLY")
        XCTAssertEqual(line("X-OC-HIDESUBTASKS", of: reopened), ":0")
        XCTAssertEqual(reopened.taskFields(localZone: zone)?.due, day(3, 5))
    }
}
