import Foundation
import GRDB
import XCTest
@testable import FlickCore

/// The store the window shows, opened for writing on a thread of its own from `startup`
/// (`StoreOpening`), is the store the main thread would have opened, with the preload's read.
final class StoreOpeningTests: XCTestCase {
    func testTheStoreOpenedOnItsThreadShowsWhatThePreloadRead() throws {
        let db = TestDatabase()
        let made = try db.openStore()
        let list = try made.createList(name: "Two", titles: (0..<300).map { "item \($0)" })
        try made.queue.close()
        CleanCloseMark.record(for: db.url)

        let preload = StorePreload(databaseURL: db.url, listID: list.id)
        let store = try XCTUnwrap(StoreOpening(databaseURL: db.url, preload: preload).store(for: db.url))
        XCTAssertNil(preload.take(for: db.url), "the opening took the preload's result")
        XCTAssertFalse(store.isNew)
        XCTAssertNil(store.pendingCheck, "a file closed cleanly is not checked again")
        XCTAssertFalse(CleanCloseMark.isCurrent(for: db.url), "opened for writing, the file is no longer as it was closed")
        let document = try XCTUnwrap(store.document(listID: list.id))
        XCTAssertEqual(document.wholeItems.map(\.title), (0..<300).map { "item \($0)" })
        XCTAssertEqual(try store.lists().map(\.name), ["Two"])
        try store.createList(name: "Three")  // It writes.
    }

    func testAnOpeningNobodyTookIsClosedAsTheStoreClosesIt() throws {
        let db = TestDatabase()
        try db.openStore().close()
        XCTAssertTrue(CleanCloseMark.isCurrent(for: db.url))
        let opening = StoreOpening(databaseURL: db.url, preload: StorePreload(databaseURL: db.url, listID: nil))
        opening.closeIfUnused()
        XCTAssertTrue(CleanCloseMark.isCurrent(for: db.url), "closed cleanly again, not left for a full check")
        XCTAssertNil(try opening.store(for: db.url), "closed, it gives no store")
    }

    func testANewFolderGetsANewStore() throws {
        let db = TestDatabase()
        let store = try XCTUnwrap(StoreOpening(databaseURL: db.url, preload: nil).store(for: db.url))
        XCTAssertTrue(store.isNew)
        XCTAssertFalse(try store.hasLists())
    }

    func testTheStoreIsTakenOnceAndOnlyForItsOwnFile() throws {
        let db = TestDatabase()
        let other = TestDatabase()
        let opening = StoreOpening(databaseURL: db.url, preload: nil)
        XCTAssertNil(try opening.store(for: other.url))
        XCTAssertNil(try opening.store(for: db.url), "an opening is used at most once")
        let second = StoreOpening(databaseURL: db.url, preload: nil)
        XCTAssertNotNil(try second.store(for: db.url), "the unused one was closed: the file opens again")
    }
}
