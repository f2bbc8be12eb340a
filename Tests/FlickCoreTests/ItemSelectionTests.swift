import XCTest
@testable import FlickCore

/// The selection of a list level (issue 60): ids, Shift's stretch from the anchor, and the
/// items that vanish dropped.
final class ItemSelectionTests: XCTestCase {
    private let order: [Int64] = [10, 20, 30, 40, 50]

    func testToggleSelectsAndLeavesOutAndSetsTheAnchor() {
        var selection = ItemSelection()
        selection.toggle(30)
        selection.toggle(50)
        XCTAssertEqual(selection.ids, [30, 50])
        selection.toggle(30)
        XCTAssertEqual(selection.ids, [50])
        XCTAssertEqual(selection.anchor, 30)
    }

    func testExtendingAgainFromTheAnchorReplacesItsStretch() {
        var selection = ItemSelection()
        selection.toggle(20)
        selection.extend(to: 40, in: order)
        XCTAssertEqual(selection.ordered(in: order), [20, 30, 40])
        selection.extend(to: 30, in: order)
        XCTAssertEqual(selection.ordered(in: order), [20, 30], "Shift+Down twice then Shift+Up: one row less")
        selection.extend(to: 10, in: order)
        XCTAssertEqual(selection.ordered(in: order), [10, 20], "past the anchor the stretch turns round")
    }

    func testExtendingKeepsWhatWasToggledBeforeTheAnchor() {
        var selection = ItemSelection()
        selection.toggle(50)
        selection.toggle(10)
        selection.extend(to: 30, in: order)
        XCTAssertEqual(selection.ordered(in: order), [10, 20, 30, 50])
    }

    func testExtendingWithoutAnAnchorSelectsThatRowAndAnchorsThere() {
        var selection = ItemSelection()
        selection.extend(to: 40, in: order)
        XCTAssertEqual(selection.ids, [40])
        XCTAssertEqual(selection.anchor, 40)
        selection.extend(to: 50, in: order)
        XCTAssertEqual(selection.ordered(in: order), [40, 50])
    }

    func testVanishedItemsAreDroppedAndTheirAnchorWithThem() {
        var selection = ItemSelection()
        selection.select([10, 20, 30])
        selection.toggle(40)
        XCTAssertFalse(selection.keepOnly { _ in true }, "nothing gone, nothing changed")
        XCTAssertTrue(selection.keepOnly { $0 != 20 && $0 != 40 })
        XCTAssertEqual(selection.ids, [10, 30])
        XCTAssertNil(selection.anchor)
        selection.extend(to: 50, in: order)
        XCTAssertEqual(selection.ordered(in: order), [10, 30, 50], "a gone anchor: the row alone is added")
    }

    func testClearEndsIt() {
        var selection = ItemSelection()
        selection.select([10, 20])
        selection.clear()
        XCTAssertTrue(selection.isEmpty)
        XCTAssertNil(selection.anchor)
    }
}
