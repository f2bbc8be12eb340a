import GRDB
import XCTest
@testable import FlickCore

/// Start dates, "not before" (issue 59, schema v12): set and cleared in one undoable step, never
/// after the due date, moved with a repeat's due date; an item that begins to wait goes below
/// the open items of its list; Today takes it from its start day on; search, export, deletion's
/// undo, Recently Deleted and the outbox know it; a v11 file migrates.
final class StartDateTests: XCTestCase {
    private let today = DueDate(year: 2026, month: 11, day: 23)

    private func day(_ offset: Int) -> DueDate { today.addingDays(offset) }

    // MARK: The rule against the due date

    func testAStartAfterTheDueDateMovesTheDueDateToItsDayKeepingItsTime() {
        var fields = ItemFields(title: "Report", due: DueDate(year: 2026, month: 11, day: 27, hour: 17, minute: 0,
                                                               timeZone: "Europe/Berlin"))
        XCTAssertTrue(fields.setStart(DueDate(year: 2026, month: 11, day: 30)))
        XCTAssertEqual(fields.due, DueDate(year: 2026, month: 11, day: 30, hour: 17, minute: 0, timeZone: "Europe/Berlin"))
        XCTAssertFalse(fields.setStart(DueDate(year: 2026, month: 11, day: 29)), "before the due date: nothing moves")
        XCTAssertEqual(fields.due?.day, 30)
    }

    /// A repeating item's start moves with its due date (`setDue`), but not the start that
    /// moved the due date.
    func testARepeatingItemsStartAfterItsDueDateIsKeptAsAsked() {
        var fields = ItemFields(title: "Rent", due: DueDate(year: 2026, month: 11, day: 27), repeatRule: RepeatRule(rrule: "FREQ=MONTHLY"))
        fields.setStart(DueDate(year: 2026, month: 11, day: 30))
        XCTAssertEqual(fields.start, DueDate(year: 2026, month: 11, day: 30))
        XCTAssertEqual(fields.due, DueDate(year: 2026, month: 11, day: 30))
        fields.setDue(DueDate(year: 2026, month: 12, day: 3))
        XCTAssertEqual(fields.start, DueDate(year: 2026, month: 12, day: 3), "moved with the due date, three days")
    }

    func testADueDateBeforeTheStartBringsTheStartBackToItsDay() {
        var fields = ItemFields(title: "Report", start: DueDate(year: 2026, month: 11, day: 30))
        fields.setDue(DueDate(year: 2026, month: 11, day: 25))
        XCTAssertEqual(fields.start, DueDate(year: 2026, month: 11, day: 25))
    }

    func testARepeatsNextOccurrenceStartsAsManyDaysBeforeItsDueDate() {
        var fields = ItemFields(title: "Rent", due: DueDate(year: 2026, month: 12, day: 1), repeatRule: RepeatRule(rrule: "FREQ=MONTHLY"))
        fields.setStart(DueDate(year: 2026, month: 11, day: 25))
        let next = fields.nextOccurrence(due: DueDate(year: 2027, month: 1, day: 1))
        XCTAssertEqual(next.start, DueDate(year: 2026, month: 12, day: 26))
    }

    /// Evolution writes DTSTART equal to DUE: such a task is due Friday, not "not started"
    /// until Friday. A start before the due date waits; a start alone waits until its day.
    func testAStartOnTheDueDatesDayDoesNotWait() {
        let day = today.dayNumber
        XCTAssertFalse(StartRule.waits(start: self.day(4), due: self.day(4), isCompleted: false, on: day))
        XCTAssertTrue(StartRule.waits(start: self.day(2), due: self.day(4), isCompleted: false, on: day))
        XCTAssertTrue(StartRule.waits(start: self.day(1), due: nil, isCompleted: false, on: day))
        XCTAssertFalse(StartRule.waits(start: self.day(0), due: nil, isCompleted: false, on: day), "its day has come")
        XCTAssertFalse(StartRule.waits(start: self.day(1), due: nil, isCompleted: true, on: day), "done")
    }

