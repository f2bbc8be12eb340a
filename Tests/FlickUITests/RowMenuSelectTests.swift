@preconcurrency import CGtk
import FlickCore
import XCTest
@testable import FlickUI

/// The row menu's Select (issue 60): it starts selection with the row in it and closes the
/// menu; at a phone's width it takes Edit's place, so the menu stays within a 360 px row.
final class RowMenuSelectTests: XCTestCase {
    /// The menu's buttons shown, by their names (each button's tooltip is its label).
    @MainActor private static func shownButtons(of back: RowBackView) -> [String] {
        var names: [String] = []
        var child = gtk_widget_get_first_child(back.menu)
        while let button = child {
            if gtk_widget_get_visible(button) != 0 { names.append(gtk_widget_get_tooltip_text(button).map { String(cString: $0) } ?? "") }
            child = gtk_widget_get_next_sibling(button)
        }
        return names
    }

    func testAtAPhonesWidthSelectTakesEditsPlaceAndTheMenuFitsA360PxRow() throws {
        try withWindow(["a"]) { _ in
            let back = RowBackView(menu: .items)
            back.show(rowID: 1, isCompleted: false, postponeWord: "Tomorrow")
            back.setNarrow(false)
            XCTAssertEqual(Self.shownButtons(of: back), ["Complete", "Postpone", "Edit", "Details", "Subtasks",
                                                         "Move to Another List", "Delete"],
                           "a wider window's menu as it was: a drag past it postpones where it did")
            back.setNarrow(true)
            XCTAssertEqual(Self.shownButtons(of: back), ["Complete", "Postpone", "Details", "Subtasks", "Select",
                                                         "Move to Another List", "Delete"])
            // Seven buttons are what a 360 px row holds at 44 px (AppStyle.phoneCSS): the count is
            // the check here. Out of a window the menu measures wider than in one (374 px, 350
            // in a 360 px window's row); test_phone_size looks at it in one.
            back.setNarrow(false)
            XCTAssertEqual(Self.shownButtons(of: back).count, 7, "back at a wider window")
            XCTAssertFalse(Self.shownButtons(of: back).contains("Select"))
        }
    }

    func testSelectStartsSelectionWithTheRowAndClosesTheMenu() throws {
        try withWindow(["a", "b", "c"]) { harness in
            let page = harness.window.itemsPage!
            let b = try XCTUnwrap(harness.document.wholeItems.first { $0.title == "b" }?.id)
            page.list.driver.openMenu(b, fromKeyboard: true)
            harness.spin(0.1)
            XCTAssertEqual(page.list.driver.controller.openItem, b)
            g_action_group_activate_action(OpaquePointer(harness.window.window), "select-item", g_variant_new_int64(gint64(b)))
            harness.spin(0.1)
            XCTAssertEqual(page.selection.ids, [b])
            XCTAssertNil(page.list.driver.controller.openItem, "the menu closed")
            XCTAssertNotNil(page.selectionBar, "the header shows the selection")
            g_action_group_activate_action(OpaquePointer(harness.window.window), "select-item", g_variant_new_int64(gint64(b)))
            harness.spin(0.1)
            XCTAssertEqual(page.selection.ids, [b], "Select on a selected row keeps it")
        }
    }

    func testSelectIsGreyedOutInUpcomingWhoseRowsAreNotSelected() throws {
        try withWindow(["a"]) { harness in
            let enabled = { g_action_group_get_action_enabled(OpaquePointer(harness.window.window), "select-item") != 0 }
            XCTAssertTrue(enabled(), "a list's rows are selected")
            harness.window.go(to: .upcoming)
            harness.spin(0.1)
            XCTAssertFalse(enabled(), "Upcoming's are not: its menu's Select does nothing")
            harness.window.go(to: .overview)
            harness.window.go(to: .today)
            harness.spin(0.1)
            XCTAssertTrue(enabled(), "Today's are")
        }
    }
}
