import Foundation
import GRDB
import XCTest
@testable import FlickCore

/// Importing items read from .ics files into the store (FlickSync reads the files).
final class ImportTests: XCTestCase {
    private let created = Date(timeIntervalSince1970: 1_780_000_000)

    private func item(_ uid: String, _ title: String, order: Int64, done: Bool = false,
                      modified: Date? = nil) -> ImportedItem {
        ImportedItem(uid: uid, title: title, isCompleted: done, createdAt: created, modifiedAt: modified,
                     sortOrder: order, ical: "BEGIN:VTODO\r\nUID:\(uid)\r\nSUMMARY:\(title)\r\nEND:VTODO\r\n")
    }

    private func titles(_ store: TodoStore, list: Int64) throws -> [String] {
        try store.document(listID: list)!.wholeItems.map(\.title)
    }

    func testAFileBecomesAListInItsOrderWithCompletedItemsLast() throws {
        let store = try TestDatabase().openStore()
        let file = ImportedList(name: "Groceries", items: [
            item("c", "Cheese", order: 30), item("a", "Apples", order: 10, done: true), item("b", "Bread", order: 20),
        ])
        let summary = try store.importLists([file], into: .listsByName(fallbackName: "file"))
        XCTAssertEqual(summary.added, 3)
        XCTAssertEqual(summary.createdListIDs.count, 1)
        XCTAssertEqual(try store.lists().last?.name, "Groceries")
        XCTAssertEqual(try titles(store, list: summary.listIDs[0]), ["Bread", "Cheese", "Apples"])
        let exported = try store.exportedLists(ids: summary.listIDs)[0].items
        XCTAssertEqual(exported.prefix(2).map(\.rank), [20, 30], "sort orders that fit the list are its ranks")
        XCTAssertGreaterThan(exported[2].rank, 30, "the completed item is placed after the open ones")
    }

    /// Issue 29: `--import FILE --into B` of tasks already in list A left them in A (they are
    /// updated where they are) and made an empty list B; importing a folder of files this way
    /// left 83 empty lists.
    func testTasksFlickHasStayInTheirListAndNoEmptyListIsMade() throws {
        let store = try TestDatabase().openStore()
        let first = try store.importLists([ImportedList(name: "A", items: [item("x", "Water plants", order: 1)])],
                                          into: .listsByName(fallbackName: "file"))
        let listsBefore = try store.lists().map(\.name)
        let later = Date().addingTimeInterval(3600)  // A copy changed after Flick stored its own.
        let again = try store.importLists([ImportedList(name: "A", items: [item("x", "Water the plants", order: 1,
                                                                                   modified: later)])],
                                          into: .listNamed("B"))
        XCTAssertEqual(again.updated, 1)
        XCTAssertEqual(again.added, 0)
        XCTAssertEqual(try store.lists().map(\.name), listsBefore, "no list B")
        XCTAssertEqual(again.createdListIDs, [])
        XCTAssertEqual(again.listIDs, first.listIDs, "the list the task is in")
        XCTAssertEqual(try titles(store, list: first.listIDs[0]), ["Water the plants"])
        let mixed = try store.importLists([ImportedList(name: nil, items: [item("x", "Water the plants", order: 1,
                                                                                  modified: later),
                                                                             item("y", "Feed the cat", order: 2)])],
                                          into: .listNamed("B"))
        XCTAssertEqual(mixed.added, 1)
        XCTAssertEqual(try titles(store, list: try XCTUnwrap(mixed.createdListIDs.first)), ["Feed the cat"],
                       "B is made for the new task")
    }

    func testEveryFieldIsStoredAndExportedAgain() throws {
        let store = try TestDatabase().openStore()
        let due = DueDate(year: 2026, month: 12, day: 3, hour: 18, minute: 30, timeZone: "Europe/Berlin")
        let completedAt = Date(timeIntervalSince1970: 1_790_000_000)
        let modified = Date(timeIntervalSince1970: 1_785_000_000)
        var full = ImportedItem(uid: "full", title: "Call mum", notes: "About the trip\nand the cake", isCompleted: true,
                                completedAt: completedAt, due: due, reminder: .beforeDue(minutes: 15),
                                repeatRule: "FREQ=WEEKLY;BYDAY=MO,TH", createdAt: created, modifiedAt: modified,
                                sortOrder: 5, ical: "BEGIN:VTODO\r\nUID:full\r\nX-OTHER:kept\r\nEND:VTODO\r\n")
        full.isCompleted = true
        let summary = try store.importLists([ImportedList(name: nil, items: [full])], into: .listsByName(fallbackName: "Plans"))
        XCTAssertEqual(try store.lists().last?.name, "Plans", "a calendar without a name takes the fallback")
        let out = try XCTUnwrap(try store.exportedLists(ids: summary.listIDs).first?.items.first)
        XCTAssertEqual(out.uid, "full")
        XCTAssertEqual(out.title, "Call mum")
        XCTAssertEqual(out.notes, "About the trip\nand the cake")
        XCTAssertTrue(out.isCompleted)
        XCTAssertEqual(out.completedAt, completedAt)
        XCTAssertEqual(out.due, due)
        XCTAssertEqual(out.reminder, .beforeDue(minutes: 15))
        XCTAssertEqual(out.repeatRule, "FREQ=WEEKLY;BYDAY=MO,TH")
        XCTAssertEqual(out.createdAt, created)
        XCTAssertEqual(out.modifiedAt, modified)
        XCTAssertEqual(out.ical, full.ical)
    }