    // MARK: The list

    /// Set in one step: the start and the move below the open items; one undo takes both back.
    func testAnItemThatBeginsToWaitGoesBelowTheOpenItemsInOneUndoableStep() throws {
        let (_, document) = try TestDatabase().document(["Plan trip", "Buy milk", "Call mum", "Old"])
        let ids = Dictionary(uniqueKeysWithValues: document.wholeItems.map { ($0.title, $0.id!) })
        try document.setCompleted(ids["Old"]!, true)
        try document.update(ids["Plan trip"]!, today: today) { $0.setStart(self.day(3)) }
        XCTAssertEqual(document.wholeItems.map(\.title), ["Buy milk", "Call mum", "Plan trip", "Old"])
        XCTAssertEqual(document.wholeItems[2].startsOn, day(3))
        XCTAssertTrue(document.wholeItems[2].waitsForStart(on: today.dayNumber))
        XCTAssertEqual(document.checkInvariants(completedSink: true), [])
        try document.undo()
        XCTAssertEqual(document.wholeItems.map(\.title), ["Plan trip", "Buy milk", "Call mum", "Old"])
        XCTAssertNil(try document.fields(of: ids["Plan trip"]!).start)
        try document.redo()
        XCTAssertEqual(document.wholeItems.map(\.title), ["Buy milk", "Call mum", "Plan trip", "Old"])
        try document.update(ids["Plan trip"]!, today: today) { $0.setStart(nil) }
        XCTAssertNil(document.wholeItems[2].startsOn, "cleared in a step of its own")
        XCTAssertEqual(document.wholeItems.map(\.title), ["Buy milk", "Call mum", "Plan trip", "Old"], "and stays where it is")
    }

    /// Only the change that makes it wait moves it: a start already waiting, moved to another
    /// day, or a start that has come, leaves the row where the user put it.
    func testOnlyBeginningToWaitMovesTheRow() throws {
        let (_, document) = try TestDatabase().document(["A", "B", "C"])
        let a = document.wholeItems[0].id!
        try document.update(a, today: today) { $0.setStart(self.day(0)) }
        XCTAssertEqual(document.wholeItems.map(\.title), ["A", "B", "C"], "starting today is no wait")
        try document.update(a, today: today) { $0.setStart(self.day(2)) }
        XCTAssertEqual(document.wholeItems.map(\.title), ["B", "C", "A"])
        try document.move(a, to: 0)
        try document.update(a, today: today) { $0.setStart(self.day(5)) }
        XCTAssertEqual(document.wholeItems.map(\.title), ["A", "B", "C"], "moved up by hand, it stays up")
    }

