import Foundation
import GRDB
import XCTest
@testable import FlickCore

/// A database that cannot be used is kept aside byte for byte, and a fresh one takes its place.
final class UnreadableDatabaseTests: XCTestCase {
    private let when = Date(timeIntervalSince1970: 1_795_000_000)

    private func assertKeptAside(_ original: Data, as reason: UnreadableDatabase.Reason,
                                 in db: TestDatabase, file: StaticString = #filePath, line: UInt = #line) throws {
        let store = try TodoStore(databaseURL: db.url, now: when)
        let aside = try XCTUnwrap(store.keptAside, "expected the file to be kept aside", file: file, line: line)
        XCTAssertEqual(aside.reason, reason, file: file, line: line)
        XCTAssertEqual(try Data(contentsOf: aside.keptAsideURL), original, "kept-aside file changed", file: file, line: line)
        XCTAssertTrue(aside.keptAsideURL.lastPathComponent.hasPrefix("flick.sqlite.unreadable-"), file: file, line: line)
        XCTAssertTrue(store.isNew, file: file, line: line)
        XCTAssertEqual(try store.lists(), [], "fresh database", file: file, line: line)
    }

    func testGarbageBytesAreKeptAside() throws {
        let db = TestDatabase()
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try db.writeFile(garbage)
        try assertKeptAside(garbage, as: .notADatabase, in: db)
    }

    func testTruncatedDatabaseIsKeptAside() throws {
        let db = TestDatabase()
        do {
            let (store, document) = try db.document((0..<400).map { "item \($0) " + String(repeating: "x", count: 200) })
            _ = document
            _ = try store.queue.writeWithoutTransaction { try $0.checkpoint(.truncate) }
            try store.queue.close()
        }
        let full = try Data(contentsOf: db.url)
        let truncated = full.prefix(full.count / 2)
        try truncated.write(to: db.url)
        try assertKeptAside(truncated, as: .damaged, in: db)
    }

    /// An index that no longer matches its table passes `PRAGMA quick_check`, and the first
    /// read of the items then fails as "malformed" at every start (found by the database fuzz
    /// test, seed 7): the check is `integrity_check`, which compares them.
    func testAnIndexThatDisagreesWithItsTableIsKeptAside() throws {
        let db = TestDatabase()
        do {
            let (store, _) = try db.document((0..<50).map { "item \($0)" })
            try store.queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA writable_schema = ON")
                try db.execute(sql: "UPDATE sqlite_master SET sql = replace(sql, 'list_id, rank, id', 'list_id, rank, id + 1') "
                                   + "WHERE name = 'item_rows'")
                try db.checkpoint(.truncate)
            }
            try store.queue.close()
        }
        let original = try Data(contentsOf: db.url)
        try assertKeptAside(original, as: .damaged, in: db)
    }

    func testAnotherApplicationsDatabaseIsKeptAside() throws {
        let db = TestDatabase()
        try DataDirectory.prepare(db.directory)
        do {
            let other = try DatabaseQueue(path: db.url.path)
            try other.write { try $0.execute(sql: "CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('Ada')") }
            try other.close()
        }
        let original = try Data(contentsOf: db.url)
        try assertKeptAside(original, as: .foreign, in: db)
    }

    func testJournalFilesMoveWithTheDatabase() throws {
        let db = TestDatabase()
        try db.writeFile(Data(repeating: 0xAB, count: 4096))
        try Data("wal".utf8).write(to: URL(fileURLWithPath: db.url.path + "-wal"))
        let store = try TodoStore(databaseURL: db.url, now: when)
        let aside = try XCTUnwrap(store.keptAside)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: aside.keptAsideURL.path + "-wal")), Data("wal".utf8))
    }

    func testKeepingAsideTwiceNeverOverwrites() throws {
        let db = TestDatabase()
        try db.writeFile(Data(repeating: 1, count: 4096))
        let first = try XCTUnwrap(TodoStore(databaseURL: db.url, now: when).keptAside)
        try db.writeFile(Data(repeating: 2, count: 4096))
        let second = try XCTUnwrap(TodoStore(databaseURL: db.url, now: when).keptAside)
        XCTAssertNotEqual(first.keptAsideURL, second.keptAsideURL)
        XCTAssertEqual(try Data(contentsOf: first.keptAsideURL), Data(repeating: 1, count: 4096))
        XCTAssertEqual(try Data(contentsOf: second.keptAsideURL), Data(repeating: 2, count: 4096))
    }

    func testHealthyDatabaseIsNotKeptAside() throws {
        let db = TestDatabase()
        _ = try db.document(["a"])
        let store = try db.openStore()
        XCTAssertNil(store.keptAside)
        XCTAssertFalse(store.isNew)
    }

    func testEmptyFileIsAFreshDatabase() throws {
        let db = TestDatabase()
        try db.writeFile(Data())
        let store = try db.openStore()
        XCTAssertNil(store.keptAside)
        XCTAssertEqual(try store.lists(), [])
    }
}
