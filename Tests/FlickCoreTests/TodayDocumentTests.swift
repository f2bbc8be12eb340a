import GRDB
import XCTest
@testable import FlickCore

/// The Today smart list: every open item due today or before, from every list, in due order;
/// what is added there goes to the first list, due today; deleting and undoing there puts an
/// item back in its own list.
final class TodayDocumentTests: XCTestCase {
    private let today = DueDate(year: 2026, month: 11, day: 23)

    private func day(_ offset: Int, hour: Int? = nil) -> DueDate {
        DueDate(year: 2026, month: 11, day: 23 + offset, hour: hour, minute: hour.map { _ in 0 },
                timeZone: hour.map { _ in "Europe/Berlin" })
    }

    /// Two lists; returns the store and the titles by name → id.
    private func plannedStore() throws -> (TestDatabase, TodoStore, [String: Int64]) {
        let db = TestDatabase()
        let store = try db.openStore()
        let home = try store.createList(name: "Home", titles: ["Paint", "Undated", "Later", "Done"])
        let work = try store.createList(name: "Work", titles: ["Report", "Call"])
        var ids: [String: Int64] = [:]
        for list in [home, work] {
            let document = try XCTUnwrap(try store.document(listID: list.id))
            for item in document.wholeItems { ids[item.title] = item.id! }
            let plan: [String: DueDate] = ["Paint": day(0), "Later": day(1), "Done": day(0), "Report": day(-2),
                                           "Call": day(0, hour: 9)]
            for item in document.wholeItems {
                if let due = plan[item.title] { try document.update(item.id!) { $0.due = due } }
            }
            if let done = document.wholeItems.first(where: { $0.title == "Done" }) { try document.setCompleted(done.id!, true) }
        }
        return (db, store, ids)
    }

    func testTodayHoldsOpenItemsDueByTodayFromEveryListInDueOrder() throws {
        let (_, store, _) = try plannedStore()
        let document = try XCTUnwrap(try store.todayDocument(day: today))
        XCTAssertEqual(document.wholeItems.map(\.title), ["Report", "Paint", "Call"],
                       "overdue first; on the day, a date alone before a time; tomorrow, done and undated left out")
        XCTAssertEqual(try store.todayCount(day: today), 3)
        XCTAssertTrue(document.scope.isToday)
    }

    func testAnItemAddedOnTodayGoesToTheFirstListDueToday() throws {
        let (_, store, _) = try plannedStore()
        let document = try XCTUnwrap(try store.todayDocument(day: today))
        let added = try document.insert(title: "Buy flowers", at: 1)
        XCTAssertEqual(document.wholeItems.map(\.title), ["Report", "Buy flowers", "Paint", "Call"])
        let home = try XCTUnwrap(try store.document(listID: store.lists()[0].id))
        XCTAssertEqual(home.wholeItems.first?.title, "Buy flowers", "at the top of the first list")
        XCTAssertEqual(home.wholeItems.first?.due, today)
        XCTAssertEqual(added.listID, try store.lists()[0].id)
    }

    func testDeletingAndUndoingOnTodayPutsTheItemBackInItsList() throws {
        let (_, store, ids) = try plannedStore()
        let document = try XCTUnwrap(try store.todayDocument(day: today))
        try document.delete(ids["Report"]!)
        XCTAssertEqual(document.wholeItems.map(\.title), ["Paint", "Call"])
        try document.undo()
        XCTAssertEqual(document.wholeItems.map(\.title), ["Report", "Paint", "Call"])
        let work = try XCTUnwrap(try store.document(listID: store.lists()[1].id))
        XCTAssertEqual(work.wholeItems.map(\.title), ["Report", "Call"], "back in its own list, in its place")
    }

    func testCompletingOnTodayIsStoredAndItemsAreNotReordered() throws {
        let (_, store, ids) = try plannedStore()
        let document = try XCTUnwrap(try store.todayDocument(day: today))
        try document.setCompleted(ids["Paint"]!, true)
        XCTAssertEqual(try store.todayCount(day: today), 2)
        XCTAssertNil(document.settledIndex(of: ids["Paint"]!), "nothing sinks on Today")
        try document.move(ids["Call"]!, to: 0)
        XCTAssertEqual(document.wholeItems.map(\.title), ["Report", "Paint", "Call"], "Today keeps its due order")
    }
}
