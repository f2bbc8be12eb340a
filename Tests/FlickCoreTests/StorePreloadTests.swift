import Foundation
import GRDB
import XCTest
@testable import FlickCore

/// The background read at start-up gives the store exactly what it would read itself, and
/// vouches for nothing it has not checked.
final class StorePreloadTests: XCTestCase {
    private func closedDatabase(lists: [(String, [String])]) throws -> (TestDatabase, [TodoList]) {
        let db = TestDatabase()
        let store = try db.openStore()
        let created = try lists.map { try store.createList(name: $0.0, titles: $0.1) }
        try store.queue.close()
        return (db, created)
    }

    func testPreloadedDocumentEqualsTheOneReadDirectly() throws {
        let (db, lists) = try closedDatabase(lists: [("One", ["a", "b"]), ("Two", (0..<300).map { "item \($0)" })])
        let result = try XCTUnwrap(StorePreload(databaseURL: db.url, listID: lists[1].id).take(for: db.url))
        XCTAssertEqual(result.list, lists[1])
        // Every row, and the whole items of the first 256 (what the first frame shows).
        XCTAssertEqual(result.rows.count, 300)
        XCTAssertEqual(Self.titles(of: result), (0..<256).map { "item \($0)" })

        let preloaded = try TodoStore(databaseURL: db.url, preload: result).document(listID: lists[1].id)
        let direct = try TodoStore(databaseURL: db.url).document(listID: lists[1].id)
        XCTAssertEqual(preloaded?.items, direct?.items)
        XCTAssertEqual(preloaded?.wholeItems, direct?.wholeItems)
        XCTAssertEqual(preloaded?.wholeItems.map(\.title), (0..<300).map { "item \($0)" })
        XCTAssertEqual(preloaded?.list, direct?.list)
    }

    func testAnUnknownListFallsBackToTheFirstLikeTheStore() throws {
        let (db, lists) = try closedDatabase(lists: [("One", ["a"]), ("Two", ["b"])])
        let result = try XCTUnwrap(StorePreload(databaseURL: db.url, listID: 9_999).take(for: db.url))
        XCTAssertEqual(result.list, lists[0])
        XCTAssertEqual(Self.titles(of: result), ["a"])
    }

    func testItemsReadForAnotherListAreNotUsed() throws {
        let (db, lists) = try closedDatabase(lists: [("One", ["a"]), ("Two", ["b"])])
        let result = try XCTUnwrap(StorePreload(databaseURL: db.url, listID: lists[0].id).take(for: db.url))
        let document = try TodoStore(databaseURL: db.url, preload: result).document(listID: lists[1].id)
        XCTAssertEqual(document?.wholeItems.map(\.title), ["b"])
    }

    /// The titles of the whole items the preload read, in the order of its rows.
    static func titles(of result: StorePreload.Result) -> [String] {
        let byID = Dictionary(uniqueKeysWithValues: result.firstItems.map { ($0.id!, $0.title) })
        return result.rows.compactMap { byID[$0.id] }
    }

    func testNoFileAndAnEmptyFileGiveNoResult() throws {
        let db = TestDatabase()
        XCTAssertNil(StorePreload(databaseURL: db.url, listID: nil).take(for: db.url))
        try db.writeFile(Data())
        XCTAssertNil(StorePreload(databaseURL: db.url, listID: nil).take(for: db.url))
    }

    func testADamagedFileGivesNoResultAndIsStillKeptAside() throws {
        let db = TestDatabase()
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try db.writeFile(garbage)
        let result = StorePreload(databaseURL: db.url, listID: nil).take(for: db.url)
        XCTAssertNil(result)
        let store = try TodoStore(databaseURL: db.url, preload: result)
        XCTAssertEqual(store.keptAside?.reason, .notADatabase)
    }

    func testAResultIsTakenOnceAndOnlyForItsOwnFile() throws {
        let (db, _) = try closedDatabase(lists: [("One", ["a"])])
        let other = TestDatabase()
        let preload = StorePreload(databaseURL: db.url, listID: nil)
        XCTAssertNil(preload.take(for: other.url))
        XCTAssertNil(preload.take(for: db.url), "a preload is used at most once")
        XCTAssertNotNil(StorePreload(databaseURL: db.url, listID: nil).take(for: db.url))
    }
}
