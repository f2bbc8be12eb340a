@preconcurrency import CGtk
import FlickCore
import XCTest
@testable import FlickUI

/// Every destination is a page of its own: the page it replaces is shut down and let go of,
/// its widgets (a list's rows, with their accessible objects) only after the frame that shows
/// the new page has been painted, since freeing them in that frame made the first opening of
/// Upcoming after a long list slower than a frame (`ListItemsLetGoLater`), and nothing keeps
/// the page itself.
final class PageLetGoTests: XCTestCase {
    func testAListsPageLeftForUpcomingIsFreedAfterTheFrameThatShowsUpcoming() throws {
        try withWindow(["Paint", "Water", "Undated"]) { harness in
            weak let left = try XCTUnwrap(harness.window.pages.shown as? ItemsPage)
            let root = try XCTUnwrap(left?.root)
            let rows = try XCTUnwrap(left?.list.boundRows.values.map(\.root))
            XCTAssertEqual(rows.count, 3)
            let freed = ([root] + rows).map(Self.watchFreeing)

            harness.window.go(to: .upcoming)
            let shown = try XCTUnwrap(harness.window.pages.shown as? ItemsPage)
            XCTAssertEqual(shown.destination, .upcoming)
            XCTAssertTrue(shown !== left, "Upcoming is a page of its own")
            XCTAssertTrue(harness.window.pages.listLevelPage === shown, "in the list level, in place of the list's")
            XCTAssertNil(gtk_widget_get_parent(root), "the stack let go of the list's page")
            XCTAssertFalse(freed.contains { $0() }, "not freed before the frame that shows Upcoming: \(freed.map { $0() })")

            harness.spin(0.3)
            XCTAssertTrue(freed.allSatisfy { $0() }, "freed once the frame was painted")
            XCTAssertNil(left, "nothing holds the page left")
        }
    }

    /// Going from a list to another, and to a search's results, leaves no page behind either.
    func testPagesLeftForAnotherListAndForSearchResultsAreFreed() throws {
        try withWindow(["Paint", "Water"]) { harness in
            let other = try harness.store.createList(name: "Other", titles: ["Glue"])
            weak let first = try XCTUnwrap(harness.window.itemsPage)
            harness.window.go(to: .list(try XCTUnwrap(other.id)))
            weak let second = try XCTUnwrap(harness.window.itemsPage)
            XCTAssertEqual(second?.destination, .list(try XCTUnwrap(other.id)))
            harness.window.activateAction("search")
            harness.spin(0.3)
            XCTAssertEqual(harness.window.itemsPage.document.scope.isSearch, true, "the results are shown")
            XCTAssertNil(first, "the first list's page is gone")
            XCTAssertNil(second, "the second list's page is gone")
        }
    }

    /// A list deleted under its page (from the overview, a sync, another program): the first
    /// list's page takes its place, shown as the gone one was, and the gone one is let go of.
    func testAListDeletedUnderItsPageHasTheFirstListsPageInItsPlace() throws {
        try withWindow(["Paint"]) { harness in
            let first = try XCTUnwrap(harness.document.list.id)
            let other = try XCTUnwrap(harness.store.createList(name: "Other", titles: ["Glue"]).id)
            harness.spin(0.3)
            harness.window.go(to: .list(other))
            weak let gone = try XCTUnwrap(harness.window.itemsPage)
            XCTAssertEqual(gone?.destination, .list(other))

            try harness.window.listsPage.document.delete(other)
            harness.spin(0.3)
            let shown = try XCTUnwrap(harness.window.pages.shown as? ItemsPage)
            XCTAssertEqual(shown.destination, .list(first), "the first list's page is shown in its place")
            XCTAssertTrue(harness.window.pages.listLevelPage === shown)
            XCTAssertEqual(shown.title, "Groceries", "the header's title is the first list's")
            XCTAssertNil(gone, "the gone list's page is let go of")
        }
    }

    /// Whether `widget` has been freed, read through a weak pointer GLib clears when it is.
    /// The pointer is left allocated: GLib may still write it after the test.
    @MainActor private static func watchFreeing(_ widget: UnsafeMutablePointer<GtkWidget>) -> () -> Bool {
        let location = UnsafeMutablePointer<gpointer?>.allocate(capacity: 1)
        location.initialize(to: UnsafeMutableRawPointer(widget))
        g_object_add_weak_pointer(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self), location)
        return { location.pointee == nil }
    }
}
