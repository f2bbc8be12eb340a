import FlickCore
import Foundation
import XCTest
@testable import FlickSync

/// .ics files in and out: the facade over the VTODO mapping, and through a real store.
final class ICSImportExportTests: XCTestCase {
    private let zone = ICS.berlin

    /// A Thunderbird-style VTODO with properties Flick does not read.
    private let foreign = ICS.calendar("""
        X-WR-CALNAME:Home
        BEGIN:VTODO
        UID:tb-1
        DTSTAMP:20260301T090000Z
        CREATED:20260301T080000Z
        LAST-MODIFIED:20260301T090000Z
        SUMMARY;LANGUAGE=de:Fenster putzen\\, innen
        CATEGORIES:Home,Chores
        X-MOZ-GENERATION:3
        PRIORITY:5
        DUE;VALUE=DATE:20260310
        BEGIN:VALARM
        ACTION:EMAIL
        TRIGGER:-P1D
        DESCRIPTION:x
        SUMMARY:x
        ATTENDEE:mailto:a@example.org
        END:VALARM
        END:VTODO
        """)

    private func importOne(_ text: String) throws -> ImportedItem {
        let lists = try ICSImport.lists(from: Data(text.utf8), localZone: zone)
        XCTAssertEqual(lists.count, 1)
        return try XCTUnwrap(lists.first?.items.first)
    }

    /// `item` as an export would see it after storing (rank and times given).
    private func exported(_ item: ImportedItem, rank: Int64, title: String? = nil, modified: Date? = nil) -> ExportedItem {
        ExportedItem(uid: item.uid, title: title ?? item.title, notes: item.notes, isCompleted: item.isCompleted,
                     completedAt: item.completedAt, due: item.due, reminder: item.reminder, repeatRule: item.repeatRule,
                     createdAt: item.createdAt!, modifiedAt: modified ?? item.modifiedAt!, rank: rank, ical: item.ical,
                     priority: item.priority, tags: item.tags, parentUID: item.parentUID, start: item.start)
    }

    /// A store in a folder of its own, removed when the test ends.
    private func temporaryStore() throws -> TodoStore {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flick-sync-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return try TodoStore(databaseURL: directory.appendingPathComponent("flick.sqlite"))
    }

    private func todoLines(_ text: String) -> [String] {
        let lines = text.components(separatedBy: "\r\n")
        guard let start = lines.firstIndex(of: "BEGIN:VTODO"), let end = lines.firstIndex(of: "END:VTODO") else { return [] }
        return Array(lines[start...end])
    }

    func testAnImportedItemHasItsFieldsAndTheCreatedFallbackOrder() throws {
        let item = try importOne(foreign)
        XCTAssertEqual(item.uid, "tb-1")
        XCTAssertEqual(item.title, "Fenster putzen, innen")
        XCTAssertEqual(item.due, DueDate(year: 2026, month: 3, day: 10))
        XCTAssertNil(item.reminder, "an EMAIL alarm is not Flick's reminder")
        XCTAssertEqual(item.sortOrder, VTodo.appleSortOrder(forCreated: ICS.utc(2026, 3, 1, 8)))
        XCTAssertEqual(item.sortOrder, 794_044_800, "seconds from 2001-01-01 to 2026-03-01T08:00Z")
        XCTAssertTrue((item.ical ?? "").contains("X-MOZ-GENERATION:3\r\n"))
        XCTAssertTrue((item.ical ?? "").hasPrefix("BEGIN:VCALENDAR\r\n"))
    }

