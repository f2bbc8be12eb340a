import FlickCore
import Foundation
import GRDB
import XCTest
@testable import FlickSync

/// DTSTART as Flick's start date (issue 59): read in the form it has (tasks.org and Nextcloud
/// Tasks write a DATE or a DATE-TIME in a zone, Thunderbird a DATE-TIME in a zone), written
/// only when Flick changed it, in DUE's form and never after DUE (servers refuse either with
/// 415), with every other line as it came.
final class StartDatePatchingTests: XCTestCase {
    private let stamps = ICS.stampEdits(dtstamp: "20260101T000000Z", lastModified: "20260101T000000Z", sequence: (1, 2))

    private func make(_ properties: String) throws -> (text: String, todo: VTodo) {
        let text = "BEGIN:VTODO\nUID:s-1\nDTSTAMP:20260101T000000Z\nSEQUENCE:1\nLAST-MODIFIED:20260101T000000Z\n"
            + "X-TASKS-ORG-FLAG:kept\n" + properties + "\nEND:VTODO"
        return (text, try ICS.only(ICS.calendar(text)))
    }

    private func berlin(_ month: Int, _ day: Int, _ hour: Int) -> DueDate {
        DueDate(year: 2026, month: month, day: day, hour: hour, minute: 0, timeZone: "Europe/Berlin")
    }

    func testDTStartIsReadInTheFormItHas() throws {
        XCTAssertEqual(try make("DTSTART;VALUE=DATE:20260302").todo.fields(localZone: ICS.berlin).start,
                       DueDate(year: 2026, month: 3, day: 2))
        XCTAssertEqual(try make("DTSTART;TZID=Europe/Berlin:20260302T090000").todo.fields(localZone: ICS.berlin).start,
                       berlin(3, 2, 9))
        XCTAssertNil(try make("SUMMARY:x").todo.fields(localZone: ICS.berlin).start)
    }

