import Foundation
import GRDB
import XCTest
@testable import FlickCore

/// A file Flick closed cleanly is not checked page by page at the next start; any other change
/// to it, and any crash, brings the full check back.
final class CleanCloseMarkTests: XCTestCase {
    private func closedCleanly(_ titles: [String] = ["a", "b"]) throws -> TestDatabase {
        let db = TestDatabase()
        let (store, _) = try db.document(titles)
        store.close()
        return db
    }

    private var markURL: (TestDatabase) -> URL { { CleanCloseMark.url(for: $0.url) } }

    func testAStoreClosedCleanlyIsMarkedAndOpeningItForWritingRemovesTheMark() throws {
        let db = try closedCleanly()
        XCTAssertTrue(CleanCloseMark.isCurrent(for: db.url))
        XCTAssertEqual(try db.filesInDirectory(), ["flick.sqlite", "flick.sqlite-closed"], "the log folded in, no journal left")
        let attributes = try FileManager.default.attributesOfItem(atPath: markURL(db).path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)

        let store = try TodoStore(databaseURL: db.url)
        XCTAssertNil(store.keptAside)
        XCTAssertFalse(FileManager.default.fileExists(atPath: markURL(db).path), "a crash from here on finds no mark")
        XCTAssertFalse(CleanCloseMark.isCurrent(for: db.url))
    }

    /// Opening is not an edit: a start after a clean close writes nothing to the file. (GRDB's
    /// own WAL set-up committed a dummy table whenever the log was missing: every start.)
    func testOpeningAStoreClosedCleanlyWritesNothingToIt() throws {
        let db = try closedCleanly()
        let before = try Data(contentsOf: db.url)
        let store = try TodoStore(databaseURL: db.url)
        XCTAssertEqual(try store.lists().count, 1)
        let log = (try? FileManager.default.attributesOfItem(atPath: db.url.path + "-wal"))?[.size] as? NSNumber
        XCTAssertEqual(log?.intValue ?? 0, 0, "nothing committed to the log")
        XCTAssertEqual(try store.queue.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }, "wal")
        XCTAssertEqual(try store.queue.read { try Int.fetchOne($0, sql: "PRAGMA synchronous") }, 1, "NORMAL")
        store.close()
        XCTAssertEqual(try Data(contentsOf: db.url), before)
    }

    func testAStoreThatWasNotClosedLeavesNoMark() throws {
        let db = TestDatabase()
        let (store, _) = try db.document(["a"])
        try store.queue.close()  // As a crash would: not through `close()`.
        XCTAssertFalse(CleanCloseMark.isCurrent(for: db.url))
    }

    func testAnotherProgramsWriteMakesTheMarkStale() throws {
        let db = try closedCleanly()
        let handle = try FileHandle(forWritingTo: db.url)
        handle.seekToEndOfFile()
        handle.write(Data(repeating: 0, count: 4096))
        try handle.close()
        XCTAssertFalse(CleanCloseMark.isCurrent(for: db.url), "another size")
    }

    func testAnotherModificationTimeMakesTheMarkStale() throws {
        let db = try closedCleanly()
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)],
                                              ofItemAtPath: db.url.path)
        XCTAssertFalse(CleanCloseMark.isCurrent(for: db.url))
    }

    func testACopyInItsPlaceMakesTheMarkStale() throws {
        let db = try closedCleanly()
        let copy = db.url.appendingPathExtension("copy")
        try FileManager.default.copyItem(at: db.url, to: copy)
        try FileManager.default.removeItem(at: db.url)
        try FileManager.default.moveItem(at: copy, to: db.url)
        XCTAssertFalse(CleanCloseMark.isCurrent(for: db.url), "another inode")
    }

    func testAWriteAheadLogWithTransactionsMakesTheMarkStale() throws {
        let db = try closedCleanly()
        var configuration = Configuration()
        configuration.journalMode = .wal
        let other = try DatabaseQueue(path: db.url.path, configuration: configuration)
        try other.write { try $0.execute(sql: "UPDATE item SET title = 'changed'") }
        XCTAssertFalse(CleanCloseMark.isCurrent(for: db.url), "the change is in the log, not yet in the file")
        try other.close()
    }

    /// The test that the check is really skipped: a damage SQLite's full check finds, made while
    /// the mark still vouches for the file, goes unseen; made by another program (the mark is
    /// then stale), it is found and the file kept aside.
    func testTheFullCheckRunsOnlyWhenTheMarkIsStale() throws {
        for vouched in [true, false] {
            let db = try closedCleanly((0..<50).map { "item \($0)" })
            let other = try DatabaseQueue(path: db.url.path)
            try other.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA writable_schema = ON")
                try db.execute(sql: "UPDATE sqlite_master SET sql = replace(sql, 'list_id, rank, id', 'list_id, rank, id + 1') "
                                   + "WHERE name = 'item_rows'")
                try db.checkpoint(.truncate)
            }
            try other.close()
            if vouched { CleanCloseMark.record(for: db.url) }
            let store = try TodoStore(databaseURL: db.url)
            XCTAssertEqual(store.keptAside == nil, vouched, vouched ? "trusted as closed by Flick" : "found by the full check")
        }
    }

    func testThePreloadTrustsTheMarkAsTheOpenerDoes() throws {
        let db = try closedCleanly(["a", "b", "c"])
        let result = try XCTUnwrap(StorePreload(databaseURL: db.url, listID: nil).take(for: db.url))
        XCTAssertEqual(StorePreloadTests.titles(of: result), ["a", "b", "c"])
        let store = try TodoStore(databaseURL: db.url, preload: result)
        XCTAssertEqual(try store.document(listID: nil)?.wholeItems.map(\.title), ["a", "b", "c"])
    }
}
