import Foundation
import GRDB
import XCTest
@testable import FlickCore

/// The write-ahead log is folded into the database file by `WalCheckpointer`, off the commits,
/// in place of SQLite's automatic checkpoint, which the commit hook replaces.
final class WalCheckpointerTests: XCTestCase {
    /// Enough text for well over `pagesBeforeCheckpoint` pages of log in one commit: each title
    /// is written to the table, to the row index and to the search index.
    private let longTitles = (0..<2_000).map { "Item \($0) " + String(repeating: "long words ", count: 200) }

    private func fileSize(_ url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? 0
    }

    func testALargeCommitReachesTheDatabaseFileWhileTheStoreIsOpen() throws {
        let db = TestDatabase()
        let store = try db.openStore()
        let before = try fileSize(db.url)
        try store.createList(name: "Long", titles: longTitles)
        store.checkpointer.waitForCheckpoints()
        let after = try fileSize(db.url)
        XCTAssertGreaterThan(after, before + 4_000_000, "the log's pages copied into the file (\(before) → \(after) bytes)")
        store.close()
    }

    func testASmallCommitStaysInTheLog() throws {
        let db = TestDatabase()
        let store = try db.openStore()
        let before = try fileSize(db.url)
        try store.createList(name: "Short", titles: ["a", "b"])
        store.checkpointer.waitForCheckpoints()
        XCTAssertEqual(try fileSize(db.url), before, "no checkpoint below \(WalCheckpointer.pagesBeforeCheckpoint) pages")
        store.close()
    }

    func testAConnectionThatOutlivesItsStoreStillCheckpoints() throws {
        let db = TestDatabase()
        var store: TodoStore? = try db.openStore()
        let queue = store!.queue
        store = nil  // A list document may keep the queue after its store is gone.
        let before = try fileSize(db.url)
        try queue.write { db in
            var list = TodoList(name: "Long", rank: 0)
            try list.insert(db)
            for (index, title) in longTitles.enumerated() {
                var item = TodoItem(listID: list.id!, title: title, rank: Int64(index))
                try item.insert(db)
            }
        }
        XCTAssertGreaterThan(try fileSize(db.url), before + 4_000_000, "checkpointed in the commit, as SQLite's own hook does")
    }

    func testClosingFoldsTheWholeLogAndLeavesNoOtherConnection() throws {
        let db = TestDatabase()
        let store = try db.openStore()
        try store.createList(name: "Long", titles: longTitles)
        try store.createList(name: "Short", titles: ["a"])
        store.close()
        XCTAssertEqual(try db.filesInDirectory(), ["flick.sqlite", "flick.sqlite-closed"],
                       "the writer's close was the last and removed the log")
        let reopened = try db.openStore()
        XCTAssertEqual(try reopened.lists().map(\.name), ["Long", "Short"])
        reopened.close()
    }
}
