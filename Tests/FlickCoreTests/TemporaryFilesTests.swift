import XCTest
@testable import FlickCore

/// A bulk edit keeps SQLite's statement journals in memory: by default each statement that
/// changes more than 64 KiB of pages inside a transaction copies them to a file in /var/tmp,
/// two write calls a page, about 1,800 calls for a Clear Completed at 10,000 items (issue 30).
final class TemporaryFilesTests: XCTestCase {
    func testAClearCompletedAndItsUndoCreateNoTemporaryFile() throws {
        let directory = try XCTUnwrap(CreatedFilesWatch.sqliteTemporaryDirectory())
        let db = TestDatabase()
        let (_, document) = try db.document((1...3_000).map { "Item number \($0) with a title of some length" })
        for (index, row) in document.items.enumerated() where index % 3 == 0 {
            _ = try document.setCompleted(row.id, true)
        }
        let watch = try CreatedFilesWatch(directory: directory)

        XCTAssertEqual(try document.clearCompleted(), 1_000)
        _ = try document.undo()
        XCTAssertEqual(document.items.count, 3_000, "the undo put the items back")

        let temporary = watch.createdNames().filter { $0.hasPrefix("etilqs_") }
        XCTAssertEqual(temporary, [], "SQLite's temporary files in \(directory)")
    }
}
