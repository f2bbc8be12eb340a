import XCTest
@testable import FlickCore

/// `ListDocument.checkInvariants`, which the document tests run after each change
/// (`TestDatabase.checkingInvariants`), finds what it is there to find: each test breaks one
/// rule by hand, as a faulty write would, and sees it named.
final class ListDocumentInvariantsTests: XCTestCase {
    /// A document after every kind of action, its undo and its redo, with completed items settled.
    func testADocumentKeepsEveryRuleThroughItsActions() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["a", "b", "c", "d"])
        let b = document.wholeItems[1].id!
        try document.setCompleted(b, true)
        try document.settle(b)
        let new = try document.insert(title: "new", at: 1)
        try document.move(new.id!, to: 0)
        try document.delete(document.wholeItems[2].id!)
        // Issue 59: a start to come moves the item below the open ones, above the completed.
        try document.update(document.wholeItems[0].id!) { $0.setStart(DueDate.today().addingDays(3)) }
        _ = document.wholeItems  // Fills the cache.
        XCTAssertEqual(document.checkInvariants(completedSink: true), [])
        while document.canUndo { try document.undo() }
        XCTAssertEqual(document.checkInvariants(completedSink: true), [])
        while document.canRedo { try document.redo() }
        XCTAssertEqual(document.checkInvariants(completedSink: true), [])
    }

    func testRowsOutOfRankOrderAreFound() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["a", "b", "c"])
        document.items.swapAt(1, 2)
        XCTAssertEqual(document.checkInvariants(), [.outOfOrder(at: 2)])
    }

    /// Two rows of one rank are in order by id, as the store reads them; the other way round not.
    func testAnEqualRankIsOrderedById() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["a", "b"])
        document.items[1].rank = document.items[0].rank
        XCTAssertEqual(document.checkInvariants(), [])
        document.items.swapAt(0, 1)
        XCTAssertEqual(document.checkInvariants(), [.outOfOrder(at: 1)])
    }

    /// Today and a search are not in rank order, and are not held to it.
    func testTodayIsNotHeldToRankOrder() throws {
        let db = TestDatabase()
        let store = try db.openStore()
        let list = try store.createList(name: "Test", titles: ["a", "b"])
        let today = DueDate(year: 2030, month: 1, day: 1)
        let document = try XCTUnwrap(store.document(listID: list.id))
        for item in document.wholeItems { try document.update(item.id!) { $0.due = today } }
        let todayDocument = try XCTUnwrap(store.todayDocument(day: today))
        XCTAssertEqual(todayDocument.items.count, 2)
        todayDocument.items.swapAt(0, 1)
        XCTAssertEqual(todayDocument.checkInvariants(completedSink: true), [])
    }

    func testACompletedItemAboveAnOpenOneIsFoundOnlyWhileCompletedItemsSink() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["a", "b", "c"])
        document.items[0].isCompleted = true
        XCTAssertEqual(document.checkInvariants(), [])
        XCTAssertEqual(document.checkInvariants(completedSink: true), [.completedAboveOpen(completed: 0, open: 2)])
    }

    func testAnItemOnTwoRowsIsFound() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["a", "b"])
        let b = document.items[1]
        document.items.append(b)
        XCTAssertEqual(document.checkInvariants(), [.outOfOrder(at: 2), .repeatedRow(itemID: b.id)])
    }

    /// A row taken out without forgetting its cached item (as a write that skipped `cache.forget` would).
    func testACachedItemOnNoRowIsFound() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["a", "b"])
        _ = document.wholeItems
        let removed = document.items.removeLast()
        XCTAssertEqual(document.checkInvariants(), [.cachedButNotHere(itemID: removed.id)])
    }

    func testAParentTitleCachedForNoRowIsFound() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["a"])
        document.cachedParentTitles = [-5: "Project"]
        XCTAssertEqual(document.checkInvariants(), [.parentTitleButNotHere(itemID: -5)])
    }

    /// The check run after each change finds a rule broken before it (here, a row's rank
    /// changed in memory only, then a rename told of).
    func testTheCheckAfterEachChangeReportsABrokenRule() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["a", "b", "c"])
        var reported: [ListDocumentViolation] = []
        _ = TestDatabase.checkingInvariants(document) { reported.append($0) }
        try document.rename(document.items[1].id, to: "B")
        XCTAssertEqual(reported, [])
        document.items[0].rank = document.items[2].rank + 1
        try document.rename(document.items[1].id, to: "b")
        XCTAssertEqual(reported, [.outOfOrder(at: 1)])
    }
}
