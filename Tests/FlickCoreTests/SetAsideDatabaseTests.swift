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

    /// Files set aside and files replaced are thinned when the daily backup is made, each kind
    /// by the backups' rule (7 days that have one, then the newest of each of 4 weeks before),
    /// with their -wal and -shm; the newest is kept however old it is.
    func testFilesSetAsideAreThinnedWithTheBackupsByTheirRule() throws {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for day in 1...31 {
            touch(String(format: "flick.sqlite.unreadable-202610%02dT080000Z", day))
            touch(String(format: "flick.sqlite.unreadable-202610%02dT080000Z-wal", day))
        }
        touch("flick.sqlite.unreadable-20261031T080000Z-2")
        touch("flick.sqlite.replaced-20250101T080000Z")
        touch("other.sqlite.unreadable-20261001T080000Z")
        let database = directory.appendingPathComponent("flick.sqlite")
        let store = try TodoStore(databaseURL: database)
        try DatabaseBackups.backUpIfDue(database, now: Date(timeIntervalSince1970: 1_795_000_000), calendar: calendar)
        store.close()
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        let kept = SetAsideDatabase.files(besides: database).map { String($0.lastPathComponent.dropFirst("flick.sqlite.unreadable-202610".count)) }
        XCTAssertEqual(kept, ["31T080000Z-2", "31T080000Z", "30T080000Z", "29T080000Z", "28T080000Z", "27T080000Z",
                              "26T080000Z", "25T080000Z", "24T080000Z", "18T080000Z", "11T080000Z", "04T080000Z"])
        XCTAssertEqual(names.filter { $0.hasPrefix("flick.sqlite.unreadable-") && $0.hasSuffix("-wal") }.count, 11,
                       "each with its log")
        XCTAssertTrue(names.contains("flick.sqlite.replaced-20250101T080000Z"), "the only replaced file stays")
        XCTAssertTrue(names.contains("other.sqlite.unreadable-20261001T080000Z"), "not Flick's")
    }
}
