import GRDB
import XCTest
@testable import FlickCore

/// The database names the release that last wrote it (issue 74, point 5): recorded when a
/// Flick of another release opens it for writing, never by a read.
final class FlickReleaseTests: XCTestCase {
    private func lastWriter(_ url: URL) throws -> String? {
        try DatabaseQueue(path: url.path).read(FlickRelease.lastWriter)
    }

    func testAnOpeningForWritingRecordsTheReleaseAndAReadDoesNot() throws {
        let db = TestDatabase()
        _ = try db.openStore()
        XCTAssertEqual(try lastWriter(db.url), FlickRelease.version)

        let older = try DatabaseQueue(path: db.url.path)
        try older.write { try $0.execute(sql: "UPDATE setting SET value = '0.1.0' WHERE key = 'written-by'") }
        try older.close()
        _ = try ListSnapshot.lists(databaseURL: db.url)
        XCTAssertEqual(try lastWriter(db.url), "0.1.0", "a read is not a write")

        _ = try TodoStore(databaseURL: db.url)
        XCTAssertEqual(try lastWriter(db.url), FlickRelease.version, "written again by this release")
    }
}
