import Foundation
import GRDB
import XCTest
@testable import FlickCore

/// A database a newer Flick wrote is refused in every way Flick reads it (the store, the
/// start-up preload, the command line's read-only snapshot), and its folder is left exactly as
/// it was: no file renamed, changed or made, not even SQLite's -wal and -shm (issue 74).
final class NewerDatabaseTests: XCTestCase {
    private let when = Date(timeIntervalSince1970: 1_795_000_000)

    /// A data folder whose database holds the list "Home" with two items and was closed
    /// cleanly, as Flick leaves it, by a Flick of schema `version`.
    private func folderFromAFlick(ofSchema version: Int) throws -> TestDatabase {
        let db = TestDatabase()
        let store = try db.openStore()
        try store.createList(name: "Home", titles: ["Pay rent", "Call Anna"])
        try store.queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA user_version = \(version)") }
        store.close()
        return db
    }

    /// Runs `open`, which must throw `NewerDatabase`, and checks that the folder is as it was
    /// and that nothing was made in it meanwhile, even for a moment; returns the refusal.
    private func assertRefused(_ db: TestDatabase, file: StaticString = #filePath, line: UInt = #line,
                               by open: () throws -> Void) throws -> NewerDatabase? {
        let before = try FolderContents(of: db.directory)
        let watch = try CreatedFilesWatch(directory: db.directory.path)
        var refusal: NewerDatabase?
        XCTAssertThrowsError(try open(), file: file, line: line) { error in
            refusal = error as? NewerDatabase
            XCTAssertNotNil(refusal, "refused as a newer Flick's, not \(error)", file: file, line: line)
        }
        XCTAssertEqual(watch.createdNames(), [], "nothing made in the folder", file: file, line: line)
        XCTAssertEqual(try FolderContents(of: db.directory), before, "the folder as it was", file: file, line: line)
        return refusal
    }

    func testTheStoreRefusesANewerFlicksFileAndChangesNothing() throws {
        let db = try folderFromAFlick(ofSchema: Schema.version + 1)
        let refusal = try assertRefused(db) { _ = try TodoStore(databaseURL: db.url, now: when) }
        XCTAssertEqual(refusal?.version, Schema.version + 1)
        XCTAssertEqual(refusal?.readable, Schema.version)
    }

    func testTheStoreRefusesItWithAPreloadToo() throws {
        let db = try folderFromAFlick(ofSchema: Schema.version + 1)
        _ = try assertRefused(db) {
            let preload = StorePreload(databaseURL: db.url, listID: nil, checkingAfterFirstFrame: true)
            let result = preload.take(for: db.url)
            XCTAssertNil(result, "the preload vouches for nothing")
            _ = try TodoStore(databaseURL: db.url, now: when, preload: result)
        }
    }

    func testTheStoreOpenedOnAThreadRefusesItToo() throws {
        let db = try folderFromAFlick(ofSchema: Schema.version + 1)
        _ = try assertRefused(db) {
            let preload = StorePreload(databaseURL: db.url, listID: nil, checkingAfterFirstFrame: true)
            _ = try StoreOpening(databaseURL: db.url, preload: preload, now: when).store(for: db.url)
        }
    }

    func testTheCommandLinesReadsRefuseIt() throws {
        let db = try folderFromAFlick(ofSchema: Int(Int32.max))
        let refusal = try assertRefused(db) { _ = try ListSnapshot.read(databaseURL: db.url, listID: nil) }
        XCTAssertEqual(refusal?.version, Int(Int32.max))
        _ = try assertRefused(db) { _ = try ListSnapshot.exported(databaseURL: db.url, listNamed: nil) }
        _ = try assertRefused(db) { _ = try ListSnapshot.accounts(databaseURL: db.url) }
    }

