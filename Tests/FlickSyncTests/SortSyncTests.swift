import FlickCore
import Foundation
import XCTest
@testable import FlickSync

/// A sort (issue 59) changes the order of many tasks at once: one sync sends every task that
/// moved, each with its new X-APPLE-SORT-ORDER, so the server's order is the sorted order; its
/// undo goes back the same way.
final class SortSyncTests: AccountSyncTestCase {
    private let url = "http://127.0.0.1:5232/alice/work/"
    private var listID: Int64 = 0

    override func setUpWithError() throws {
        try super.setUpWithError()
        listID = try store.createList(name: "Work", titles: ["Pay rent", "Call Anna", "Water plants", "Buy milk", "Read"]).id!
        try store.linkList(listID, accountID: account.id, url: url)
        try sync()
    }

    @discardableResult
    private func sync() throws -> ListSyncResult {
        try sync(listID)
    }

    /// The titles on the server in the order of their X-APPLE-SORT-ORDER.
    private func serverOrder() -> [String] {
        let tasks = server.calendar(url).resources.values.map { resource -> (order: Int64, title: String) in
            let lines = resource.text.components(separatedBy: "\r\n")
            func value(_ name: String) -> String {
                lines.first { $0.hasPrefix(name + ":") }.map { String($0.dropFirst(name.count + 1)) } ?? ""
            }
            return (Int64(value("X-APPLE-SORT-ORDER")) ?? .min, value("SUMMARY"))
        }
        return tasks.sorted { $0.order < $1.order }.map(\.title)
    }

    func testOneSyncSendsEveryMovedTaskWithItsNewSortOrder() throws {
        let document = try XCTUnwrap(try store.document(listID: listID))
        XCTAssertTrue(try document.sortOpenItems(by: .title(collation: Locale(identifier: "en_US"))))
        // Of Buy milk, Call Anna, Pay rent, Read and Water plants, two in a row whose sort orders
        // still climb keep theirs (no three do): the other three are sent.
        XCTAssertEqual(try sync().sent, 3)
        XCTAssertEqual(serverOrder(), ["Buy milk", "Call Anna", "Pay rent", "Read", "Water plants"])
        XCTAssertEqual(try store.outboxCount(), 0)

        try document.undo()
        XCTAssertEqual(try sync().sent, 3)
        XCTAssertEqual(serverOrder(), ["Pay rent", "Call Anna", "Water plants", "Buy milk", "Read"])
        XCTAssertEqual(try sync().sent, 0, "nothing left to send")
    }
}
