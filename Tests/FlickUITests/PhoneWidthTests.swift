@preconcurrency import CGtk
import XCTest
@testable import FlickUI

/// Issue 61: a window under 420 px wide or tall is a phone's. Resized there, the main window
/// takes the class `narrow` (44 px buttons), the header's Search goes into the main menu, and a
/// dialog opened over it is no wider than it; resized back, all of it is undone.
final class PhoneWidthTests: XCTestCase {
    func testAPhoneSizedWindowMovesSearchIntoTheMenuAndKeepsDialogsWithinIt() throws {
        try withWindow(["a", "b"]) { harness in
            let window = harness.window.window
            XCTAssertFalse(PhoneWidth.isNarrow(window), "480 x 640, the desktop's default, is not a phone")
            XCTAssertFalse(Self.menuSearchShown(harness))

            Self.resize(window, to: 360, 640, harness)
            XCTAssertTrue(PhoneWidth.isNarrow(window))
            XCTAssertTrue(Self.menuSearchShown(harness), "Search is in the main menu")
            let dialog = gtk_window_new()!
            DialogWindow.fit(dialog, width: 420, over: window)
            var width: Int32 = 0
            var height: Int32 = 0
            gtk_window_get_default_size(cast(dialog), &width, &height)
            // Asked for from 480 px, the size is held to the minimum the window has then, the
            // desktop header's: 374 px while its title kept five characters (WindowHeader).
            let surface = try XCTUnwrap(gtk_native_get_surface(OpaquePointer(window)))
            XCTAssertEqual(gdk_surface_get_width(surface), 360, "the desktop's header fits a phone's width")
            let content = try XCTUnwrap(DialogWindow.contentWidth(of: window))
            XCTAssertLessThan(content, 420)
            XCTAssertEqual(width, content, "Add Account's 420 px within the window")
            XCTAssertTrue(PhoneWidth.isNarrow(dialog), "the dialog's buttons are a fingertip's too")
            gtk_window_destroy(cast(dialog))

            Self.resize(window, to: 640, 360, harness)
            XCTAssertTrue(PhoneWidth.isNarrow(window), "a phone held sideways is one too")

            Self.resize(window, to: 480, 640, harness)
            XCTAssertFalse(PhoneWidth.isNarrow(window))
            XCTAssertFalse(Self.menuSearchShown(harness), "the header's search button is back")
        }
    }

    @MainActor
    private static func resize(_ window: UnsafeMutablePointer<GtkWidget>, to width: Int32, _ height: Int32,
                               _ harness: WindowHarness) {
        gtk_window_set_default_size(cast(window), width, height)
        harness.spin(0.5)
    }

    @MainActor
    private static func menuSearchShown(_ harness: WindowHarness) -> Bool {
        g_action_group_get_action_enabled(OpaquePointer(harness.window.window), PrimaryMenu.searchAction) != 0
    }
}