    /// A newer Flick that crashed has its version still in the write-ahead log, the file's own
    /// header saying this Flick's: SQLite's read finds it, and the file is refused, not set aside.
    func testANewerVersionStillInTheLogIsRefusedNotSetAside() throws {
        let db = TestDatabase()
        let store = try db.openStore()
        try store.createList(name: "Home", titles: ["Pay rent"])
        _ = try store.queue.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        try store.queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA user_version = \(Schema.version + 1)") }
        // The files as a crash would leave them: copied while the connection is open.
        let crashed = TestDatabase()
        try DataDirectory.prepare(crashed.directory)
        for suffix in ["", "-wal"] {
            try FileManager.default.copyItem(atPath: db.url.path + suffix, toPath: crashed.url.path + suffix)
        }
        store.close()
        XCTAssertEqual(DatabaseHeader.read(crashed.url)?.userVersion, Int32(Schema.version), "the header says this Flick's")
        let database = try Data(contentsOf: crashed.url), log = try Data(contentsOf: URL(fileURLWithPath: crashed.url.path + "-wal"))
        XCTAssertThrowsError(try TodoStore(databaseURL: crashed.url, now: when)) { error in
            XCTAssertEqual((error as? NewerDatabase)?.version, Schema.version + 1, "\(error)")
        }
        XCTAssertEqual(try Data(contentsOf: crashed.url), database)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: crashed.url.path + "-wal")), log)
        XCTAssertTrue(SetAsideDatabase.files(besides: crashed.url).isEmpty, "nothing set aside")
    }

    /// A migration this Flick does not know is a newer Flick's too, whatever the version says.
    func testAnUnknownMigrationIsRefusedWithoutAVersion() throws {
        let db = try folderFromAFlick(ofSchema: Schema.version)
        let queue = try DatabaseQueue(path: db.url.path)
        try queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v\(Schema.version + 1)')") }
        try queue.close()
        XCTAssertThrowsError(try TodoStore(databaseURL: db.url, now: when)) { error in
            XCTAssertEqual(error as? NewerDatabase,
                           NewerDatabase(version: nil, detail: "migration v\(Schema.version + 1) with user_version \(Schema.version)"))
        }
        XCTAssertTrue(SetAsideDatabase.files(besides: db.url).isEmpty, "nothing set aside")
    }

    func testThisFlicksOwnVersionOpens() throws {
        let db = try folderFromAFlick(ofSchema: Schema.version)
        let store = try TodoStore(databaseURL: db.url, now: when)
        XCTAssertNil(store.keptAside)
        XCTAssertEqual(try store.lists().map(\.name), ["Home"])
    }

    /// Another application's file with a high version is not taken for a newer Flick's: its
    /// header's application id is not Flick's, and it is set aside as before.
    func testAnotherApplicationsHighVersionIsNotANewerFlick() throws {
        let db = TestDatabase()
        try DataDirectory.prepare(db.directory)
        let other = try DatabaseQueue(path: db.url.path)
        try other.write { db in try db.execute(sql: "CREATE TABLE notes (text TEXT); PRAGMA user_version = 99") }
        try other.close()
        let store = try TodoStore(databaseURL: db.url, now: when)
        XCTAssertEqual(store.keptAside?.reason, .foreign)
    }

    func testTheHeaderGivesTheVersionAndTheApplicationIDAndLeavesNothingBeside() throws {
        let db = TestDatabase()
        try DataDirectory.prepare(db.directory)
        let file = try DatabaseQueue(path: db.url.path)
        try file.write { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL; CREATE TABLE t (x); PRAGMA user_version = 258")
            try db.execute(sql: "PRAGMA application_id = \(Schema.applicationID)")
        }
        try file.close()
        let before = try FileManager.default.contentsOfDirectory(atPath: db.directory.path).sorted()
        XCTAssertEqual(DatabaseHeader.read(db.url), DatabaseHeader(applicationID: Schema.applicationID, userVersion: 258))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: db.directory.path).sorted(), before,
                       "no -wal or -shm made")

        try Data("not a database at all, but long enough to have a header's worth of bytes ...".utf8).write(to: db.url)
        XCTAssertNil(DatabaseHeader.read(db.url), "not SQLite's")
        XCTAssertNil(DatabaseHeader.read(db.directory.appendingPathComponent("missing.sqlite")))
    }
}
