@preconcurrency import CGtk
import FlickCore
import GRDB
import XCTest
@testable import FlickUI

/// The problem notice of a change that could not be saved stays, with its Retry, until the
/// user dismisses it or a change is saved: what another writer commits meanwhile (a sync, a
/// reminder's Complete, another Flick), which the open list takes in, is no change of the user's.
final class ProblemNoticeTests: XCTestCase {
    @MainActor private static func descendants(of widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        var found = [widget]
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            found += descendants(of: current)
            child = gtk_widget_get_next_sibling(current)
        }
        return found
    }

    /// Clicks the notice's button whose label reads `text`.
    @MainActor private static func click(_ text: String, in harness: WindowHarness) throws {
        let button = try XCTUnwrap(Self.descendants(of: harness.window.runner.problemNotice.root).first { widget in
            guard g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(widget)), gtk_button_get_type()) != 0,
                  gtk_widget_get_visible(widget) != 0, let label = gtk_button_get_child(cast(widget)),
                  g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(label)), gtk_label_get_type()) != 0 else { return false }
            return String(cString: gtk_label_get_text(OpaquePointer(label))) == text
        }, "a \(text) button")
        gtk_widget_activate(button)  // GTK clicks an activated button a moment later.
        harness.spin(0.5)
    }

    /// Every write to an item fails, as on a disk that refuses it, until the returned closure runs.
    @MainActor private static func refuseItemWrites(_ harness: WindowHarness) throws -> () throws -> Void {
        try harness.store.queue.inDatabase { db in
            try db.execute(sql: "CREATE TEMP TRIGGER refuse BEFORE UPDATE ON main.item BEGIN SELECT RAISE(ABORT, 'refused'); END")
        }
        return { try harness.store.queue.inDatabase { db in try db.execute(sql: "DROP TRIGGER temp.refuse") } }
    }

    @MainActor private static func storedCompleted(_ harness: WindowHarness, _ id: Int64) throws -> Bool? {
        try harness.store.queue.read { db in try Bool.fetchOne(db, sql: "SELECT completed FROM item WHERE id = ?", arguments: [id]) }
    }

    func testAnotherWritersCommitBeforeRetryLeavesTheNoticeAndRetryCompletesTheItem() throws {
        try withWindow(["a", "b"]) { harness in
            let (a, b) = (harness.document.wholeItems[0].id!, harness.document.wholeItems[1].id!)
            let allowWrites = try Self.refuseItemWrites(harness)
            harness.window.itemsPage.toggle(a)
            harness.spin(0.1)
            let notice = harness.window.runner.problemNotice
            XCTAssertTrue(notice.isShown, "the failed completion is told")
            XCTAssertEqual(try Self.storedCompleted(harness, a), false)
            try allowWrites()
            // Another writer, as a sync does: the open list takes its change in.
            try harness.store.queue.write { db in
                try db.execute(sql: "UPDATE item SET title = 'b, synced' WHERE id = ?", arguments: [b])
            }
            harness.spin(0.1)
            XCTAssertEqual(harness.document.item(b)?.title, "b, synced", "taken in")
            XCTAssertTrue(notice.isShown, "the completion is still not saved: the notice and its Retry stay")
            try Self.click("Retry", in: harness)
            XCTAssertEqual(try Self.storedCompleted(harness, a), true, "Retry completed the item")
            XCTAssertFalse(notice.isShown)
        }
    }
}
