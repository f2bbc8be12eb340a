import FlickCore
import Foundation
import GRDB
import XCTest
@testable import FlickSync

/// Every format told by its content, and imported through the store: twice adds nothing
/// (issue 62, arrivals).
final class ArrivalImportTests: XCTestCase {
    func testEachFixtureIsToldByItsContentWhateverItsName() throws {
        for (format, path) in ArrivalFixtures.files {
            XCTAssertEqual(ArrivalFormat.detect(try ArrivalFixtures.data(path), fileName: "renamed.dat"), format, path)
        }
        XCTAssertNil(ArrivalFormat.detect(Data("Dear Ana,\nthank you.\n".utf8), fileName: "letter.dat"))
        XCTAssertEqual(ArrivalFormat.detect(Data("Dear Ana,\nthank you.\n".utf8), fileName: "notes.txt"), .todoTxt)
        XCTAssertNil(ArrivalFormat.detect(Data(#"{"name": "a package.json"}"#.utf8)))
    }

    func testImportingEachFileTwiceAddsNothingTheSecondTime() throws {
        for (_, path) in ArrivalFixtures.files {
            let (store, cleanUp) = try ArrivalFixtures.temporaryStore()
            defer { cleanUp() }
            // The file is read again for the second import, as a second `--import` reads it.
            let read = { try ArrivalImport.lists(from: try ArrivalFixtures.data(path), zone: ArrivalFixtures.zone) }
            let lists = try read()
            let count = lists.reduce(0) { $0 + $1.items.count }
            let first = try store.importLists(lists, into: .listsByName(fallbackName: "Imported"))
            XCTAssertEqual(first.added, count, path)
            let second = try store.importLists(try read(), into: .listsByName(fallbackName: "Imported"))
            XCTAssertEqual(second.added, 0, path)
            XCTAssertEqual(second.updated, 0, path)
            XCTAssertEqual(second.unchanged, count, path)
            XCTAssertEqual(try store.queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM item") }, count, path)
        }
    }

    func testAnImportedItemIsStoredLikeOneTypedInFlickAndKeepsItsFields() throws {
        let (store, cleanUp) = try ArrivalFixtures.temporaryStore()
        defer { cleanUp() }
        let lists = try ArrivalImport.lists(from: try ArrivalFixtures.data("errands/data.json"), zone: ArrivalFixtures.zone)
        _ = try store.importLists(lists, into: .listsByName(fallbackName: "Imported"))
        let row = try XCTUnwrap(try store.queue.read { db in
            try Row.fetchOne(db, sql: """
                SELECT item.ical, item.priority, item.tags, item.parent_uid, item.completed, list.name FROM item
                JOIN list ON list.id = item.list_id WHERE item.title = 'Aiguiser le sécateur'
                """)
        })
        let start = try store.queue.read { db in
            try Int.fetchOne(db, sql: "SELECT start_day FROM item WHERE title = 'Tailler les rosiers'")
        }
        XCTAssertEqual(start, 20260310, "Errands' start_date is the item's start")
        XCTAssertNil(row["ical"] as String?, "no iCalendar text: exported as a new VTODO")
        XCTAssertEqual(row["parent_uid"] as String?, "e1a2b3c4-0001-4000-8000-00000000a001")
        XCTAssertEqual(row["completed"] as Bool?, true)
        XCTAssertEqual(row["name"] as String?, "Maison & jardin")
        let order = try store.queue.read { db in
            try String.fetchAll(db, sql: "SELECT title FROM item WHERE list_id = (SELECT list_id FROM item WHERE title = 'Sortir les poubelles') ORDER BY rank")
        }
        XCTAssertEqual(order, ["Tailler les rosiers", "Sortir les poubelles", "Aiguiser le sécateur"],
                       "open items in the file's order, the completed one after them, as for an .ics file")
    }

    func testAnImportedItemIsExportedAsANewVTodoWithWhatItBrought() throws {
        let (store, cleanUp) = try ArrivalFixtures.temporaryStore()
        defer { cleanUp() }
        let lists = try ArrivalImport.lists(from: try ArrivalFixtures.data("errands/data.json"), zone: ArrivalFixtures.zone)
        _ = try store.importLists(lists, into: .listsByName(fallbackName: "Imported"))
        let exported = try store.exportedLists(ids: nil).filter { $0.name == "Maison & jardin" }
        let text = ICSExport.text(for: exported, localZone: ArrivalFixtures.zone)
        let file = try ICalendarFile(text: text)
        let fields = file.todos.map { $0.fields(localZone: ArrivalFixtures.zone) }
        let roses = try XCTUnwrap(fields.first { $0.title == "Tailler les rosiers" })
        XCTAssertEqual(roses.uid, "e1a2b3c4-0001-4000-8000-00000000a001")
        XCTAssertEqual(roses.tags, ["garden"])
        XCTAssertEqual(roses.priority, 1)
        XCTAssertEqual(roses.due, DueDate(year: 2026, month: 3, day: 15))
        XCTAssertEqual(fields.first { $0.title == "Aiguiser le sécateur" }?.parentUID, roses.uid)
        XCTAssertEqual(fields.first { $0.title == "Sortir les poubelles" }?.repeatRule, "FREQ=WEEKLY;BYDAY=FR")
    }

    func testATaskCompletedInTodoTxtSinceIsUpdatedNotAdded() throws {
        let (store, cleanUp) = try ArrivalFixtures.temporaryStore()
        defer { cleanUp() }
        let before = try ArrivalImport.lists(from: Data("(A) Call the landlord +Home\n".utf8), fileName: "todo.txt")
        _ = try store.importLists(before, into: .listsByName(fallbackName: "todo"))
        let after = try ArrivalImport.lists(from: Data("x 2026-03-02 Call the landlord +Home pri:A\n".utf8), fileName: "todo.txt")
        let summary = try store.importLists(after, into: .listsByName(fallbackName: "todo"))
        XCTAssertEqual(summary.added, 0)
        XCTAssertEqual(summary.updated, 1)
    }

    func testAnEscapedNULIsRefusedBeforeTheStore() {
        let text = #"{"lists": [{"uid": "l", "name": "L"}], "tasks": [{"uid": "t", "list_uid": "l", "text": "a\u0000b"}]}"#
        XCTAssertThrowsError(try ArrivalImport.lists(from: Data(text.utf8))) { error in
            XCTAssertEqual(error as? ArrivalImport.Failure, .export(ArrivalError(.errands, .notText)))
        }
    }
}
