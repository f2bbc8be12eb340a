import XCTest
@testable import FlickUI

/// tr's `{name}` placeholders are filled in one pass: a title or list name is shown as it is,
/// even when it holds another placeholder's name (issue 11: nothing in the database is
/// interpreted).
final class PlaceholderTests: XCTestCase {
    func testAValueHoldingAnotherPlaceholderIsNotFilledAgain() {
        // Filled one placeholder after the other, one value went into the other, in either order.
        XCTAssertEqual(filling("Moved “{title}” to {list}", with: ["title": "{list}", "list": "{title}"]),
                       "Moved “{list}” to {title}")
        XCTAssertEqual(filling("{name}, {state}", with: ["name": "{state}", "state": "3 unfinished items"]),
                       "{state}, 3 unfinished items")
    }

    func testBracesThatAreNoPlaceholderStay() {
        XCTAssertEqual(filling("{a} {b} { {", with: ["a": "1"]), "1 {b} { {")
        XCTAssertEqual(filling("{{a}}", with: ["a": "x"]), "{x}")
        XCTAssertEqual(filling("no placeholders", with: [:]), "no placeholders")
    }
}