    /// The overview counts every open row a list shows, dimmed ones too (ListDocument+Starts).
    func testTheOverviewCountsWaitingItemsAsOpen() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["A", "B"])
        try document.update(document.wholeItems[0].id!, today: today) { $0.setStart(self.day(2)) }
        let overview = try store.listsDocument()
        XCTAssertEqual(overview.summaries.first?.unfinished, 2)
    }

    /// A subtask's level is read through `item_parent` (`ItemTree.children`): its rows know
    /// their start too.
    func testASubtasksRowKnowsItsStart() throws {
        let (store, document) = try TestDatabase().document(["Trip", "Book flights"])
        let (parent, child) = (document.wholeItems[0].id!, document.wholeItems[1].id!)
        try store.queue.write { db in
            try db.execute(sql: "UPDATE item SET parent_uid = (SELECT uid FROM item WHERE id = ?), start_day = ? WHERE id = ?",
                           arguments: [parent, day(2).dayNumber, child])
        }
        let subtasks = try XCTUnwrap(store.subtaskDocument(parentID: parent))
        XCTAssertEqual(subtasks.wholeItems.map(\.startsOn), [day(2)])
    }

    // MARK: Today and search

    func testTodayTakesAnItemFromItsStartDayOn() throws {
        let (store, document) = try TestDatabase().document(["Due today", "Starts today", "Started, due later",
                                                             "Starts tomorrow", "Starts and due today", "Nothing"])
        let ids = Dictionary(uniqueKeysWithValues: document.wholeItems.map { ($0.title, $0.id!) })
        try document.update(ids["Due today"]!, today: today) { $0.setDue(self.day(0)) }
        try document.update(ids["Starts today"]!, today: today) { $0.setStart(self.day(0)) }
        try document.update(ids["Started, due later"]!, today: today) {
            $0.setDue(self.day(5))
            $0.setStart(self.day(-2))
        }
        try document.update(ids["Starts tomorrow"]!, today: today) { $0.setStart(self.day(1)) }
        try document.update(ids["Starts and due today"]!, today: today) {
            $0.setDue(self.day(0))
            $0.setStart(self.day(0))
        }
        let todayList = try XCTUnwrap(store.todayDocument(day: today))
        XCTAssertEqual(todayList.wholeItems.map(\.title), ["Started, due later", "Due today", "Starts today", "Starts and due today"],
                       "by the day it came in on (started two days ago first), each once; tomorrow's start not yet")
        XCTAssertEqual(try store.todayCount(day: today), 4)
        XCTAssertEqual(try store.todayDocument(day: day(1))?.wholeItems.map(\.title).contains("Starts tomorrow"), true)
    }

    func testSearchFindsAWaitingItem() throws {
        let (store, document) = try TestDatabase().document(["Renew passport"])
        try document.update(document.wholeItems[0].id!, today: today) { $0.setStart(self.day(30)) }
        XCTAssertEqual(try store.search("passport").map(\.title), ["Renew passport"])
    }

    // MARK: Kept everywhere

    func testAnImportStoresItAndAnExportGivesItBack() throws {
        let store = try TestDatabase().openStore()
        let start = DueDate(year: 2026, month: 12, day: 1, hour: 9, minute: 30, timeZone: "Europe/Berlin")
        let list = ImportedList(name: "Trips", items: [ImportedItem(uid: "a", title: "Pack", sortOrder: 1, ical: "", start: start)])
        _ = try store.importLists([list], into: .listsByName(fallbackName: "file"))
        let exported = try XCTUnwrap(store.exportedLists(ids: nil).first { $0.name == "Trips" }?.items.first)
        XCTAssertEqual(exported.start, start, "its time and zone as they came")
        XCTAssertFalse(exported.startUnread)
        let document = try XCTUnwrap(store.document(listID: store.lists().first { $0.name == "Trips" }?.id))
        XCTAssertEqual(try document.fields(of: document.wholeItems[0].id!).start, start)
        XCTAssertEqual(document.wholeItems[0].startsOn, start.dateOnly)
    }

    func testUndoingADeletionAndRestoringFromRecentlyDeletedBringItBack() throws {
        let (store, document) = try TestDatabase().document(["Pack"])
        let start = DueDate(year: 2026, month: 12, day: 1, hour: 9, minute: 30, timeZone: "Europe/Berlin")
        let id = document.wholeItems[0].id!
        try document.update(id, today: today) { $0.setStart(start) }
        _ = try document.delete(id)
        try document.undo()
        XCTAssertEqual(try document.fields(of: id).start, start, "the deletion's undo")
        _ = try document.delete(id)
        let entry = try XCTUnwrap(store.recentlyDeleted().first)
        _ = try store.restoreDeleted(entry.id)
        let restored = try XCTUnwrap(store.exportedLists(ids: nil).first?.items.first)
        XCTAssertEqual(restored.start, start, "Recently Deleted's restore")
    }

    func testAChangeToItIsAChangeToSend() throws {
        let store = try TestDatabase().openStore()
        let account = try store.addAccount(url: "http://127.0.0.1:5232", user: "alice")
        let list = try store.createList(name: "Synced", titles: ["a"])
        try store.linkList(list.id!, accountID: account.id, url: "http://127.0.0.1:5232/alice/tasks/")
        for outgoing in try store.outbox(listID: list.id!).items {
            try store.itemSent(outgoing, href: "/alice/tasks/a.ics", etag: "\"e1\"", text: "BASE")
        }
        for change in ["start_day = 20261201", "start_minute = 60", "start_zone = 'Europe/Berlin'"] {
            try store.queue.write { db in
                try db.execute(sql: "UPDATE item_sync SET dirty = 0")
                try db.execute(sql: "UPDATE item SET \(change)")
            }
            XCTAssertEqual(try store.outbox(listID: list.id!).items.count, 1, change)
        }
        XCTAssertEqual(try store.outbox(listID: list.id!).items.first?.item.start,
                       DueDate(year: 2026, month: 12, day: 1, hour: 1, minute: 0, timeZone: "Europe/Berlin"))
    }

    // MARK: Migration

    /// A v11 file: an item whose text has a DTSTART is marked unread (its text's start is
    /// written out as it is until read), the others have no start; neither is an edit. The
    /// command line reads such a file as it is, Today included.
    func testAVersion11FileMigrates() throws {
        let db = TestDatabase()
        try DataDirectory.prepare(db.directory)
        let queue = try DatabaseQueue(path: db.url.path)
        try Schema.migrator.migrate(queue, upTo: "v11")
        try queue.write { connection in
            try connection.execute(sql: """
                INSERT INTO list (name, rank, uid) VALUES ('Home', 0, 'home');
                INSERT INTO item (list_id, title, rank, uid, due_day, modified_at) VALUES (1, 'Mine', 0, 'u1', 20261123, 5);
                INSERT INTO item (list_id, title, rank, uid, ical, modified_at) VALUES
                    (1, 'From a file', 1, 'u2', 'BEGIN:VTODO DTSTART;VALUE=DATE:20261201', 5),
                    (1, 'No start', 2, 'u3', 'BEGIN:VTODO', 5);
                """)
        }
        try queue.close()
        XCTAssertEqual(try ListSnapshot.read(databaseURL: db.url, listID: nil)?.items.map(\.title), ["Mine", "From a file", "No start"])
        XCTAssertEqual(try ListSnapshot.readToday(databaseURL: db.url, day: today).map(\.item.title), ["Mine"])
        let unmigrated = try XCTUnwrap(ListSnapshot.exported(databaseURL: db.url, listNamed: "Home")?.first?.items)
        XCTAssertEqual(unmigrated.map(\.startUnread), [true, true, true], "unknown: the text's are written")

        let store = try db.openStore()
        let items = try XCTUnwrap(store.exportedLists(ids: nil).first?.items)
        XCTAssertEqual(items.map(\.startUnread), [false, true, false])
        XCTAssertEqual(items.map(\.start), [nil, nil, nil])
        XCTAssertEqual(items.map { ($0.modifiedAt.timeIntervalSince1970 * 1000).rounded() }, [5, 5, 5],
                       "marking it unread is no edit")
        XCTAssertEqual(try store.unreadStartItems(limit: 10).map(\.id), [2])
        XCTAssertEqual(try store.todayDocument(day: today)?.wholeItems.map(\.title), ["Mine"], "an unread start is no start")
        let document = try XCTUnwrap(store.document(listID: 1))
        XCTAssertEqual(document.wholeItems.map(\.startsOn), [nil, nil, nil])
        try store.queue.read { db in XCTAssertEqual(try Int.fetchOne(db, sql: "PRAGMA user_version"), Schema.version) }

        try store.fillUnreadStarts([(itemID: 2, start: DueDate(year: 2026, month: 12, day: 1))])
        XCTAssertEqual(try store.exportedLists(ids: nil).first?.items[1].start, DueDate(year: 2026, month: 12, day: 1))
        XCTAssertEqual(try store.exportedLists(ids: nil).first?.items[1].modifiedAt.timeIntervalSince1970 ?? 0, 0.005,
                       accuracy: 1e-6, "reading it is no edit")
        XCTAssertEqual(try store.unreadStartItems(limit: 10).count, 0)
    }
}
