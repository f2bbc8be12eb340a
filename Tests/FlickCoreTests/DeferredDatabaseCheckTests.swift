import Foundation
import GRDB
import XCTest
@testable import FlickCore

/// A start after a crash shows what the preload read while the full check still runs; the
/// store writes nothing until the check has vouched for the file, and nothing at all into a
/// file it found damaged.
final class DeferredDatabaseCheckTests: XCTestCase {
    /// A database of `titles` closed without the clean-close note, as a crash leaves it.
    private func crashedDatabase(_ titles: [String]) throws -> TestDatabase {
        let db = TestDatabase()
        let store = try db.openStore()
        try store.createList(name: "Test", titles: titles)
        try store.queue.close()
        return db
    }

    /// The pages of `name` (a table or index) overwritten with garbage, as a failing disk or
    /// another program's stray write leaves them. The list's own rows stay readable.
    private func damage(_ name: String, in db: TestDatabase) throws {
        let queue = try DatabaseQueue(path: db.url.path)
        let (pageSize, pages) = try queue.writeWithoutTransaction { db in
            try db.checkpoint(.truncate)
            return (try Int.fetchOne(db, sql: "PRAGMA page_size")!,
                    try Int.fetchAll(db, sql: "SELECT pageno FROM dbstat WHERE name = ?", arguments: [name]))
        }
        try queue.close()
        XCTAssertFalse(pages.isEmpty)
        let handle = try FileHandle(forUpdating: db.url)
        for page in pages {
            try handle.seek(toOffset: UInt64((page - 1) * pageSize))
            handle.write(Data(repeating: 0x5A, count: pageSize))
        }
        try handle.close()
    }

    /// A store opened on a preload result that carries `check`, as the window's start opens it.
    private func store(_ db: TestDatabase, check: DeferredDatabaseCheck) throws -> TodoStore {
        var result = try XCTUnwrap(StorePreload(databaseURL: db.url, listID: nil, checkingFirst: true).take(for: db.url))
        result.pendingCheck = check
        return try TodoStore(databaseURL: db.url, preload: result)
    }

    private func titlesInFile(_ db: TestDatabase) throws -> [String] {
        let queue = try DatabaseQueue(path: db.url.path, configuration: { var c = Configuration(); c.readonly = true; return c }())
        defer { try? queue.close() }
        return try queue.read { db in try String.fetchAll(db, sql: "SELECT title FROM item ORDER BY rank") }
    }

    func testAStartAfterACrashHandsOverTheItemsWithTheCheckStillToEnd() throws {
        let db = try crashedDatabase(["a", "b"])
        let result = try XCTUnwrap(StorePreload(databaseURL: db.url, listID: nil).take(for: db.url))
        XCTAssertEqual(StorePreloadTests.titles(of: result), ["a", "b"])
        let check = try XCTUnwrap(result.pendingCheck, "a file not closed cleanly is checked in full")
        XCTAssertEqual(check.wait(), .sound)
    }

    func testTheWindowsCheckWaitsForItsFirstFrame() throws {
        let db = try crashedDatabase(["a"])
        let preload = StorePreload(databaseURL: db.url, listID: nil, checkingAfterFirstFrame: true)
        let check = try XCTUnwrap(preload.take(for: db.url)?.pendingCheck)
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertNil(check.finished, "the check leaves the processor to the first frame")
        preload.firstFrameShown()
        XCTAssertEqual(check.wait(), .sound)
    }

    func testAFileClosedCleanlyOrCheckedFirstHasNoCheckPending() throws {
        let db = try crashedDatabase(["a"])
        let checkedFirst = try XCTUnwrap(StorePreload(databaseURL: db.url, listID: nil, checkingFirst: true).take(for: db.url))
        XCTAssertNil(checkedFirst.pendingCheck)
        CleanCloseMark.record(for: db.url)
        let clean = try XCTUnwrap(StorePreload(databaseURL: db.url, listID: nil).take(for: db.url))
        XCTAssertNil(clean.pendingCheck)
    }

    func testDamageTheFirstFrameDoesNotReadIsFoundByTheCheckWhileTheItemsShow() throws {
        let db = try crashedDatabase((0..<300).map { "item \($0)" })
        try damage("item_sync_href", in: db)
        let result = try XCTUnwrap(StorePreload(databaseURL: db.url, listID: nil).take(for: db.url))
        XCTAssertEqual(result.rows.count, 300)
        guard case .failed = try XCTUnwrap(result.pendingCheck).wait() else { return XCTFail("the damage was not found") }
        // Checked first (the start that follows), the same file gives no result, and is kept aside.
        XCTAssertNil(StorePreload(databaseURL: db.url, listID: nil, checkingFirst: true).take(for: db.url))
        XCTAssertEqual(try TodoStore(databaseURL: db.url).keptAside?.reason, .damaged)
    }

    func testAWriteWaitsForTheCheckThenCommits() throws {
        let db = try crashedDatabase(["a"])
        let check = DeferredDatabaseCheck()
        let store = try self.store(db, check: check)
        let document = try XCTUnwrap(store.document(listID: nil))
        XCTAssertEqual(try store.lists().count, 1, "reading does not wait for the check")
        let written = expectation(description: "the insert returned")
        nonisolated(unsafe) let writer = document  // Used on that thread alone until it returns.
        DispatchQueue.global().async {
            _ = try? writer.insert(title: "typed", at: 0)
            written.fulfill()
        }
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertEqual(try titlesInFile(db), ["a"], "nothing committed before the verdict")
        check.finish(.sound)
        wait(for: [written], timeout: 5)
        XCTAssertEqual(try titlesInFile(db), ["typed", "a"])
        store.close()
        XCTAssertTrue(CleanCloseMark.isCurrent(for: db.url))
    }

    func testNothingIsWrittenIntoAFileTheCheckFoundDamaged() throws {
        let db = try crashedDatabase(["a"])
        let check = DeferredDatabaseCheck()
        let store = try self.store(db, check: check)
        let document = try XCTUnwrap(store.document(listID: nil))
        check.finish(.failed(detail: "a damaged page"))
        XCTAssertThrowsError(try document.insert(title: "typed", at: 0)) { error in
            XCTAssertEqual((error as? StorageFailure)?.problem, .damaged, "\(error)")
        }
        XCTAssertEqual(try titlesInFile(db), ["a"])
        store.close()
        XCTAssertFalse(CleanCloseMark.isCurrent(for: db.url), "never vouched for: the next start checks it")
    }

    func testTheVerdictReachesThoseWaitingAndThoseWhoAskLater() {
        let check = DeferredDatabaseCheck()
        XCTAssertNil(check.finished)
        let told = expectation(description: "told")
        check.whenFinished { verdict in
            XCTAssertEqual(verdict, .sound)
            told.fulfill()
        }
        check.finish(.sound)
        check.finish(.failed(detail: "too late"))
        wait(for: [told], timeout: 1)
        XCTAssertEqual(check.finished, .sound, "the first verdict stands")
        let toldAtOnce = expectation(description: "told at once")
        check.whenFinished { verdict in
            XCTAssertEqual(verdict, .sound)
            toldAtOnce.fulfill()
        }
        wait(for: [toldAtOnce], timeout: 0)
    }
}
