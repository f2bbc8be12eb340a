import XCTest
@testable import FlickCore

/// Changes as values (issue 28): performing one does what its method does, says what it did,
/// and performing it again on Retry after the item or the list has gone writes nothing.
final class ChangeValueTests: XCTestCase {
    func testItemChangesDoWhatTheirMethodsDoAndSaySo() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["a", "b", "c"])
        let ids = document.wholeItems.compactMap(\.id)
        XCTAssertEqual(try document.perform(.setCompleted(itemID: ids[0], true)), .completed(nextDue: nil))
        XCTAssertEqual(document.item(ids[0])?.isCompleted, true)
        XCTAssertEqual(try document.perform(.move(itemID: ids[2], toIndex: 0)), .done)
        XCTAssertEqual(document.wholeItems.map(\.title), ["c", "a", "b"])
        guard case let .removed(deleted, formerIndex) = try document.perform(.delete(itemID: ids[1])) else {
            return XCTFail("a deletion says what it removed")
        }
        XCTAssertEqual(deleted.title, "b")
        XCTAssertEqual(formerIndex, 2)
        XCTAssertEqual(try document.perform(.undo), .undone(.delete(deleted, at: 2)))
        XCTAssertEqual(document.wholeItems.map(\.title), ["c", "a", "b"])
        XCTAssertEqual(try document.perform(.clearCompleted), .cleared(count: 1))
        XCTAssertEqual(document.wholeItems.map(\.title), ["c", "b"])

        let other = try store.createList(name: "Other")
        guard case let .removed(moved, from) = try document.perform(.moveToList(itemID: ids[2], listID: other.id!)) else {
            return XCTFail("a move to another list says what left")
        }
        XCTAssertEqual(moved.title, "c")
        XCTAssertEqual(from, 0)
        XCTAssertEqual(try store.document(listID: other.id!)?.wholeItems.map(\.title), ["c"])
    }

    func testARetryAfterTheItemHasGoneWritesNothing() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["a", "b"])
        let gone = document.wholeItems[0].id!
        _ = try document.perform(.delete(itemID: gone))
        for change in [ItemChange.delete(itemID: gone), .setCompleted(itemID: gone, true), .move(itemID: gone, toIndex: 1),
                       .moveToList(itemID: gone, listID: document.list.id!)] {
            XCTAssertEqual(try document.perform(change), .done, "\(change)")
        }
        XCTAssertEqual(document.wholeItems.map(\.title), ["b"])
        guard case let .undone(.delete(item, at: 0)?) = try document.perform(.undo) else {
            return XCTFail("the retries left no step of their own to undo")
        }
        XCTAssertEqual(item.id, gone)
    }

    func testListsChangesDoWhatTheirMethodsDoAndSaySo() throws {
        let db = TestDatabase()
        let store = try db.openStore()
        let first = try store.createList(name: "First", titles: ["x", "y"])
        let second = try store.createList(name: "Second")
        let lists = try store.listsDocument()
        XCTAssertEqual(try lists.perform(.completeAll(listID: first.id!)), .completed(count: 2))
        XCTAssertEqual(try lists.perform(.move(listID: second.id!, toIndex: 0)), .done)
        XCTAssertEqual(lists.summaries.map(\.list.name), ["Second", "First"])
        guard case let .deleted(deleted, formerIndex) = try lists.perform(.delete(listID: second.id!)) else {
            return XCTFail("a deletion says which list went")
        }
        XCTAssertEqual(deleted.name, "Second")
        XCTAssertEqual(formerIndex, 0)
        XCTAssertEqual(try lists.perform(.delete(listID: second.id!)), .done, "a retry after it went")
        guard case .undone(.delete?)? = try? lists.perform(.undo) else { return XCTFail("the deletion is undone") }
        XCTAssertEqual(lists.summaries.map(\.list.name), ["Second", "First"])
    }
}
