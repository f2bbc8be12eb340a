@preconcurrency import CGtk
import XCTest
@testable import FlickUI

/// A note's link opens through the shim (`flick_launch_uri`: GtkUriLauncher from GTK 4.10 on,
/// gtk_show_uri_full on 4.8); where no application can open it, a message says why, where
/// gtk_show_uri only wrote a warning to the log.
final class LinkOpeningTests: XCTestCase {
    func testALinkNoApplicationOpensSaysWhyInAMessage() throws {
        try MainActor.assumeIsolated {
            XCTAssertNotEqual(gtk_init_check(), 0, "GTK opens the display")
            NotesEditor.open("flick-test-no-such-scheme:anything", over: nil)
            let heading = "The Link Could Not Be Opened"
            let end = Date().addingTimeInterval(10)
            while Self.window(titled: heading) == nil, Date() < end { spinMainLoop(0.05) }
            let message = try XCTUnwrap(Self.window(titled: heading), "a message says the link did not open")
            gtk_window_destroy(message)
            spinMainLoop(0.1)
        }
    }

    @MainActor
    private static func window(titled title: String) -> UnsafeMutablePointer<GtkWindow>? {
        let windows = gtk_window_get_toplevels()!
        for index in 0..<g_list_model_get_n_items(windows) {
            guard let object = g_list_model_get_item(windows, index) else { continue }
            g_object_unref(object)  // The list still holds the window.
            let window = object.assumingMemoryBound(to: GtkWindow.self)
            if let name = gtk_window_get_title(window), String(cString: name) == title { return window }
        }
        return nil
    }
}
