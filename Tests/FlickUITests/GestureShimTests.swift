@preconcurrency import CGtk
import GestureShim
import XCTest
@testable import FlickUI

/// The shim's ownership rule: the user_data handed to an attach function is released exactly
/// once, when the widget (and with it the controller) is destroyed.
final class GestureShimTests: XCTestCase {
    private final class Token {
        let onRelease: () -> Void
        init(onRelease: @escaping () -> Void) { self.onRelease = onRelease }
        deinit { onRelease() }
    }

    private static let release: GDestroyNotify = { data in
        Unmanaged<Token>.fromOpaque(data!).release()
    }

    func testEveryAttachedUserDataIsReleasedWithItsWidget() throws {
        try MainActor.assumeIsolated {
            _ = WindowHarness.application  // GTK initialised on the test display.
            var released = 0
            let widget = try XCTUnwrap(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0))
            g_object_ref_sink(UnsafeMutableRawPointer(widget))
            func token() -> UnsafeMutableRawPointer {
                Unmanaged.passRetained(Token { released += 1 }).toOpaque()
            }
            var drag = FlickDragCallbacks()
            var zoom = FlickZoomCallbacks()
            XCTAssertNotNil(flick_attach_drag(widget, &drag, token(), Self.release))
            XCTAssertNotNil(flick_attach_zoom(widget, &zoom, token(), Self.release))
            XCTAssertEqual(released, 0, "nothing released while the widget lives")
            g_object_unref(UnsafeMutableRawPointer(widget))
            XCTAssertEqual(released, 2, "each user_data released once with the widget")
        }
    }
}
