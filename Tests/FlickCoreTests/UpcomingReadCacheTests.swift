import GRDB
import XCTest
@testable import FlickCore

/// Upcoming's kept read (`UpcomingReadCache`, issue 59): opened again with nothing changed, it
/// reads nothing; after any write, this store's own or another program's, or on another day,
/// it reads again and shows the change.
final class UpcomingReadCacheTests: XCTestCase {
    /// Monday 23 November 2026.
    private let today = DueDate(year: 2026, month: 11, day: 23)
    private var database: TestDatabase!
    private var store: TodoStore!
    private var ids: [String: Int64] = [:]
    /// The statements of the store's connection that read items, counted while `counting`.
    private let itemReads = Counter()

    override func setUpWithError() throws {
        database = TestDatabase()
        store = try database.openStore()
        let home = try store.createList(name: "Home", titles: ["Paint", "Water", "Undated"])
        let document = try XCTUnwrap(try store.document(listID: home.id))
        for item in document.wholeItems { ids[item.title] = item.id! }
        try document.update(ids["Paint"]!) { $0.due = self.today.addingDays(2) }
        try document.update(ids["Water"]!) { $0.due = self.today }
        let reads = itemReads
        store.queue.inDatabase { db in
            db.trace { event in
                if case let .statement(statement) = event,
                   statement.sql.contains("FROM item") || statement.sql.contains("FROM \"item\"") { reads.add() }
            }
        }
    }

    private func upcomingTitles(on day: DueDate? = nil) throws -> [String] {
        let read = try XCTUnwrap(try store.upcoming(day: day ?? today))
        return read.document.wholeItems.map(\.title)
    }

    func testOpenedAgainWithNothingChangedItReadsNoItems() throws {
        XCTAssertEqual(try upcomingTitles(), ["Water", "Paint"])
        let before = itemReads.count
        XCTAssertGreaterThan(before, 0, "the first opening read them")
        XCTAssertEqual(try upcomingTitles(), ["Water", "Paint"])
        XCTAssertEqual(itemReads.count, before, "the kept read, with no statement on the items")
    }

    func testEachOpeningGetsADocumentOfItsOwn() throws {
        let first = try XCTUnwrap(try store.upcoming(day: today))
        let second = try XCTUnwrap(try store.upcoming(day: today))
        XCTAssertFalse(first.document === second.document, "a document keeps its own undo history")
        XCTAssertEqual(first.entries, second.entries)
    }

    func testAnEditInAnOpenedUpcomingIsSeenByTheNextOpening() throws {
        let document = try XCTUnwrap(try store.upcoming(day: today)?.document)
        _ = try document.perform(.setCompleted(itemID: ids["Water"]!, true))
        XCTAssertEqual(try upcomingTitles(), ["Paint"])
        _ = try document.perform(.undo)
        XCTAssertEqual(try upcomingTitles(), ["Water", "Paint"])
    }

    func testAWriteOfThisStoreElsewhereIsSeen() throws {
        XCTAssertEqual(try upcomingTitles(), ["Water", "Paint"])
        let home = try XCTUnwrap(try store.document(listID: store.lists().first?.id))
        try home.update(ids["Undated"]!) { $0.due = self.today.addingDays(1) }
        XCTAssertEqual(try upcomingTitles(), ["Water", "Undated", "Paint"])
    }

    func testAnotherProgramsWriteIsSeen() throws {
        XCTAssertEqual(try upcomingTitles(), ["Water", "Paint"])
        let other = try DatabaseQueue(path: database.url.path)
        try other.write { db in try db.execute(sql: "UPDATE item SET title = 'Water the plants' WHERE title = 'Water'") }
        XCTAssertEqual(try upcomingTitles(), ["Water the plants", "Paint"])
    }

    func testAnotherDayIsReadForItself() throws {
        XCTAssertEqual(try upcomingTitles(), ["Water", "Paint"])
        let before = itemReads.count
        XCTAssertEqual(try upcomingTitles(on: today.addingDays(-14)), [], "a fortnight before, neither is due yet")
        XCTAssertGreaterThan(itemReads.count, before)
    }
}

/// A count that the trace, which SQLite calls on the store's queue, adds to.
private final class Counter: @unchecked Sendable {
    private(set) var count = 0
    func add() { count += 1 }
}
