@preconcurrency import CGtk
import FlickInteraction
import XCTest
@testable import FlickUI

/// Issue 13: the list view's own callbacks (`bind` above all) only show state; focus and
/// scrolling for an edited item happen once its row is laid out. On a long list, grabbing the
/// focus from `bind` made GtkListView bind again until the stack overflowed.
final class ListReentryTests: XCTestCase {
    private static let longList = (1...2000).map { "Item \($0)" }

    func testBindingTheEditedRowLeavesTheFocusAlone() throws {
        try withWindow(["a", "b", "c"]) { harness in
            let id = harness.document.wholeItems[1].id!
            let row = try XCTUnwrap(harness.window.itemsPage.list.boundRows[id])
            let focusBefore = gtk_window_get_focus(cast(harness.window.window))
            harness.window.itemsPage.list.editor.begin(.item(id), text: "b")
            harness.window.itemsPage.list.refresh(row, id: id)  // What `bind` does for the edited item.
            XCTAssertTrue(row.isEditing, "the row shows the editor")
            XCTAssertFalse(harness.window.itemsPage.list.editor.hasFocus, "what `bind` calls must not grab the focus")
            XCTAssertEqual(gtk_window_get_focus(cast(harness.window.window)), focusBefore)
            harness.spin(0.1)
            XCTAssertTrue(harness.window.itemsPage.list.editor.hasFocus, "the focus follows once the list has laid out")
        }
    }

    func testInsertFarFromTheRowsOnScreenEditsTheNewItemWithTheFocusInIt() throws {
        try withWindow(Self.longList) { harness in
            Self.scrollToEnd(harness)
            harness.window.itemsPage.list.startNewRow(at: 5)
            harness.spin(0.5)
            XCTAssertEqual(harness.window.itemsPage.list.editor.target, .newItem(at: 5))
            let row = try XCTUnwrap(harness.window.itemsPage.list.newRowWidget, "the list scrolled to the new item")
            XCTAssertTrue(row.isEditing)
            XCTAssertTrue(harness.window.itemsPage.list.editor.hasFocus, "the editor has the focus once its row is shown")
            try harness.typeIntoEditor("Inserted")
            XCTAssertEqual(try harness.storedItems()[5], "Inserted")
            XCTAssertEqual(try harness.storedItems().count, 2001)
        }
    }

    func testCtrlScrollInsertOnALongListScrolledDown() throws {
        try withWindow(Self.longList) { harness in
            let adjustment = try XCTUnwrap(gtk_scrollable_get_vadjustment(OpaquePointer(harness.window.itemsPage.list.listView)))
            gtk_adjustment_set_value(adjustment, 40_000)
            harness.spin(0.3)
            // Six wheel steps up with Ctrl, over the boundary between two rows on screen.
            let y = Double(AppStyle.rowHeight) * 2
            for step in 0..<6 {
                harness.window.itemsPage.list.driver.ctrlScroll(deltaY: -1, pointerY: y, time: 100 + Double(step) * 0.03)
                harness.spin(0.03)
            }
            harness.spin(InteractionTuning().scrollQuietS + 0.5)
            guard case let .newItem(index)? = harness.window.itemsPage.list.editor.target else {
                return XCTFail("the pinch opened a new item for typing")
            }
            XCTAssertGreaterThan(index, 600, "inserted where the pointer was, far down the list")
            XCTAssertNotNil(harness.window.itemsPage.list.newRowWidget)
            XCTAssertTrue(harness.window.itemsPage.list.editor.hasFocus)
            try harness.typeIntoEditor("Pinched")
            XCTAssertEqual(try harness.storedItems()[index], "Pinched")
        }
    }

    func testAnEditScrolledOutOfViewIsSavedNotLost() throws {
        try withWindow(Self.longList) { harness in
            harness.select(0)
            harness.activate("win.edit")
            harness.spin(0.2)
            XCTAssertNotNil(harness.window.itemsPage.list.editingID)
            XCTAssertTrue(harness.window.itemsPage.list.editor.hasFocus)
            gtk_editable_set_text(OpaquePointer(harness.window.itemsPage.list.editor.entry), "Renamed while scrolled")
            // GTK takes the focus from a row scrolled out of view: that commits, like a click
            // elsewhere, once the list's callbacks have returned.
            Self.scrollToEnd(harness)
            XCTAssertFalse(harness.window.isEditing)
            XCTAssertEqual(try harness.storedItems().first, "Renamed while scrolled")
            XCTAssertEqual(try harness.storedItems().count, 2000)
        }
    }

    func testWhatAListCallbackAsksOfTheListWaitsUntilItHasReturned() throws {
        try withWindow(["a", "b", "c"]) { harness in
            let window = harness.window
            let id = harness.document.wholeItems[2].id!
            let selectedBefore = window.itemsPage.list.model.selectedPosition
            window.itemsPage.list.listGuard.run {
                window.itemsPage.focus(id)
                window.itemsPage.list.startEditing(id)
                XCTAssertEqual(window.itemsPage.list.model.selectedPosition, selectedBefore, "nothing selected from inside the callback")
                XCTAssertFalse(window.isEditing, "nor an edit started")
            }
            harness.spin(0.2)
            XCTAssertEqual(window.itemsPage.list.model.selectedPosition, 2)
            XCTAssertEqual(window.itemsPage.list.editingID, id)
            XCTAssertTrue(window.itemsPage.list.editor.hasFocus)
        }
    }

    func testScrollingClosesAMenuThatHasTheFocusAndTheFocusReturnsToItsRow() throws {
        try withWindow(Self.longList) { harness in
            let id = harness.document.wholeItems[1].id!
            harness.select(1)
            harness.activate("win.open-menu")  // From the keyboard: the focus goes into the menu.
            harness.spin(0.6)
            let row = try XCTUnwrap(harness.window.itemsPage.list.boundRows[id])
            XCTAssertEqual(row.back?.containsFocus, true)
            // The adjustment's value-changed is the list's own callback: the menu closes there,
            // and the focus comes back once it has returned.
            let adjustment = try XCTUnwrap(gtk_scrollable_get_vadjustment(OpaquePointer(harness.window.itemsPage.list.listView)))
            gtk_adjustment_set_value(adjustment, 30)
            harness.spin(0.8)
            XCTAssertNil(harness.window.itemsPage.list.driver.controller.openItem)
            XCTAssertNil(row.back)
            XCTAssertEqual(harness.window.itemsPage.focusedItemID, id)
        }
    }

    @MainActor private static func scrollToEnd(_ harness: WindowHarness) {
        let adjustment = gtk_scrollable_get_vadjustment(OpaquePointer(harness.window.itemsPage.list.listView))!
        for _ in 0..<5 {  // The list's height is estimated until rows are measured.
            gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
            harness.spin(0.1)
        }
    }
}
