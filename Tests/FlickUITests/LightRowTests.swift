@preconcurrency import CGtk
import XCTest
@testable import FlickUI

/// Rows are light (DESIGN 2.8): a row that is only shown holds its slide box and its label;
/// the back view and the editor go to the rows that need them, and come back.
final class LightRowTests: XCTestCase {
    /// The widgets under `widget`, itself included.
    @MainActor private static func descendants(of widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        var found = [widget]
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            found += descendants(of: current)
            child = gtk_widget_get_next_sibling(current)
        }
        return found
    }

    func testAShownRowIsASlideBoxWithALabel() throws {
        try withWindow((1...60).map { "Item \($0)" }) { harness in
            XCTAssertFalse(harness.window.itemsPage.list.boundRows.isEmpty)
            for row in harness.window.itemsPage.list.boundRows.values {
                let widgets = Self.descendants(of: row.root)
                XCTAssertEqual(widgets.count, 3, "slide box, front box, label")
                XCTAssertNil(row.back)
                XCTAssertFalse(row.isEditing)
            }
            XCTAssertEqual(harness.window.itemsPage.list.backViews.madeCount, 0, "no back view before a row slides")
        }
    }

    func testTheBackViewComesForTheOpenRowAndGoesWhenItCloses() throws {
        try withWindow(["a", "b", "c"]) { harness in
            let id = harness.document.wholeItems[1].id!
            harness.window.itemsPage.list.driver.openMenu(id, fromKeyboard: false)
            harness.spin(0.6)
            let row = try XCTUnwrap(harness.window.itemsPage.list.boundRows[id])
            let back = try XCTUnwrap(row.back, "the open row has its menu")
            XCTAssertEqual(gtk_widget_get_visible(back.root), 1)
            XCTAssertEqual(gtk_widget_get_parent(back.root), row.root)
            for other in harness.document.wholeItems where other.id != id {
                XCTAssertNil(harness.window.itemsPage.list.boundRows[other.id!]?.back, "closed rows have none")
            }
            harness.window.itemsPage.list.driver.closeMenu()
            harness.spin(0.8)
            XCTAssertNil(row.back, "given back once closed")
            XCTAssertNil(gtk_widget_get_parent(back.root), "and out of the row, so nothing reaches its buttons")
            // The next row to open reuses it.
            harness.window.itemsPage.list.driver.openMenu(harness.document.wholeItems[2].id!, fromKeyboard: false)
            harness.spin(0.6)
            XCTAssertEqual(harness.window.itemsPage.list.backViews.madeCount, 1)
        }
    }

    func testTheOneEditorMovesToTheEditedRowAndLeavesIt() throws {
        try withWindow(["a", "b"]) { harness in
            harness.select(1)
            harness.activate("win.edit")
            harness.spin(0.1)
            let row = try XCTUnwrap(harness.window.itemsPage.list.boundRows[harness.document.wholeItems[1].id!])
            XCTAssertTrue(row.isEditing)
            XCTAssertEqual(harness.window.itemsPage.list.editor.host, row.front)
            XCTAssertEqual(Self.descendants(of: row.root).filter { gtk_widget_get_visible($0) != 0 }.count,
                           2 + Self.descendants(of: harness.window.itemsPage.list.editor.entry).count, "the label hidden, the entry shown")
            try harness.typeIntoEditor("B")
            XCTAssertFalse(row.isEditing)
            XCTAssertNil(harness.window.itemsPage.list.editor.host)
            XCTAssertEqual(row.shownTitle, "B")
        }
    }
}
