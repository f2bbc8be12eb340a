@preconcurrency import CGtk
import FlickCore
import Foundation
import GRDB
import XCTest
@testable import FlickUI

/// The watch of the database's write-ahead log (issue 28) tells another program's commits,
/// once each, and not Flick's own, however many pages those write.
final class ExternalWriteWatchTests: XCTestCase {
    func testAnotherConnectionsCommitIsToldAndOwnBulkWritesAreNot() throws {
        try MainActor.assumeIsolated {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flick-watch-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: directory) }
            let url = directory.appendingPathComponent("flick.sqlite")
            let store = try TodoStore(databaseURL: url)
            let list = try store.createList(name: "Test", titles: (1...2_000).map { "Item \($0)" })
            let document = try XCTUnwrap(store.document(listID: list.id))
            let watch = ExternalWriteWatch(store: store, databasePath: url.path)
            var told = 0
            watch.onExternalCommit = { told += 1 }

            // Flick's own writes: many pages of the log, no word.
            for row in document.items.prefix(300) { _ = try document.setCompleted(row.id, true) }
            XCTAssertEqual(try document.clearCompleted(), 300)
            spinMainLoop(0.3)
            XCTAssertEqual(told, 0, "Flick's own commits")

            let other = try DatabaseQueue(path: url.path)
            try other.write { db in try db.execute(sql: "UPDATE item SET title = 'Renamed elsewhere' WHERE title = 'Item 400'") }
            let deadline = g_get_monotonic_time() + 5_000_000
            while told == 0, g_get_monotonic_time() < deadline { spinMainLoop(0.02) }
            spinMainLoop(0.2)
            XCTAssertEqual(told, 1, "another connection's commit, told once")
            try other.close()
        }
    }
}
