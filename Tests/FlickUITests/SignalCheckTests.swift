@preconcurrency import CGtk
import XCTest
@testable import FlickUI

/// Every `Signal.connect…` checks that its C trampoline takes what the signal passes (issue 26:
/// GtkGesture::cancel was connected with a handler of no arguments, which took the event
/// sequence for its user data and crashed). A handler that does not fit is refused at the
/// connection with a message naming the signal and the instance's type.
final class SignalCheckTests: XCTestCase {
    /// Runs `body` with refusals recorded instead of stopping the program.
    @MainActor
    private static func recordingRefusals(_ body: () throws -> Void) rethrows -> [String] {
        var refusals: [String] = []
        let stop = Signal.handlerDoesNotFit
        Signal.handlerDoesNotFit = { refusals.append($0) }
        // These refusals are on purpose: they stay out of make check's audit of real connections.
        let audit = getenv("FLICK_SIGNAL_AUDIT").map { String(cString: $0) }
        unsetenv("FLICK_SIGNAL_AUDIT")
        defer {
            Signal.handlerDoesNotFit = stop
            if let audit { setenv("FLICK_SIGNAL_AUDIT", audit, 1) }
        }
        try body()
        return refusals
    }

    func testAHandlerWithoutTheSequenceIsRefusedForAGesturesCancel() throws {
        try MainActor.assumeIsolated {
            _ = WindowHarness.application  // GTK initialised on the test display.
            let drag = try XCTUnwrap(gtk_gesture_drag_new())
            defer { g_object_unref(UnsafeMutableRawPointer(drag)) }
            var id: UInt = 1
            let refusals = Self.recordingRefusals {
                id = Signal.connect(UnsafeMutableRawPointer(drag), "cancel") {}
            }
            XCTAssertEqual(id, 0, "the handler that does not fit is not connected")
            XCTAssertEqual(refusals, ["the handler connected to GtkGestureDrag::cancel takes () returning void, "
                                      + "but the signal passes (GdkEventSequence) returning void"])
        }
    }

    func testTheCancelHandlerFits() throws {
        try MainActor.assumeIsolated {
            _ = WindowHarness.application  // GTK initialised on the test display.
            let drag = try XCTUnwrap(gtk_gesture_drag_new())
            defer { g_object_unref(UnsafeMutableRawPointer(drag)) }
            var id: UInt = 0
            let refusals = Self.recordingRefusals {
                id = Signal.connectCancel(UnsafeMutableRawPointer(drag)) {}
            }
            XCTAssertEqual(refusals, [])
            XCTAssertNotEqual(id, 0)
        }
    }

    func testAReturnValueTheSignalDoesNotExpectIsRefused() throws {
        try MainActor.assumeIsolated {
            _ = WindowHarness.application  // GTK initialised on the test display.
            let button = try XCTUnwrap(gtk_button_new())
            g_object_ref_sink(UnsafeMutableRawPointer(button))
            defer { g_object_unref(UnsafeMutableRawPointer(button)) }
            let refusals = Self.recordingRefusals {
                Signal.connectReturningBool(UnsafeMutableRawPointer(button), "clicked") { true }
            }
            XCTAssertEqual(refusals, ["the handler connected to GtkButton::clicked takes () returning int, "
                                      + "but the signal passes () returning void"])
        }
    }

    func testArgumentsOfAnotherShapeAreRefused() throws {
        try MainActor.assumeIsolated {
            _ = WindowHarness.application  // GTK initialised on the test display.
            // GtkEventControllerScroll::scroll passes two doubles; a pressed(n, x, y) handler
            // would read its count from a register the signal never set.
            let scroll = try XCTUnwrap(gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL))
            defer { g_object_unref(UnsafeMutableRawPointer(scroll)) }
            let refusals = Self.recordingRefusals {
                Signal.connectPressed(UnsafeMutableRawPointer(scroll)) { _, _, _ in }
            }
            XCTAssertEqual(refusals.count, 1)
            XCTAssertTrue(refusals.first?.contains("GtkEventControllerScroll") == true, "\(refusals)")
        }
    }

    func testASignalTheInstanceDoesNotHaveIsRefused() throws {
        try MainActor.assumeIsolated {
            _ = WindowHarness.application  // GTK initialised on the test display.
            let button = try XCTUnwrap(gtk_button_new())
            g_object_ref_sink(UnsafeMutableRawPointer(button))
            defer { g_object_unref(UnsafeMutableRawPointer(button)) }
            let refusals = Self.recordingRefusals {
                Signal.connect(UnsafeMutableRawPointer(button), "clicekd") {}
            }
            XCTAssertEqual(refusals, ["GtkButton has no signal “clicekd”"])
        }
    }

    func testADetailedNotifyFitsAnObjectHandler() throws {
        try MainActor.assumeIsolated {
            _ = WindowHarness.application  // GTK initialised on the test display.
            let check = try XCTUnwrap(gtk_check_button_new())
            g_object_ref_sink(UnsafeMutableRawPointer(check))
            defer { g_object_unref(UnsafeMutableRawPointer(check)) }
            let refusals = Self.recordingRefusals {
                Signal.connectObject(UnsafeMutableRawPointer(check), "notify::active") { _ in }
            }
            XCTAssertEqual(refusals, [])
        }
    }
}
