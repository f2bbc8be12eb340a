import XCTest
@testable import FlickCore

/// A test case whose every test has a store of its own, on a database of its own.
class StoreTestCase: XCTestCase {
    var database: TestDatabase!
    var store: TodoStore!

    override func setUpWithError() throws {
        database = TestDatabase()
        store = try database.openStore()
    }

    override func tearDown() {
        store = nil
        database = nil
    }
}
