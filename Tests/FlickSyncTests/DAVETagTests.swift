import XCTest
@testable import FlickSync

final class DAVETagTests: XCTestCase {
    func testKeepsTheTagAsGivenAndTellsWeakFromStrong() {
        let strong = DAVETag("\"8d28dd7a\"")
        XCTAssertEqual(strong.text, "\"8d28dd7a\"")
        XCTAssertFalse(strong.isWeak)
        XCTAssertTrue(strong.isQuoted)
        let weak = DAVETag("W/\"8d28dd7a\"")
        XCTAssertTrue(weak.isWeak)
        XCTAssertTrue(weak.isQuoted)
        XCTAssertNotEqual(weak, strong, "compared as given, byte for byte")
    }

    func testBareTagsAreKeptButFlagged() {
        let bare = DAVETag("8d28dd7a")
        XCTAssertFalse(bare.isWeak)
        XCTAssertFalse(bare.isQuoted)
        XCTAssertFalse(DAVETag("\"").isQuoted)
    }
}
