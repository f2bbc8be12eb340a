@preconcurrency import CGtk
import FlickCore
import XCTest
@testable import FlickUI

/// A list given a new model (a page's items read again) keeps the old model's list items alive
/// until the frame that shows the new one has been painted (`ListItemsLetGoLater`); a page
/// replaced by another is let go of the same way (`PageLetGoTests`).
final class ListItemsLetGoLaterTests: XCTestCase {
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
