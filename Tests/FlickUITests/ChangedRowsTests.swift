import FlickCore
import XCTest
@testable import FlickUI

/// The rows a write names are found where the whole write leaves them.
final class ChangedRowsTests: XCTestCase {
    func testAnUpdatedRowMovesWithTheRemovalsAndInsertionsAfterIt() {
        XCTAssertEqual(ChangedRows.places(after: [.updated(at: 3), .removed(at: 1), .inserted(at: 0)]), [0, 3])
    }

    func testARemovedRowIsNamedNoMore() {
        XCTAssertEqual(ChangedRows.places(after: [.inserted(at: 4), .removed(at: 4)]), [])
    }

    func testAMovedRowIsNamedAtItsNewPlace() {
        XCTAssertEqual(ChangedRows.places(after: [.updated(at: 5), .moved(from: 2, to: 7)]), [4, 7])
    }

    func testASortNamesEveryRow() {
        XCTAssertNil(ChangedRows.places(after: [.updated(at: 0), .reordered(0..<3)]))
    }
}
