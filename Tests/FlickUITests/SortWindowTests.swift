@preconcurrency import CGtk
import FlickCore
import XCTest
@testable import FlickUI

/// Sort once in the window (issue 59): the menu's action sorts the list shown, the rows follow
/// in one splice and show their items with the heat colour of their new places, the focus stays
/// on its item, the notice says the order, and Sort is greyed out where there is nothing to sort.
final class SortWindowTests: XCTestCase {
    func testSortByTitleMovesTheRowsKeepsTheFocusAndSaysSo() throws {
        let titles = (0..<60).map { "item \(($0 * 37) % 60)" }
        try withWindow(titles) { harness in
            try harness.document.setCompleted(harness.document.wholeItems[59].id!, true)
            harness.spin(0.1)
            harness.select(3)
            let focused = harness.document.items[3].id
            harness.activate("win.sort-by-title")
            let open = (0..<60).map { "item \($0)" }.filter { $0 != titles[59] }
            XCTAssertEqual(try harness.storedItems(), open + ["✓ " + titles[59]])
            XCTAssertEqual(harness.window.itemsPage.focusedItemID, focused, "the focus went with its item")
            XCTAssertEqual(harness.window.notice.text, "Sorted by title")
            Self.assertRowsShowTheirItems(harness)

            harness.activate("win.undo")
            XCTAssertEqual(try harness.storedItems(), Array(titles.dropLast()) + ["✓ " + titles[59]])
            XCTAssertEqual(harness.window.itemsPage.focusedItemID, focused)
            Self.assertRowsShowTheirItems(harness)
        }
    }

    func testSortIsGreyedOutWithFewerThanTwoOpenItems() throws {
        try withWindow(["b", "a"]) { harness in
            XCTAssertTrue(Self.isEnabled("sort-by-due-date", harness))
            XCTAssertTrue(Self.isEnabled("sort", harness))
            try harness.document.setCompleted(harness.document.wholeItems[0].id!, true)
            harness.spin(0.1)
            for name in ["sort", "sort-by-due-date", "sort-by-priority", "sort-by-title"] {
                XCTAssertFalse(Self.isEnabled(name, harness), name)
            }
            harness.activate("win.sort-by-title")
            XCTAssertEqual(try harness.storedItems(), ["✓ b", "a"], "a disabled action does nothing")
        }
    }

    @MainActor
    private static func isEnabled(_ name: String, _ harness: WindowHarness) -> Bool {
        g_action_group_get_action_enabled(OpaquePointer(harness.window.window), name) != 0
    }

    /// Every bound row shows its item, and the heat colour of its place now.
    @MainActor
    private static func assertRowsShowTheirItems(_ harness: WindowHarness, file: StaticString = #filePath, line: UInt = #line) {
        let list: GestureList = harness.window.itemsPage.list
        let items = harness.document.wholeItems
        XCTAssertFalse(list.boundRows.isEmpty, file: file, line: line)
        for (index, item) in items.enumerated() {
            guard let row = list.boundRows[item.id!] else { continue }
            XCTAssertEqual(row.shownTitle, item.title, file: file, line: line)
            let expected = list.level.content(ofRowAt: index, drawnAt: index, of: items.count).heatClass
            let classes: [String] = (0..<HeatMapStyle.classCount).map { "heat-\($0)" }
            let shown = classes.first { gtk_widget_has_css_class(row.front, $0) != 0 }
            XCTAssertEqual(shown, expected, item.title, file: file, line: line)
        }
    }
}
