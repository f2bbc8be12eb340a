@preconcurrency import CGtk
import FlickCore
import Foundation
import XCTest
@testable import FlickUI

/// A high priority shows as an icon and tags as a line of small text after the title, without
/// making the row taller, and a screen reader hears both (issue 32); the details set them, each
/// change one undo step.
final class PriorityTagsRowTests: XCTestCase {
    @MainActor private static func descendants(of widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        var found = [widget]
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            found += descendants(of: current)
            child = gtk_widget_get_next_sibling(current)
        }
        return found
    }

    @MainActor private static func shown(_ cssClass: String, in row: RowWidget) -> UnsafeMutablePointer<GtkWidget>? {
        descendants(of: row.root).first { gtk_widget_has_css_class($0, cssClass) != 0 && gtk_widget_is_visible($0) != 0 }
    }

    func testAHighPriorityAndTagsShowInARowOfTheSameHeight() throws {
        try withWindow(["Pay rent", "Plain", "Low one"]) { harness in
            let ids = harness.document.wholeItems.map { $0.id! }
            try harness.document.update(ids[0]) {
                $0.priority = ItemPriority.high.icalendarValue
                $0.tags = ["money", "home"]
            }
            try harness.document.update(ids[2]) { $0.priority = ItemPriority.low.icalendarValue }
            harness.spin(0.3)
            let rows = try ids.map { try XCTUnwrap(harness.window.itemsPage.list.boundRows[$0]) }
            XCTAssertNotNil(Self.shown("high-priority", in: rows[0]))
            let tags = try XCTUnwrap(Self.shown("row-tags", in: rows[0]))
            XCTAssertEqual(String(cString: gtk_label_get_text(OpaquePointer(tags))), "money · home")
            XCTAssertNil(Self.shown("high-priority", in: rows[2]), "only a high priority is shown")
            XCTAssertNil(Self.shown("row-tags", in: rows[1]))
            let heights = rows.map { gtk_widget_get_height($0.root) }
            XCTAssertEqual(Set(heights).count, 1, "the marks leave the row height alone: \(heights)")
            let name = harness.window.itemsPage.content(ofRowAt: 0, drawnAt: 0, of: 3).accessibleName
            XCTAssertEqual(name, "Pay rent, not completed, high priority, tags: money, home")
        }
    }

    func testTheDetailsSetPriorityAndTagsAsUndoableSteps() throws {
        try withWindow(["Pay rent", "Water the plants"]) { harness in
            let id = harness.document.wholeItems[0].id!
            try harness.document.update(harness.document.wholeItems[1].id!) { $0.tags = ["garden", "Home"] }
            harness.window.itemsPage.showDetails(id)
            harness.spin(0.3)
            let details = try XCTUnwrap(harness.window.itemsPage.details)
            gtk_drop_down_set_selected(OpaquePointer(details.priorityEditor.root), UInt32(ItemPriority.high.rawValue))
            XCTAssertEqual(try harness.document.fields(of: id).priority, 1)

            let entry = details.tagsEditor.root
            gtk_editable_set_text(OpaquePointer(entry), "errands, ho")
            XCTAssertEqual(details.tagsEditor.suggestionTexts, ["errands, Home"], "the last tag completes from the others' tags")
            gtk_editable_set_text(OpaquePointer(entry), "errands, Q4\\, late")
            // As Enter or leaving the field does (a key press is the end-to-end tests' part).
            details.tagsEditor.save()
            XCTAssertEqual(try harness.document.fields(of: id).tags, ["errands", "Q4, late"])
            harness.spin(0.2)
            XCTAssertEqual(harness.document.item(id)?.marks, [.highPriority, .tags])

            harness.window.itemsPage.undo()
            harness.spin(0.2)
            XCTAssertEqual(try harness.document.fields(of: id).tags, [])
            XCTAssertEqual(String(cString: gtk_editable_get_text(OpaquePointer(entry))), "", "the details follow the undo")
            harness.window.itemsPage.undo()
            harness.spin(0.2)
            XCTAssertEqual(try harness.document.fields(of: id).priority, 0)
            XCTAssertEqual(gtk_drop_down_get_selected(OpaquePointer(details.priorityEditor.root)), 0)
            details.close()
            harness.spin(0.2)
        }
    }
}

/// Quick entry (issue 32): tags and a priority typed at the end of a new item's title are read
/// with its date, each its own undo step.
final class QuickEntryTests: XCTestCase {
    func testTagsPriorityAndDateAreReadAndUndoneOneAtATime() throws {
        try withWindow(["Existing"]) { harness in
            let page = try XCTUnwrap(harness.window.itemsPage)
            let id = try XCTUnwrap(page.addAtTop("Buy milk tomorrow !high #errands #Home"))
            harness.spin(0.2)
            var fields = try harness.document.fields(of: id)
            XCTAssertEqual(fields.title, "Buy milk")
            XCTAssertEqual(fields.tags, ["errands", "Home"])
            XCTAssertEqual(fields.priority, 1)
            XCTAssertNotNil(fields.due)
            XCTAssertEqual(harness.window.notice.text, "High priority, tagged errands, Home, due Tomorrow")

            var titles: [String] = []
            for _ in 0..<3 {
                page.undo()
                harness.spin(0.1)
                fields = try harness.document.fields(of: id)
                titles.append(fields.title)
            }
            XCTAssertEqual(titles, ["Buy milk tomorrow", "Buy milk tomorrow !high", "Buy milk tomorrow !high #errands #Home"])
            XCTAssertEqual(fields.tags, [])
            XCTAssertEqual(fields.priority, 0)
            XCTAssertNil(fields.due)
        }
    }

    func testMarksAloneAreATitle() throws {
        try withWindow(["Existing"]) { harness in
            let id = try XCTUnwrap(harness.window.itemsPage?.addAtTop("#home"))
            XCTAssertEqual(try harness.document.fields(of: id).title, "#home")
            XCTAssertEqual(try harness.document.fields(of: id).tags, [])
        }
    }
}