    /// Issue 29: of several copies of one UID the first won, even when a later copy had a higher
    /// SEQUENCE (libical's test files went from 8 tasks to 1 without a word).
    func testOfTwoCopiesOfAUIDTheLatestRevisionIsImported() throws {
        let file = ICS.calendar("""
            BEGIN:VTODO
            UID:dup
            SEQUENCE:1
            SUMMARY:Old
            END:VTODO
            BEGIN:VTODO
            UID:dup
            SEQUENCE:3
            SUMMARY:Newest
            END:VTODO
            BEGIN:VTODO
            UID:dup
            SEQUENCE:2
            SUMMARY:Middle
            END:VTODO
            BEGIN:VTODO
            UID:same-sequence
            SEQUENCE:1
            LAST-MODIFIED:20260101T000000Z
            SUMMARY:Earlier edit
            END:VTODO
            BEGIN:VTODO
            UID:same-sequence
            SEQUENCE:1
            LAST-MODIFIED:20260301T000000Z
            SUMMARY:Later edit
            END:VTODO
            """)
        let items = try ICSImport.lists(from: Data(file.utf8), localZone: zone).flatMap(\.items)
        XCTAssertEqual(items.map(\.title), ["Newest", "Later edit"])
    }

    /// Issue 29: a line another program wrote longer than 75 octets was exported as it came,
    /// and a strict reader refused the whole export. It is folded, and reads back the same.
    func testALongLineFromAnotherProgramIsFoldedOnExport() throws {
        let long = "X-OTHER-APP-NOTE:" + String(repeating: "ünïcödé ", count: 20)
        let file = ICS.calendar("BEGIN:VTODO\nUID:long\nSUMMARY:Long\n" + long + "\nEND:VTODO")
        let todo = try ICS.only(file)
        let text = ICalendarWriter.calendarText(for: [todo])
        for line in text.components(separatedBy: "\r\n") {
            XCTAssertLessThanOrEqual(line.utf8.count, 75, line)
        }
        let reread = try ICS.only(text)
        XCTAssertEqual(reread.property("X-OTHER-APP-NOTE")?.value, String(long.dropFirst("X-OTHER-APP-NOTE:".count)))
    }

