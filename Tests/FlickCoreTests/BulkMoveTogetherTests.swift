import XCTest
@testable import FlickCore

/// A lifted selection dropped in a list (issue 60): the selected items go together, in their
/// order, to the drop place, as one undoable step whose undo puts each back in its own place.
final class BulkMoveTogetherTests: XCTestCase {
    private func ids(_ titles: [String], _ document: ListDocument) throws -> [Int64] {
        try titles.map { title in try XCTUnwrap(document.wholeItems.first { $0.title == title }?.id, "no item \(title)") }
    }

    private func titles(_ document: ListDocument) -> [String] {
        document.wholeItems.map(\.title)
    }

    private func storedTitles(_ document: ListDocument, _ store: TodoStore) throws -> [String] {
        try store.queue.read { db in
            try String.fetchAll(db, sql: "SELECT title FROM item WHERE list_id = ? AND parent_uid IS NULL ORDER BY rank, id",
                                arguments: [document.list.id])
        }
    }

    func testTheyGoTogetherInTheirOrderAsOneStepAndOneUndoPutsEachBack() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["a", "b", "c", "d", "e", "f", "g"])
        // Selected in another order than the list's: the list's order is kept.
        let selected = try ids(["f", "b", "d"], document)

        // Index 3 of the list without them (a, c, e, g): between e and g.
        XCTAssertEqual(try document.perform(.many(itemIDs: selected, .moveTogether(toIndex: 3))), .many(count: 3))
        XCTAssertEqual(titles(document), ["a", "c", "e", "b", "d", "f", "g"])
        XCTAssertEqual(try storedTitles(document, store), ["a", "c", "e", "b", "d", "f", "g"])
        XCTAssertEqual(document.checkInvariants(completedSink: true), [])

        try document.undo()
        XCTAssertEqual(titles(document), ["a", "b", "c", "d", "e", "f", "g"], "one undo puts every item back in its place")
        XCTAssertEqual(try storedTitles(document, store), ["a", "b", "c", "d", "e", "f", "g"])
        XCTAssertFalse(document.canUndo, "it was one step")

        try document.redo()
        XCTAssertEqual(titles(document), ["a", "c", "e", "b", "d", "f", "g"])
    }

    func testToTheTopAndPastTheEndAndWhereTheyAreAlready() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["a", "b", "c", "d", "e"])
        _ = try document.perform(.many(itemIDs: try ids(["c", "e"], document), .moveTogether(toIndex: 0)))
        XCTAssertEqual(titles(document), ["c", "e", "a", "b", "d"])
        _ = try document.perform(.many(itemIDs: try ids(["c", "a"], document), .moveTogether(toIndex: 99)))
        XCTAssertEqual(titles(document), ["e", "b", "d", "c", "a"], "past the end: at the end")
        XCTAssertEqual(try document.perform(.many(itemIDs: try ids(["c", "a"], document), .moveTogether(toIndex: 3))),
                       .many(count: 0), "there already: nothing written")
        XCTAssertEqual(titles(document), ["e", "b", "d", "c", "a"])
    }
}
