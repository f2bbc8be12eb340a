import Foundation
import GRDB
import XCTest
@testable import FlickCore

/// A program reading the file while Flick opens it (a first run's WAL switch needs the file to
/// itself) delays the start a little instead of stopping it.
final class DatabaseOpenerBusyTests: XCTestCase {
    func testAReaderHoldingTheFileAtStartUpIsWaitedFor() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flick-busy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("flick.sqlite")
        // An empty file: a valid, empty database, still in rollback-journal mode.
        XCTAssertTrue(FileManager.default.createFile(atPath: url.path, contents: nil))
        var configuration = Configuration()
        configuration.readonly = true
        let reader = try DatabaseQueue(path: url.path, configuration: configuration)
        let reading = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            try? reader.read { db in
                _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master")
                reading.signal()
                usleep(300_000)  // Holds its read lock for 0.3 s.
            }
            finished.signal()
        }
        reading.wait()
        let opened = try DatabaseOpener.open(at: url)
        let mode = try opened.queue.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        XCTAssertEqual(mode, "wal")
        finished.wait()
    }
}

/// A healthy file another process holds locked while Flick checks it is waited for, never taken
/// for damage and set aside (issue 53: a busy answer while opening set a file with every item
/// aside, and a new one with the first-run lists took its place).
final class DatabaseOpenerLockedFileTests: XCTestCase {
    private var directory: URL!
    private var url: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("flick-locked-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        url = directory.appendingPathComponent("flick.sqlite")
        let store = try TodoStore(databaseURL: url)
        try store.queue.inDatabase { db in try db.execute(sql: "PRAGMA journal_mode = DELETE") }
        try store.queue.close()
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Another connection's exclusive lock for `seconds` (rollback-journal mode: readers wait too).
    private func holdExclusiveLock(for seconds: Double) throws -> DispatchSemaphore {
        let holder = try DatabaseQueue(path: url.path)
        let locked = DispatchSemaphore(value: 0)
        let released = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            try? holder.inDatabase { db in
                try db.execute(sql: "BEGIN EXCLUSIVE")
                locked.signal()
                usleep(UInt32(seconds * 1_000_000))
                try db.execute(sql: "COMMIT")
            }
            try? holder.close()
            released.signal()
        }
        locked.wait()
        return released
    }

    private func keptAside() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".unreadable-") }
    }

    func testALockHeldWhileOpeningIsWaitedFor() throws {
        let released = try holdExclusiveLock(for: 1.0)
        let opened = try DatabaseOpener.open(at: url)
        XCTAssertNil(opened.keptAside)
        XCTAssertFalse(opened.isNew)
        XCTAssertEqual(try keptAside(), [])
        released.wait()
    }

    func testALockHeldPastTheWaitIsAnErrorAndTheFileStays() throws {
        let released = try holdExclusiveLock(for: BusyWait.seconds + 2)
        XCTAssertThrowsError(try DatabaseOpener.open(at: url)) { error in
            XCTAssertEqual(StorageFailure(error, folder: self.directory).problem, .locked)
        }
        XCTAssertEqual(try keptAside(), [])
        XCTAssertTrue(FileManager.default.fileExists(atPath: url.path))
        released.wait()
    }
}
