import XCTest
@testable import FlickCore

/// The cache of whole items holds at most two generations, keeps what is looked up, and
/// forgets what is written.
final class ItemCacheTests: XCTestCase {
    private func item(_ id: Int64) -> TodoItem {
        TodoItem(id: id, listID: 1, title: "item \(id)", rank: id)
    }

    func testItHoldsAtMostTwiceItsCapacity() {
        var cache = ItemCache(capacity: 4)
        for id in 1...20 { cache.store(item(Int64(id))) }
        let held = (1...20).filter { cache.item(Int64($0)) != nil }
        XCTAssertLessThanOrEqual(held.count, 8)
        XCTAssertTrue(held.contains(20), "the newest item stays")
        XCTAssertNil(cache.item(1), "the oldest goes")
    }

    func testAnItemLookedUpIsKeptWhenItsGenerationGoes() {
        var cache = ItemCache(capacity: 2)
        cache.store(item(1))
        cache.store(item(2))
        cache.store(item(3))  // 1 and 2 are the older generation now.
        XCTAssertEqual(cache.item(1)?.title, "item 1")  // Brought forward.
        cache.store(item(4))
        cache.store(item(5))  // The generation holding 2 and 3 goes.
        XCTAssertEqual(cache.item(1)?.title, "item 1")
        XCTAssertNil(cache.item(2))
    }

    func testAForgottenItemIsReadAgain() {
        var cache = ItemCache(capacity: 2)
        cache.store(item(1))
        cache.store(item(2))
        cache.store(item(3))
        cache.forget(1)
        cache.forget(3)
        XCTAssertNil(cache.item(1))
        XCTAssertNil(cache.item(3))
        XCTAssertNotNil(cache.item(2))
        cache.forgetAll()
        XCTAssertNil(cache.item(2))
    }
}
