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
