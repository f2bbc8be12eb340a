@preconcurrency import CGtk
import FlickCore
import GRDB
import XCTest
@testable import FlickUI

/// Every way the window goes anywhere is a `Destination` taken by `MainWindow.go(to:)` (issue
/// 56), and each page says which one it shows: going somewhere lands on a page that says so.
final class DestinationTests: XCTestCase {
    /// "Book" made a subtask of "Plan", as another writer would; the list takes it in.
    @MainActor private static func makeSubtask(_ harness: WindowHarness) throws -> (plan: Int64, book: Int64) {
        let (plan, book) = (harness.document.wholeItems[0], harness.document.wholeItems[1])
        try harness.store.queue.write { db in
            try db.execute(sql: "UPDATE item SET parent_uid = (SELECT uid FROM item WHERE id = ?) WHERE id = ?",
                           arguments: [plan.id, book.id])
        }
        harness.spin(0.2)
        return (plan.id!, book.id!)
    }

    /// Reads of the lists fail, as on a file that cannot be read, until the returned closure
    /// runs: a temporary view over no table stands in for them on the store's connection.
    @MainActor private static func failListReads(_ harness: WindowHarness) throws -> () throws -> Void {
        try harness.store.queue.inDatabase { db in try db.execute(sql: "CREATE TEMP VIEW list AS SELECT * FROM no_such_table") }
        return { try harness.store.queue.inDatabase { db in try db.execute(sql: "DROP VIEW temp.list") } }
    }

    @MainActor private static func clickRetry(_ harness: WindowHarness) throws {
        func descendants(_ widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
            var found = [widget]
            var child = gtk_widget_get_first_child(widget)
            while let current = child {
                found += descendants(current)
                child = gtk_widget_get_next_sibling(current)
            }
            return found
        }
        let button = try XCTUnwrap(descendants(harness.window.runner.problemNotice.root).first { widget in
            guard g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(widget)), gtk_button_get_type()) != 0,
                  gtk_widget_get_visible(widget) != 0, let label = gtk_button_get_child(cast(widget)),
                  g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(label)), gtk_label_get_type()) != 0 else { return false }
            return String(cString: gtk_label_get_text(OpaquePointer(label))) == "Retry"
        }, "a Retry button")
        gtk_widget_activate(button)  // GTK clicks an activated button a moment later.
        harness.spin(0.5)
    }

    func testEachDestinationIsThePageShownThere() throws {
        try withWindow(["Plan", "Book"]) { harness in
            let window = harness.window
            let listID = try XCTUnwrap(harness.document.list.id)
            let (plan, _) = try Self.makeSubtask(harness)
            XCTAssertEqual(window.pages.shown.destination, .list(listID), "the window opens on a list")

            window.go(to: .subtasks(of: plan, titled: "Plan"))
            harness.spin(0.5)
            XCTAssertEqual(window.pages.depth, 2)
            XCTAssertEqual(window.pages.shown.destination, .subtasks(of: plan, titled: "Plan"))
            XCTAssertEqual(gtk_window_get_title(cast(window.window)).map { String(cString: $0) }, "Plan")

            window.go(to: .overview)
            harness.spin(0.5)
            XCTAssertEqual(window.pages.shown.destination, .overview, "the overview, from any depth")
            XCTAssertEqual(window.listsPage.focusedListID, listID, "the list's row focused")

            window.go(to: .today)
            harness.spin(0.5)
            XCTAssertEqual(window.pages.shown.destination, .today)

            window.go(to: .list(listID))
            harness.spin(0.5)
            XCTAssertEqual(window.pages.shown.destination, .list(listID))
        }
    }

    func testASearchResultThatIsASubtaskOpensAtItsLevelFromTheOverview() throws {
        try withWindow(["Plan", "Book"]) { harness in
            let window = harness.window
            let listID = try XCTUnwrap(harness.document.list.id)
            let (plan, book) = try Self.makeSubtask(harness)
            window.go(to: .overview)
            harness.spin(0.5)

            window.go(to: .searchResult(book, inList: listID))
            harness.spin(0.5)
            XCTAssertEqual(window.pages.shown.destination, .subtasks(of: plan, titled: "Plan"))
            XCTAssertEqual(window.pages.shownList?.focusedID, book, "the result has the focus")
        }
    }

    /// A search result whose list opened but whose item's level could not be read: Retry goes
    /// to the result again, the whole way, and the result has the focus (not the level's first
    /// row, as going to the subtasks alone would).
    func testRetryGoesToTheWholeSearchResultAgain() throws {
        try withWindow(["Plan", "Book", "Pack"]) { harness in
            let window = harness.window
            let listID = try XCTUnwrap(harness.document.list.id)
            let pack = harness.document.wholeItems[2].id!
            let (plan, _) = try Self.makeSubtask(harness)
            try harness.store.queue.write { db in
                try db.execute(sql: "UPDATE item SET parent_uid = (SELECT uid FROM item WHERE id = ?) WHERE id = ?",
                               arguments: [plan, pack])
            }
            harness.spin(0.2)
            window.go(to: .overview)
            harness.spin(0.5)

            let allowReads = try Self.failListReads(harness)
            window.go(to: .searchResult(pack, inList: listID))
            harness.spin(0.5)
            XCTAssertTrue(window.runner.problemNotice.isShown, "the failed read is told")
            XCTAssertEqual(window.pages.shown.destination, .list(listID), "the list opened, not the subtasks")
            try allowReads()
            try Self.clickRetry(harness)
            XCTAssertFalse(window.runner.problemNotice.isShown)
            XCTAssertEqual(window.pages.shown.destination, .subtasks(of: plan, titled: "Plan"))
            XCTAssertEqual(window.pages.shownList?.focusedID, pack, "the result has the focus")
        }
    }

    /// A row lifted and held over the back button goes up with the stack (issue 8); put back,
    /// it returns to the list it was carried from.
    func testACarryPutBackReturnsToItsList() throws {
        try withWindow(["Plan", "Book"]) { harness in
            let window = harness.window
            let listID = try XCTUnwrap(harness.document.list.id)
            window.pages.carryUp()
            harness.spin(0.5)
            XCTAssertEqual(window.pages.shown.destination, .overview)
            XCTAssertFalse(window.pages.dropCarried(harness.document.wholeItems[0].id!, atWindowX: -10, y: -10),
                           "dropped on no list")
            window.pages.carryCancelled()
            harness.spin(0.5)
            XCTAssertEqual(window.pages.shown.destination, .list(listID))
        }
    }
}