    /// Issue 29: a malformed parameter another program wrote (an empty one, one without a
    /// value) was exported as it came, and a strict reader refused the whole export. The line is
    /// written without it; its value and its well-formed parameters stay, and a line without a
    /// fault stays byte for byte.
    func testAMalformedParameterIsLeftOutOnExport() throws {
        let file = ICS.calendar("""
            BEGIN:VTODO
            UID:params
            SUMMARY;LANGUAGE=en;:Hello
            X-FOO;BROKEN:value
            X-BAR;X-A=a,"b;c";=x;X-B="q":kept
            DESCRIPTION;ALTREP="cid:part1":note
            END:VTODO
            """)
        let text = ICalendarWriter.calendarText(for: [try ICS.only(file)])
        let lines = text.components(separatedBy: "\r\n")
        XCTAssertTrue(lines.contains("SUMMARY;LANGUAGE=en:Hello"), text)
        XCTAssertTrue(lines.contains("X-FOO:value"), text)
        XCTAssertTrue(lines.contains(#"X-BAR;X-A=a,"b;c";X-B="q":kept"#), text)
        XCTAssertTrue(lines.contains(#"DESCRIPTION;ALTREP="cid:part1":note"#), "well-formed: as it came")
    }

    /// Issue 29: tasks without CREATED, or sharing one CREATED, got an order Flick derived, and
    /// an export (or a sync's push) wrote it as X-APPLE-SORT-ORDER with a new LAST-MODIFIED and
    /// SEQUENCE: marked edited by the import alone. Only a move writes an order.
    func testAnImportAloneMarksNoTaskEdited() throws {
        let file = ICS.calendar("""
            BEGIN:VTODO
            UID:no-created
            DTSTAMP:20260101T000000Z
            SUMMARY:No CREATED
            END:VTODO
            BEGIN:VTODO
            UID:shared-1
            DTSTAMP:20260101T000000Z
            CREATED:20260101T000000Z
            SUMMARY:Shared CREATED one
            END:VTODO
            BEGIN:VTODO
            UID:shared-2
            DTSTAMP:20260101T000000Z
            CREATED:20260101T000000Z
            SUMMARY:Shared CREATED two
            END:VTODO
            """)
        let store = try temporaryStore()
        let summary = try store.importLists(try ICSImport.lists(from: Data(file.utf8), localZone: zone),
                                            into: .listsByName(fallbackName: "Tasks"))
        for item in try XCTUnwrap(try store.exportedLists(ids: summary.listIDs).first).items {
            let (text, changed) = ICSExport.resource(for: item, localZone: zone)
            XCTAssertFalse(changed, "\(item.title): marked edited by the import alone")
            XCTAssertFalse(text.contains("X-APPLE-SORT-ORDER"), text)
            XCTAssertFalse(text.contains("SEQUENCE"), text)
        }
        let document = try XCTUnwrap(try store.document(listID: summary.listIDs[0]))
        try document.move(document.wholeItems[0].id!, to: 2)
        let moved = try XCTUnwrap(try store.exportedLists(ids: summary.listIDs).first?.items.last)
        let (text, changed) = ICSExport.resource(for: moved, localZone: zone)
        XCTAssertTrue(changed, "a moved task has a new order to write")
        XCTAssertTrue(text.contains("X-APPLE-SORT-ORDER"), text)
    }

    /// Issue 29: a relative alarm on a task without DUE (as Evolution writes it) was deleted on
    /// export, and the task marked edited. Exported unchanged, it stays as it came.
    func testARelativeAlarmOnATaskWithoutDueIsKept() throws {
        let file = ICS.calendar("""
            BEGIN:VTODO
            UID:evo-1
            DTSTAMP:20260101T000000Z
            CREATED:20260101T000000Z
            LAST-MODIFIED:20260101T000000Z
            SUMMARY:Call the bank
            BEGIN:VALARM
            ACTION:DISPLAY
            DESCRIPTION:Call the bank
            TRIGGER:-PT30M
            END:VALARM
            END:VTODO
            """)
        let store = try temporaryStore()
        let summary = try store.importLists(try ICSImport.lists(from: Data(file.utf8), localZone: zone),
                                            into: .listsByName(fallbackName: "Evolution"))
        let item = try XCTUnwrap(try store.exportedLists(ids: summary.listIDs).first?.items.first)
        let (text, changed) = ICSExport.resource(for: item, localZone: zone)
        XCTAssertFalse(changed, "nothing to send: the import changed nothing")
        XCTAssertTrue(text.contains("TRIGGER:-PT30M"), text)
        XCTAssertTrue(text.contains("LAST-MODIFIED:20260101T000000Z"), text)
    }

    /// Issue 29: another program's empty PRIORITY: was written back as read, and a strict reader
    /// refused the whole export. A typed property with no value says nothing: it is left out.
    func testAnEmptyTypedPropertyIsLeftOutOnExport() throws {
        let file = ICS.calendar("BEGIN:VTODO\nUID:empty\nSUMMARY:Empty priority\nPRIORITY:\nX-EMPTY-TEXT:\nEND:VTODO")
        let text = ICalendarWriter.calendarText(for: [try ICS.only(file)])
        XCTAssertFalse(text.contains("PRIORITY"), text)
        XCTAssertTrue(text.contains("X-EMPTY-TEXT:\r\n"), "an empty text of another program's own stays")
        XCTAssertEqual(try ICS.only(text).property("SUMMARY")?.value, "Empty priority")
    }

    /// Issue 29: Thunderbird marks one occurrence of a repeating task done with a second VTODO
    /// of the UID and a RECURRENCE-ID; Flick kept only the first VTODO of the UID, and export and
    /// sync wrote that loss back. The occurrence is kept and written back as it came, whichever
    /// comes first, also when the task itself is changed.
    func testAChangedOccurrenceIsKeptAndWrittenBackAsItCame() throws {
        let occurrence = """
            BEGIN:VTODO
            UID:weekly
            DTSTAMP:20260101T000000Z
            RECURRENCE-ID;VALUE=DATE:20260309
            DUE;VALUE=DATE:20260309
            STATUS:COMPLETED
            COMPLETED:20260309T100000Z
            SUMMARY:Water the plants
            END:VTODO
            """
        let task = """
            BEGIN:VTODO
            UID:weekly
            DTSTAMP:20260101T000000Z
            CREATED:20260101T000000Z
            LAST-MODIFIED:20260101T000000Z
            DUE;VALUE=DATE:20260302
            RRULE:FREQ=WEEKLY
            SUMMARY:Water the plants
            END:VTODO
            """
        for file in [ICS.calendar(occurrence + "\n" + task), ICS.calendar(task + "\n" + occurrence)] {
            let store = try temporaryStore()
            let summary = try store.importLists(try ICSImport.lists(from: Data(file.utf8), localZone: zone),
                                                into: .listsByName(fallbackName: "Home"))
            XCTAssertEqual(summary.added, 1, "one task")
            let item = try XCTUnwrap(try store.exportedLists(ids: summary.listIDs).first?.items.first)
            XCTAssertEqual(item.repeatRule, "FREQ=WEEKLY")
            XCTAssertFalse(item.isCompleted, "the task itself is open")
            var renamed = item
            renamed.title = "Water the garden"
            let exported = ICSExport.text(for: [ExportedList(name: "Home", uid: "home", items: [renamed])], localZone: zone)
            let todos = try ICalendarFile(text: exported).todos
            XCTAssertEqual(todos.count, 2, exported)
            XCTAssertEqual(todos.first { !$0.isOccurrence }?.property("SUMMARY")?.value, "Water the garden")
            XCTAssertEqual(todoLines(try XCTUnwrap(todos.first { $0.isOccurrence }).text), todoLines(ICS.calendar(occurrence)),
                           "as it came")
            let (resource, changed) = ICSExport.resource(for: renamed, localZone: zone)
            XCTAssertTrue(changed)
            XCTAssertEqual(try ICalendarFile(text: resource).todos.count, 2, "the PUT keeps the occurrence too")
        }
    }

    /// A changed occurrence (RECURRENCE-ID) that comes first no longer takes the place of its
    /// repeating task, whose RRULE was lost (issue 29, defect 2's second case).
    func testARepeatingTaskIsKeptBeforeAChangedOccurrenceOfIt() throws {
        let file = ICS.calendar("""
            BEGIN:VTODO
            UID:weekly
            RECURRENCE-ID;VALUE=DATE:20260309
            STATUS:COMPLETED
            SUMMARY:Water the plants
            END:VTODO
            BEGIN:VTODO
            UID:weekly
            DUE;VALUE=DATE:20260302
            RRULE:FREQ=WEEKLY
            SUMMARY:Water the plants
            END:VTODO
            """)
        let items = try ICSImport.lists(from: Data(file.utf8), localZone: zone).flatMap(\.items)
        XCTAssertEqual(items.map(\.repeatRule), ["FREQ=WEEKLY"])
    }

    func testAnUnchangedItemIsWrittenBackByteForByte() throws {
        let item = try importOne(foreign)
        let text = ICSExport.text(for: [ExportedList(name: "Home", uid: "l", items: [
            exported(item, rank: item.sortOrder),
        ])], localZone: zone)
        XCTAssertEqual(todoLines(text), todoLines(foreign))
        XCTAssertTrue(text.contains("\r\nX-WR-CALNAME:Home\r\n"))
    }

    func testAChangedTitleChangesOnlyItsLineAndTheStamps() throws {
        let item = try importOne(foreign)
        let edited = ICS.utc(2026, 3, 5, 12)
        let text = ICSExport.text(for: [ExportedList(name: "Home", uid: "l", items: [
            exported(item, rank: item.sortOrder, title: "Fenster putzen", modified: edited),
        ])], localZone: zone)
        let before = todoLines(foreign), after = todoLines(text)
        XCTAssertEqual(after.count, before.count + 1, "SEQUENCE is added")
        XCTAssertTrue(after.contains("SUMMARY;LANGUAGE=de:Fenster putzen"), "the parameter stays")
        XCTAssertTrue(after.contains("LAST-MODIFIED:20260305T120000Z"))
        XCTAssertTrue(after.contains("DTSTAMP:20260305T120000Z"))
        XCTAssertTrue(after.contains("SEQUENCE:1"))
        let changed = Set(["SUMMARY", "LAST-MODIFIED", "DTSTAMP", "SEQUENCE"])
        let kept = { (lines: [String]) in lines.filter { line in !changed.contains { line.hasPrefix($0) } } }
        XCTAssertEqual(kept(after), kept(before), "every other line as it was")
    }

    func testAMovedItemWritesItsRankAsTheAppleSortOrder() throws {
        let item = try importOne(foreign)
        let text = ICSExport.text(for: [ExportedList(name: "Home", uid: "l", items: [
            exported(item, rank: 42),
        ])], localZone: zone)
        XCTAssertTrue(todoLines(text).contains("X-APPLE-SORT-ORDER:42"))
    }

    func testAFlickItemGetsANewVTodoThatImportsAsTheSameItem() throws {
        let created = ICS.utc(2026, 4, 1, 7), modified = ICS.utc(2026, 4, 2, 7)
        let due = DueDate(year: 2026, month: 4, day: 3, hour: 18, minute: 30, timeZone: "Europe/Berlin")
        let made = ExportedItem(uid: "flick-1", title: "Call mum; ask, about \\ cake", notes: "Line one\nline two",
                                due: due, reminder: .beforeDue(minutes: 15), repeatRule: "FREQ=WEEKLY;BYDAY=FR",
                                createdAt: created, modifiedAt: modified, rank: 1_000)
        let done = ExportedItem(uid: "flick-2", title: "Buy milk", isCompleted: true, completedAt: modified,
                                createdAt: created, modifiedAt: modified, rank: 2_000)
        let text = ICSExport.text(for: [ExportedList(name: "Family", uid: "l", items: [made, done])], localZone: zone)
        XCTAssertTrue(text.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n"), "a VTIMEZONE for the TZID")
        XCTAssertTrue(text.contains("DUE;TZID=Europe/Berlin:20260403T183000\r\n"))
        let lists = try ICSImport.lists(from: Data(text.utf8), localZone: zone)
        XCTAssertEqual(lists.map(\.name), ["Family"])
        let items = lists[0].items
        XCTAssertEqual(items.map(\.uid), ["flick-1", "flick-2"])
        XCTAssertEqual(items[0].title, made.title)
        XCTAssertEqual(items[0].notes, made.notes)
        XCTAssertEqual(items[0].due, due)
        XCTAssertEqual(items[0].reminder, .beforeDue(minutes: 15))
        XCTAssertEqual(items[0].repeatRule, "FREQ=WEEKLY;BYDAY=FR")
        XCTAssertEqual(items[0].sortOrder, 1_000)
        XCTAssertEqual(items[0].createdAt, created)
        XCTAssertEqual(items[1].isCompleted, true)
        XCTAssertEqual(items[1].completedAt, modified)
        XCTAssertTrue((items[1].ical ?? "").contains("PERCENT-COMPLETE:100\r\n"))
    }

    func testRemovingTheDueDateRemovesAReminderThatCountedFromIt() throws {
        // RELATED=END needs a DUE (RFC 5545 §3.8.6.3); the item keeps its reminder for when it
        // is given a due date again, and the export agrees with itself.
        let withAlarm = foreign.replacingOccurrences(of: "END:VTODO", with:
            "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:x\r\nTRIGGER;RELATED=END:-PT15M\r\nEND:VALARM\r\nEND:VTODO")
        var item = exported(try importOne(withAlarm), rank: 1)
        XCTAssertEqual(item.reminder, .beforeDue(minutes: 15))
        item.due = nil
        let (text, changed) = ICSExport.resource(for: item, localZone: zone)
        XCTAssertTrue(changed)
        XCTAssertFalse(text.contains("ACTION:DISPLAY"))
        XCTAssertTrue(text.contains("ACTION:EMAIL"), "an alarm Flick does not show stays")
        XCTAssertFalse(text.contains("DUE"))
        item.ical = text
        XCTAssertFalse(ICSExport.resource(for: item, localZone: zone).changed, "the next sync sends nothing")
        let made = ExportedItem(uid: "m-1", title: "No due", reminder: .beforeDue(minutes: 5),
                                createdAt: ICS.now, modifiedAt: ICS.now, rank: 1)
        XCTAssertFalse(ICSExport.resource(for: made, localZone: zone).text.contains("VALARM"))
    }

    func testExportingTheSameListTwiceGivesTheSameText() throws {
        let item = ExportedItem(uid: "u", title: "Same", createdAt: ICS.utc(2026, 1, 1), modifiedAt: ICS.utc(2026, 1, 2),
                                rank: 5)
        let list = [ExportedList(name: "L", uid: "l", items: [item])]
        XCTAssertEqual(ICSExport.text(for: list, localZone: zone), ICSExport.text(for: list, localZone: zone))
    }

    func testAVTodoWithoutAUIDGetsTheSameUIDEachTime() throws {
        let text = ICS.calendar("BEGIN:VTODO\nSUMMARY:No UID here\nEND:VTODO\nBEGIN:VTODO\nSUMMARY:Nor here\nEND:VTODO")
        let first = try ICSImport.lists(from: Data(text.utf8), localZone: zone)[0].items
        let second = try ICSImport.lists(from: Data(text.utf8), localZone: zone)[0].items
        XCTAssertEqual(first.map(\.uid), second.map(\.uid))
        XCTAssertNotEqual(first[0].uid, first[1].uid)
        XCTAssertNotNil(UUID(uuidString: first[0].uid), "shaped like a UUID: \(first[0].uid)")
    }

    func testEachCalendarOfAFileIsAListAndOtherComponentsAreNotItems() throws {
        let text = ICS.calendar("X-WR-CALNAME:Groceries\nBEGIN:VTODO\nUID:g\nSUMMARY:Milk\nEND:VTODO")
            + ICS.calendar("X-WR-CALNAME:Work\nBEGIN:VEVENT\nUID:e\nDTSTART:20260101T100000Z\nEND:VEVENT\n"
                + "BEGIN:VTODO\nUID:w\nSUMMARY:Report\nEND:VTODO")
            + ICS.calendar("X-WR-CALNAME:Only events\nBEGIN:VEVENT\nUID:e2\nDTSTART:20260101T100000Z\nEND:VEVENT")
        let lists = try ICSImport.lists(from: Data(text.utf8), localZone: zone)
        XCTAssertEqual(lists.map(\.name), ["Groceries", "Work"])
        XCTAssertEqual(lists.map { $0.items.map(\.title) }, [["Milk"], ["Report"]])
    }

    func testABrokenFileIsRefusedWithItsLine() {
        let text = ICS.calendar("BEGIN:VTODO\nUID:x\nDUE:2026-13-45\nEND:VTODO")
        XCTAssertThrowsError(try ICSImport.lists(from: Data(text.utf8), localZone: zone)) { error in
            XCTAssertEqual((error as? ICalendarError)?.line, 6)
        }
    }

    /// Through a real store: imported twice adds nothing; exported, it says what came in.
    func testThroughTheStoreImportingTwiceAddsNothingAndExportKeepsTheText() throws {
        let store = try temporaryStore()
        let lists = try ICSImport.lists(from: Data(foreign.utf8), localZone: zone)
        let first = try store.importLists(lists, into: .listsByName(fallbackName: "file"))
        let second = try store.importLists(lists, into: .listsByName(fallbackName: "file"))
        XCTAssertEqual([first.added, second.added, second.unchanged], [1, 0, 1])
        let exported = try store.exportedLists(ids: first.listIDs)
        XCTAssertEqual(exported.map(\.name), ["Home"])
        let text = ICSExport.text(for: exported, localZone: zone)
        XCTAssertEqual(todoLines(text), todoLines(foreign))
    }
}
