@preconcurrency import CGtk
import XCTest
@testable import FlickUI

/// A long list's first frame has only the rows of one screen in its model; the rest come in
/// once a frame has shown rows, and then the list is whole (issue 30).
final class FirstScreenTests: XCTestCase {
    private static let longList = (1...2000).map { "Item \($0)" }

    func testTheRestOfALongListComesInAfterAFrameWithRows() throws {
        try withWindow(Self.longList) { harness in
            let list = try XCTUnwrap(harness.window.itemsPage.list)
            Self.waitForEveryRow(of: list, harness)
            XCTAssertEqual(g_list_model_get_n_items(list.model.selection), 2000, "whole after the first frames")
            list.reload()
            XCTAssertEqual(Int(g_list_model_get_n_items(list.model.selection)), GestureList.firstScreenRows,
                           "a list opened shows one screen first")
            XCTAssertLessThan(GestureList.firstScreenRows, 2000)
            // A few rows a frame while they get widgets, then the rest at once.
            Self.waitForEveryRow(of: list, harness)
            XCTAssertEqual(g_list_model_get_n_items(list.model.selection), 2000)
            XCTAssertEqual(harness.shownTitles().first, "Item 1")
            // Keyboard End reaches the last item.
            harness.select(1999)
            XCTAssertEqual(list.model.selectedPosition, 1999)
        }
    }

    /// The rows come in over frames, and a loaded machine paints fewer frames a second: a
    /// clean-clone CI run found 214 of 2,000 rows in right after the window opened.
    @MainActor private static func waitForEveryRow(of list: GestureList, _ harness: WindowHarness) {
        let end = g_get_monotonic_time() + 5_000_000
        while list.model.holdsRowsBack, g_get_monotonic_time() < end { harness.spin(0.02) }
    }

    func testAShortListIsWholeAtOnce() throws {
        try withWindow(["One", "Two", "Three"]) { harness in
            let list = try XCTUnwrap(harness.window.itemsPage.list)
            list.reload()
            XCTAssertEqual(g_list_model_get_n_items(list.model.selection), 3)
            XCTAssertFalse(list.model.holdsRowsBack)
        }
    }
}
