import FlickCore
import Foundation
import XCTest
@testable import FlickSync

/// A test case whose every test has a store of its own, in a folder of its own, with an
/// account on a server in memory (`AccountCalendarServer`), and syncs a list with it.
class AccountSyncTestCase: XCTestCase {
    var directory: URL!
    var server: AccountCalendarServer!
    var store: TodoStore!
    var account: SyncAccount!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("flick-sync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        store = try TodoStore(databaseURL: directory.appendingPathComponent("flick.sqlite"))
        server = AccountCalendarServer()
        account = try store.addAccount(url: "http://127.0.0.1:5232", user: "alice")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    @discardableResult
    func sync(_ listID: Int64) throws -> ListSyncResult {
        let list = try XCTUnwrap(try store.syncedLists().first { $0.listID == listID })
        return try CalendarSync(store: store, server: server, localZone: ICS.berlin).sync(list)
    }
}
