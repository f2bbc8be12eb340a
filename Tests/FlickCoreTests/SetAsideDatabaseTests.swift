import Foundation
import XCTest
@testable import FlickCore

/// Finding the files set aside, newest first, and putting one back with the current file kept.
final class SetAsideDatabaseTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("flick-set-aside-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    private func touch(_ name: String, _ text: String = "x") {
        XCTAssertTrue(FileManager.default.createFile(atPath: directory.appendingPathComponent(name).path, contents: Data(text.utf8)))
    }

    func testFilesAreNewestFirstWithTheirCountersAndWithoutJournals() {
        for name in ["flick.sqlite.unreadable-20261101T080000Z", "flick.sqlite.unreadable-20261101T080000Z-2",
                     "flick.sqlite.unreadable-20261101T080000Z-wal", "flick.sqlite.unreadable-20261120T080000Z",
                     "flick.sqlite.replaced-20261125T080000Z", "other.sqlite.unreadable-20261126T080000Z"] {
            touch(name)
        }
        let names = SetAsideDatabase.files(besides: directory.appendingPathComponent("flick.sqlite")).map(\.lastPathComponent)
        XCTAssertEqual(names, ["flick.sqlite.unreadable-20261120T080000Z", "flick.sqlite.unreadable-20261101T080000Z-2",
                               "flick.sqlite.unreadable-20261101T080000Z"])
    }

    func testTheNewestSoundFileIsFoundAndPutBackWithTheCurrentOneKept() throws {
        let database = directory.appendingPathComponent("flick.sqlite")
        let store = try TodoStore(databaseURL: database)
        store.close()
        try FileManager.default.moveItem(at: database, to: directory.appendingPathComponent("flick.sqlite.unreadable-20261101T080000Z"))
        touch("flick.sqlite.unreadable-20261120T080000Z", "garbage, not a database")
        touch("flick.sqlite", "the file made in its place")
        let readable = try XCTUnwrap(SetAsideDatabase.newestReadable(besides: database))
        XCTAssertEqual(readable.url.lastPathComponent, "flick.sqlite.unreadable-20261101T080000Z")
        let replaced = try XCTUnwrap(SetAsideDatabase.restore(readable.url, as: database, now: Date(timeIntervalSince1970: 1_795_000_000)))
        XCTAssertEqual(try String(contentsOf: replaced, encoding: .utf8), "the file made in its place")
        XCTAssertNotNil(SetAsideDatabase.itemCountIfSound(database))
        XCTAssertFalse(FileManager.default.fileExists(atPath: readable.url.path))
    }
}
