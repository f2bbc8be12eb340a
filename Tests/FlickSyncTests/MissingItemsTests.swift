import XCTest
@testable import FlickSync

/// When the items a calendar no longer has are held for the user's answer instead of removed.
final class MissingItemsTests: XCTestCase {
    func testMostOfTheListGoneAtOnceIsHeld() {
        XCTAssertTrue(MissingItems.isForgetting(missing: 60, known: 60))
        XCTAssertTrue(MissingItems.isForgetting(missing: 59, known: 60))
        XCTAssertTrue(MissingItems.isForgetting(missing: 3, known: 5))
        XCTAssertTrue(MissingItems.isForgetting(missing: 3, known: 3))
    }

    func testOrdinaryDeletionsAreNot() {
        XCTAssertFalse(MissingItems.isForgetting(missing: 0, known: 0))
        XCTAssertFalse(MissingItems.isForgetting(missing: 2, known: 2), "one or two, whatever the list's size")
        XCTAssertFalse(MissingItems.isForgetting(missing: 30, known: 60), "half is not most")
        XCTAssertFalse(MissingItems.isForgetting(missing: 2, known: 10))
    }
}
