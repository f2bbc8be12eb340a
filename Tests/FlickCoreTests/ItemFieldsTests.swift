import GRDB
import XCTest
@testable import FlickCore

/// An item's notes, due date, reminder and repeat rule are written as one undoable step each,
/// show in the row's item at once, and come back whole when a deletion is undone.
final class ItemFieldsTests: XCTestCase {
    private let friday = DueDate(year: 2026, month: 11, day: 27, hour: 18, minute: 0, timeZone: "Europe/Berlin")

    func testAnUpdateIsStoredShownAndUndoneInOneStep() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["Call mum"])
        let id = document.wholeItems[0].id!
        try document.update(id) {
            $0.due = friday
            $0.notes = "Ask about the trip"
            $0.reminder = .beforeDue(minutes: 0)
            $0.repeatRule = RepeatRule(frequency: .weekly)
        }
        XCTAssertEqual(document.wholeItems[0].due, friday)
        XCTAssertEqual(document.wholeItems[0].marks, [.notes, .reminder, .repeats])
        let reopened = try XCTUnwrap(try TodoStore(databaseURL: db.url).document(listID: document.list.id))
        XCTAssertEqual(reopened.wholeItems[0].due, friday)
        XCTAssertEqual(reopened.wholeItems[0].marks, [.notes, .reminder, .repeats])
        XCTAssertEqual(try reopened.fields(of: id).notes, "Ask about the trip")
        XCTAssertEqual(try reopened.fields(of: id).repeatRule?.rrule, "FREQ=WEEKLY")
        XCTAssertEqual(try reopened.fields(of: id).reminder, .beforeDue(minutes: 0))

        try document.undo()
        XCTAssertNil(document.wholeItems[0].due)
        XCTAssertEqual(document.wholeItems[0].marks, [])
        XCTAssertEqual(try document.fields(of: id), ItemFields(title: "Call mum"))
        XCTAssertFalse(document.canUndo, "the update was one step")
        _ = store
    }

    func testAnUnchangedUpdateRecordsNothing() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["a"])
        try document.update(document.wholeItems[0].id!) { $0.notes = "" }
        XCTAssertFalse(document.canUndo)
    }

    func testUndoingADeletionBringsBackNotesUIDAndCreationTime() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["a", "b", "c"])
        let id = document.wholeItems[1].id!
        try document.update(id) { $0.notes = "keep me" }
        let before = try details(store, id)
        try document.delete(id)
        try document.undo()
        XCTAssertEqual(try document.fields(of: id).notes, "keep me")
        let after = try details(store, id)
        XCTAssertEqual(after.uid, before.uid)
        XCTAssertEqual(after.createdAt, before.createdAt)

        try document.setCompleted(document.wholeItems[2].id!, true)
        try document.update(document.wholeItems[2].id!) { $0.notes = "done one" }
        XCTAssertEqual(try document.clearCompleted(), 1)
        try document.undo()
        XCTAssertEqual(try document.fields(of: document.wholeItems[2].id!).notes, "done one")
    }

    func testUndoingAListDeletionBringsBackItsUIDAndItemNotes() throws {
        let db = TestDatabase()
        let store = try db.openStore()
        let list = try store.createList(name: "Home", titles: ["Paint"])
        let document = try XCTUnwrap(try store.document(listID: list.id))
        try document.update(document.wholeItems[0].id!) { $0.notes = "white" }
        let overview = try store.listsDocument()
        try overview.delete(list.id!)
        try overview.undo()
        let back = try XCTUnwrap(try store.document(listID: list.id))
        XCTAssertEqual(back.list.uid, list.uid)
        XCTAssertEqual(try back.fields(of: back.items[0].id).notes, "white")
    }

    func testEveryChangeMovesTheModificationTimeAndCompletionIsTimed() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["a"])
        let id = document.wholeItems[0].id!
        try store.queue.write { try $0.execute(sql: "UPDATE item SET modified_at = 0") }
        try document.rename(id, to: "b")
        XCTAssertGreaterThan(try details(store, id).modifiedAt, 0, "a rename is a modification")

        try store.queue.write { try $0.execute(sql: "UPDATE item SET modified_at = 0") }
        try document.setCompleted(id, true)
        XCTAssertGreaterThan(try details(store, id).modifiedAt, 0)
        XCTAssertNotNil(try details(store, id).completedAt)
        try document.setCompleted(id, false)
        XCTAssertNil(try details(store, id).completedAt, "a reopened item is not completed")

        try store.queue.write { try $0.execute(sql: "UPDATE item SET modified_at = 0") }
        try document.update(id) { $0.due = friday }
        XCTAssertGreaterThan(try details(store, id).modifiedAt, 0)
    }

    private func details(_ store: TodoStore, _ id: Int64) throws -> ItemDetails {
        try XCTUnwrap(try store.queue.read { try ItemDetails.fetch($0, itemIDs: [id])[id] })
    }
}