    func testImportingTheSameFileTwiceAddsNothing() throws {
        let store = try TestDatabase().openStore()
        let file = ImportedList(name: "Work", items: [item("a", "Report", order: 1), item("b", "Slides", order: 2)])
        let first = try store.importLists([file], into: .listsByName(fallbackName: "file"))
        let second = try store.importLists([file], into: .listsByName(fallbackName: "file"))
        XCTAssertEqual(second.added, 0)
        XCTAssertEqual(second.unchanged, 2)
        XCTAssertEqual(second.createdListIDs, [], "the list of that name is used again")
        XCTAssertEqual(second.listIDs, first.listIDs)
        XCTAssertEqual(try titles(store, list: first.listIDs[0]), ["Report", "Slides"])
    }

    func testAChangedItemIsUpdatedWhereItIsUnlessFlicksIsNewer() throws {
        let store = try TestDatabase().openStore()
        let home = try store.createList(name: "Home")
        _ = try store.importLists([ImportedList(name: nil, items: [item("a", "Old title", order: 1)])], into: .list(id: home.id!))
        let work = try store.createList(name: "Work")
        // A later version of the file, imported into another list: the item stays in Home.
        let later = Date().addingTimeInterval(3600)
        let changed = try store.importLists([ImportedList(name: nil, items: [item("a", "New title", order: 1, modified: later)])],
                                            into: .list(id: work.id!))
        XCTAssertEqual(changed.updated, 1)
        XCTAssertEqual(try titles(store, list: home.id!), ["New title"])
        XCTAssertEqual(try titles(store, list: work.id!), [])
        // An older version does not undo what was changed since.
        let older = Date(timeIntervalSince1970: 1_700_000_000)
        let stale = try store.importLists([ImportedList(name: nil, items: [item("a", "Stale", order: 1, modified: older)])],
                                          into: .list(id: home.id!))
        XCTAssertEqual(stale.unchanged, 1)
        XCTAssertEqual(try titles(store, list: home.id!), ["New title"])
    }

    func testItemsImportedIntoAListGoAfterItsOpenItemsAndBeforeItsCompletedOnes() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["One", "Two"])
        _ = try document.setCompleted(document.wholeItems[1].id!, true)
        let listID = document.list.id!
        _ = try store.importLists([ImportedList(name: "ignored", items: [
            item("x", "New open", order: -5), item("y", "New done", order: -4, done: true),
        ])], into: .list(id: listID))
        XCTAssertEqual(try titles(store, list: listID), ["One", "New open", "Two", "New done"])
    }

    func testAFailedImportLeavesNothingBehind() throws {
        let store = try TestDatabase().openStore()
        let before = try store.lists().count
        let lists = [ImportedList(name: "First", items: [item("a", "A", order: 1)]),
                     ImportedList(name: "Second", items: [item("b", "B", order: 1)])]
        XCTAssertThrowsError(try store.importLists(lists, into: .list(id: 9999)))
        XCTAssertEqual(try store.lists().count, before)
        XCTAssertEqual(try store.queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM item WHERE uid IN ('a', 'b')") }, 0)
    }

    func testUndoingTheDeletionOfAnImportedItemBringsBackItsICalendarText() throws {
        let store = try TestDatabase().openStore()
        let summary = try store.importLists([ImportedList(name: "L", items: [item("a", "A", order: 1)])],
                                            into: .listsByName(fallbackName: "file"))
        let document = try XCTUnwrap(try store.document(listID: summary.listIDs[0]))
        _ = try document.delete(document.wholeItems[0].id!)
        _ = try document.undo()
        XCTAssertEqual(try store.exportedLists(ids: summary.listIDs)[0].items.first?.ical,
                       "BEGIN:VTODO\r\nUID:a\r\nSUMMARY:A\r\nEND:VTODO\r\n")
    }

    func testIntoANamedListMakesItOnceAndPutsEveryCalendarThere() throws {
        let store = try TestDatabase().openStore()
        let lists = [ImportedList(name: "First", items: [item("a", "A", order: 1)]),
                     ImportedList(name: "Second", items: [item("b", "B", order: 2)])]
        let first = try store.importLists(lists, into: .listNamed("  Inbox\n"))
        XCTAssertEqual(first.createdListIDs.count, 1)
        XCTAssertEqual(first.listIDs, first.createdListIDs)
        XCTAssertEqual(try store.lists().last?.name, "Inbox")
        XCTAssertEqual(try titles(store, list: first.listIDs[0]), ["A", "B"])
        let again = try store.importLists([ImportedList(name: nil, items: [item("c", "C", order: 3)])],
                                          into: .listNamed("Inbox"))
        XCTAssertEqual(again.createdListIDs, [], "the list is found by its name")
        XCTAssertEqual(again.listIDs, first.listIDs)
    }
}