    func testAStartAddsOneDTStartLineAndTouchesNothingElse() throws {
        let (text, todo) = try make("SUMMARY:Plan trip\nDUE;VALUE=DATE:20260310")
        let patched = try ICS.patch(todo) { $0.start = DueDate(year: 2026, month: 3, day: 2) }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("DUE;VALUE=DATE:20260310", ["DUE;VALUE=DATE:20260310", "DTSTART;VALUE=DATE:20260302"]),
        ]))
    }

    /// A day beside a due time: RFC 5545 §3.8.2.3 wants both of one value type, so the start is
    /// written as midnight in the due date's zone, and reads back so (no second write).
    func testADayStartBesideADueTimeIsWrittenAsMidnightInItsZone() throws {
        let (text, todo) = try make("DUE;TZID=Europe/Berlin:20260310T170000")
        let patched = try ICS.patch(todo) { $0.start = DueDate(year: 2026, month: 3, day: 2) }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("DUE;TZID=Europe/Berlin:20260310T170000", ["DUE;TZID=Europe/Berlin:20260310T170000",
                                                       "DTSTART;TZID=Europe/Berlin:20260302T000000"]),
        ]))
        XCTAssertNil(patched.patched(to: with(todo.fields(localZone: ICS.berlin)) { $0.start = DueDate(year: 2026, month: 3, day: 2) },
                                     localZone: ICS.berlin, now: ICS.now),
                     "the day Flick holds is the midnight written: nothing to send again")
    }

    func testAnotherStartRewritesTheLineKeepingItsParameters() throws {
        let (text, todo) = try make("DTSTART;X-CLIENT=jtx;TZID=Europe/Berlin:20260302T090000\nDUE;TZID=Europe/Berlin:20260310T170000")
        let patched = try ICS.patch(todo) { $0.start = self.berlin(3, 4, 8) }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [
            ("DTSTART;X-CLIENT=jtx;TZID=Europe/Berlin:20260302T090000",
             ["DTSTART;TZID=Europe/Berlin;X-CLIENT=jtx:20260304T080000"]),
        ]))
    }

    func testNoStartRemovesDTStart() throws {
        let (text, todo) = try make("DTSTART;VALUE=DATE:20260302\nDUE;VALUE=DATE:20260310")
        let patched = try ICS.patch(todo) { $0.start = nil }
        XCTAssertEqual(patched.text, try ICS.edited(text, stamps + [("DTSTART;VALUE=DATE:20260302", [])]))
    }

    /// Flick keeps the start before the due date, but a start after it (from a merge, say) is
    /// written as the due date: a server refuses DTSTART after DUE.
    func testAStartAfterTheDueDateIsWrittenAsTheDueDate() throws {
        let (_, todo) = try make("DUE;VALUE=DATE:20260310")
        var fields = todo.fields(localZone: ICS.berlin)
        fields.start = DueDate(year: 2026, month: 3, day: 20)
        let patched = try XCTUnwrap(todo.patched(to: fields, localZone: ICS.berlin, now: ICS.now))
        XCTAssertEqual(patched.property("DTSTART")?.value, "20260310")
    }

    /// An item stored before v12 whose start was not read yet goes out with its text's DTSTART.
    func testAnUnreadStartIsWrittenAsTheTextHasIt() throws {
        let (_, todo) = try make("SUMMARY:Old\nDTSTART;VALUE=DATE:20260302\nDUE;VALUE=DATE:20260310")
        let fields = todo.fields(localZone: ICS.berlin)
        let item = ExportedItem(uid: "s-1", title: "Old", due: fields.due, createdAt: ICS.now, modifiedAt: ICS.now, rank: 0,
                                ical: ICalendarWriter.calendarText(for: [todo]), baseRank: 0, startUnread: true)
        XCTAssertFalse(ICSExport.resource(for: item, localZone: ICS.berlin).changed)
        var read = item
        read.startUnread = false
        XCTAssertTrue(ICSExport.resource(for: read, localZone: ICS.berlin).changed, "read as none, it would be removed")
    }

    func testANewTodoHasItsStartInTheDueDatesForm() throws {
        let fields = VTodoFields(uid: "n-1", title: "New", due: berlin(3, 10, 17), start: DueDate(year: 2026, month: 3, day: 2))
        let todo = VTodo.new(from: fields, localZone: ICS.berlin, now: ICS.now)
        XCTAssertEqual(todo.property("DTSTART")?.parameterText, ";TZID=Europe/Berlin")
        XCTAssertEqual(todo.property("DTSTART")?.value, "20260302T000000")
    }

    /// One side changed the start, the other the title: both are kept.
    func testAMergeKeepsAStartChangedOnOneSide() {
        let base = VTodoFields(uid: "m", title: "Trip", start: DueDate(year: 2026, month: 3, day: 2))
        let local = with(base) { $0.title = "Trip to Lisbon" }
        let remote = with(base) { $0.start = DueDate(year: 2026, month: 3, day: 5) }
        let merged = VTodoMerge.merge(base: base, local: local, remote: remote, localModified: ICS.now, remoteModified: nil)
        XCTAssertEqual(merged.fields.title, "Trip to Lisbon")
        XCTAssertEqual(merged.fields.start, DueDate(year: 2026, month: 3, day: 5))
        XCTAssertEqual(merged.conflicts, [])
    }

    func testTheBackfillReadsAStartWithoutAnEdit() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flick-start-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try TodoStore(databaseURL: directory.appendingPathComponent(DataDirectory.databaseFileName))
        try store.queue.write { db in
            try db.execute(sql: """
                INSERT INTO list (name, rank) VALUES ('One', 0);
                INSERT INTO item (list_id, title, rank, uid, ical, start_day, modified_at) VALUES
                    (1, 'Trip', 0, 'u1', ?, -1, 100), (1, 'Broken', 1, 'u2', 'not iCalendar', -1, 100);
                """, arguments: [ICS.todo("SUMMARY:Trip\nDTSTART;TZID=Europe/Berlin:20260302T090000", uid: "u1")])
        }
        XCTAssertEqual(try OrganisingBackfill.run(store, localZone: ICS.berlin), 2)
        XCTAssertEqual(try OrganisingBackfill.run(store, localZone: ICS.berlin), 0, "none left")
        let items = try XCTUnwrap(store.exportedLists(ids: nil).first?.items)
        XCTAssertEqual(items.map(\.start), [berlin(3, 2, 9), nil])
        XCTAssertEqual(items.map(\.startUnread), [false, false])
        XCTAssertEqual(items.map { ($0.modifiedAt.timeIntervalSince1970 * 1000).rounded() }, [100, 100], "reading is no edit")
    }

    private func with(_ fields: VTodoFields, _ change: (inout VTodoFields) -> Void) -> VTodoFields {
        var changed = fields
        change(&changed)
        return changed
    }
}
