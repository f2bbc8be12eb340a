@preconcurrency import CGtk
import FlickCore
import XCTest
@testable import FlickUI

/// A list given a new model (Upcoming after a list) keeps the old model's list items alive
/// until the frame that shows the new one has been painted (`ListItemsLetGoLater`): freeing
/// them in that frame was what made the first opening of Upcoming after a long list slower
/// than a frame. GTK tears them down at once all the same, so their rows are the new model's.
final class ListItemsLetGoLaterTests: XCTestCase {
    func testAListsListItemsAreFreedOnlyAfterTheFrameThatShowsTheNextModel() throws {
        try withWindow(["Paint", "Water", "Undated"]) { harness in
            let page = try XCTUnwrap(harness.window.pages.shown as? ItemsPage)
            let ids = harness.document.wholeItems.map { $0.id! }
            let rows = try ids.map { try XCTUnwrap(page.list.boundRows[$0]) }
            let listItemWidgets = try rows.map { try XCTUnwrap(gtk_widget_get_parent($0.root)) }
            let freed = listItemWidgets.map(Self.watchFreeing)

            harness.window.go(to: .upcoming)
            XCTAssertEqual(page.destination, .upcoming)
            XCTAssertTrue(listItemWidgets.allSatisfy { gtk_widget_get_parent($0) == nil }, "the list view let go of them")
            XCTAssertFalse(freed.contains { $0() }, "not freed before the frame that shows Upcoming")
            XCTAssertTrue(ids.allSatisfy { page.list.boundRows[$0] == nil })
            XCTAssertTrue(rows.allSatisfy { row in page.list.boundRows.values.contains { $0 === row } },
                          "the rows, torn down by GTK at once, are Upcoming's headings now")

            harness.spin(0.3)
            XCTAssertTrue(freed.allSatisfy { $0() }, "freed once the frame was painted")
            harness.window.go(to: .list(harness.document.list.id!))
            harness.spin(0.3)
            XCTAssertEqual(ids.compactMap { page.list.boundRows[$0]?.shownTitle }, ["Paint", "Water", "Undated"])
        }
    }

    /// A window closed before the frame that would let go (a reload, then the window closed at
    /// once) lets go without a GLib message: GDK had dropped the after-paint handler with the
    /// window's frame clock, and disconnecting it again was a warning with GLib 2.74 and a
    /// CRITICAL with 2.84, the end of `make check` there.
    func testAWindowClosedBeforeItsNextFrameLetsGoWithoutAGLibMessage() throws {
        try MainActor.assumeIsolated {
            let harness = try WindowHarness(titles: ["One", "Two", "Three"])
            let list = try XCTUnwrap(harness.window.itemsPage.list)
            Self.gobjectMessages = 0
            let levels = GLogLevelFlags(rawValue: G_LOG_LEVEL_WARNING.rawValue | G_LOG_LEVEL_CRITICAL.rawValue)
            let handler = g_log_set_handler("GLib-GObject", levels, { _, _, _, _ in
                ListItemsLetGoLaterTests.gobjectMessages += 1
            }, nil)
            defer { g_log_remove_handler("GLib-GObject", handler) }
            list.reload()
            harness.close()
            XCTAssertEqual(Self.gobjectMessages, 0, "no GLib-GObject warning or critical")
        }
    }

    /// GLib-GObject's warnings and criticals since the test above began to count them.
    nonisolated(unsafe) private static var gobjectMessages = 0

    /// Whether `widget` has been freed, read through a weak pointer GLib clears when it is.
    /// The pointer is left allocated: GLib may still write it after the test.
    @MainActor private static func watchFreeing(_ widget: UnsafeMutablePointer<GtkWidget>) -> () -> Bool {
        let location = UnsafeMutablePointer<gpointer?>.allocate(capacity: 1)
        location.initialize(to: UnsafeMutableRawPointer(widget))
        g_object_add_weak_pointer(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self), location)
        return { location.pointee == nil }
    }
}
