import Foundation
import GRDB
import XCTest
@testable import FlickCore

/// `flick --list` reads the database read-only and never changes a file it cannot use.
final class ListSnapshotTests: XCTestCase {
    func testReadsTheListInOrderWithCompletion() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["eggs", "milk"])
        try document.insert(title: "bread", at: 1)
        try document.toggleCompleted(document.wholeItems[0].id!)
        let snapshot = try XCTUnwrap(ListSnapshot.read(databaseURL: db.url, listID: nil))
        XCTAssertEqual(snapshot.list.name, "Test")
        XCTAssertEqual(snapshot.items.map(\.title), ["eggs", "bread", "milk"])
        XCTAssertEqual(snapshot.items.map(\.isCompleted), [true, false, false])
        _ = store
    }

    func testChoosesTheListByIDOrTheFirstList() throws {
        let db = TestDatabase()
        let store = try db.openStore()
        let first = try store.createList(name: "First", titles: ["a"])
        let second = try store.createList(name: "Second", titles: ["b"])
        XCTAssertEqual(try ListSnapshot.read(databaseURL: db.url, listID: second.id)?.list.name, "Second")
        XCTAssertEqual(try ListSnapshot.read(databaseURL: db.url, listID: 999)?.list.name, "First")
        XCTAssertEqual(try ListSnapshot.read(databaseURL: db.url, listID: nil)?.list.id, first.id)
    }

    func testMissingDatabaseIsReportedAndNotCreated() throws {
        let db = TestDatabase()
        XCTAssertThrowsError(try ListSnapshot.read(databaseURL: db.url, listID: nil)) { error in
            XCTAssertEqual(error as? ListSnapshot.Problem, .noDatabase(db.url.path))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: db.directory.path))
    }

    func testGarbageIsReportedAndLeftUntouched() throws {
        let db = TestDatabase()
        let garbage = Data((0..<4096).map { UInt8($0 % 251) })
        try db.writeFile(garbage)
        XCTAssertThrowsError(try ListSnapshot.read(databaseURL: db.url, listID: nil)) { error in
            guard case .unreadable? = error as? ListSnapshot.Problem else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try Data(contentsOf: db.url), garbage)
        XCTAssertEqual(try db.filesInDirectory(), ["flick.sqlite"], "nothing kept aside, nothing created")
    }

    func testAnotherApplicationsDatabaseIsReported() throws {
        let db = TestDatabase()
        try DataDirectory.prepare(db.directory)
        let queue = try DatabaseQueue(path: db.url.path)
        try queue.write { db in try db.execute(sql: "CREATE TABLE notes (text TEXT)") }
        try queue.close()
        XCTAssertThrowsError(try ListSnapshot.read(databaseURL: db.url, listID: nil)) { error in
            guard case .unreadable? = error as? ListSnapshot.Problem else { return XCTFail("\(error)") }
        }
    }

    func testAnEmptyFileHasNoList() throws {
        let db = TestDatabase()
        try db.writeFile(Data())
        XCTAssertNil(try ListSnapshot.read(databaseURL: db.url, listID: nil))
    }
}
