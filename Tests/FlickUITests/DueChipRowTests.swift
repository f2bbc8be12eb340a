@preconcurrency import CGtk
import FlickCore
import Foundation
import XCTest
@testable import FlickUI

/// A row shows its item's due date as a chip (overdue ones as a warning) and icons for notes,
/// a reminder and repeating, without changing the row's height; rows without any stay light.
final class DueChipRowTests: XCTestCase {
    @MainActor private static func descendants(of widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        var found = [widget]
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            found += descendants(of: current)
            child = gtk_widget_get_next_sibling(current)
        }
        return found
    }

    @MainActor private static func chip(in row: RowWidget) -> UnsafeMutablePointer<GtkWidget>? {
        Self.descendants(of: row.root).first { gtk_widget_has_css_class($0, "due-chip") != 0 && gtk_widget_get_visible($0) != 0 }
    }

    private static func day(_ offset: Int) -> DueDate {
        let date = Calendar.current.date(byAdding: .day, value: offset, to: Date())!
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: date)
        return DueDate(year: parts.year!, month: parts.month!, day: parts.day!)
    }

    func testChipsMarksAndAnUnchangedRowHeight() throws {
        try withWindow(["Overdue", "Tomorrow", "Plain"]) { harness in
            let ids = harness.document.wholeItems.map { $0.id! }
            try harness.document.update(ids[0]) {
                $0.due = Self.day(-1)
                $0.notes = "a note"
            }
            try harness.document.update(ids[1]) {
                $0.due = Self.day(1)
                $0.repeatRule = RepeatRule(frequency: .weekly)
            }
            harness.spin(0.3)
            let rows = try ids.map { try XCTUnwrap(harness.window.itemsPage.list.boundRows[$0]) }

            let overdue = try XCTUnwrap(Self.chip(in: rows[0]))
            XCTAssertEqual(String(cString: gtk_label_get_text(OpaquePointer(overdue))), "Yesterday")
            XCTAssertEqual(gtk_widget_has_css_class(overdue, "overdue"), 1, "an overdue date is a warning")
            let tomorrow = try XCTUnwrap(Self.chip(in: rows[1]))
            XCTAssertEqual(String(cString: gtk_label_get_text(OpaquePointer(tomorrow))), "Tomorrow")
            XCTAssertEqual(gtk_widget_has_css_class(tomorrow, "overdue"), 0)
            XCTAssertNil(Self.chip(in: rows[2]))

            let shownIcons = { (row: RowWidget) in
                Self.descendants(of: row.root).filter { String(cString: gtk_widget_get_css_name($0)) == "image" && gtk_widget_is_visible($0) != 0 }.count
            }
            XCTAssertEqual(shownIcons(rows[0]), 1, "the notes icon")
            XCTAssertEqual(shownIcons(rows[1]), 1, "the repeat icon")
            XCTAssertEqual(Self.descendants(of: rows[2].root).count, 3, "a plain row stays a slide box, a box and a label")

            let heights = rows.map { gtk_widget_get_height($0.root) }
            XCTAssertEqual(Set(heights).count, 1, "chips and icons leave the row height alone: \(heights)")

            try harness.document.setCompleted(ids[0], true)
            harness.spin(0.2)
            XCTAssertEqual(gtk_widget_has_css_class(try XCTUnwrap(Self.chip(in: rows[0])), "overdue"), 0,
                           "a completed item is not overdue")
        }
    }
}
