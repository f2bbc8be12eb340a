@preconcurrency import CGtk
import XCTest
@testable import FlickUI

/// Every box handed to C as `user_data` is released once what it serves is gone: after a
/// window has been used (items added, edited, completed and deleted, details opened, a search,
/// the lists) and destroyed, no box it made is left alive.
final class LiveBoxTests: XCTestCase {
    func testAWindowAndItsRowsLeaveNoBoxBehind() throws {
        try MainActor.assumeIsolated {
            _ = WindowHarness.application
            let before = LiveBoxes.count
            try Self.useAndDestroyAWindow()
            // The notices' and animations' timeouts run out and release their boxes.
            spinMainLoop(12)
            print("flick: live user_data boxes: \(LiveBoxes.count) (\(before) before the window)")
            XCTAssertEqual(LiveBoxes.count, before, "boxes left alive after the window was destroyed")
        }
    }

    /// A window used as a person would, then destroyed; nothing of it is kept on this side.
    @MainActor
    private static func useAndDestroyAWindow() throws {
        let harness = try WindowHarness(titles: (1...30).map { "Item \($0)" })
        XCTAssertGreaterThan(LiveBoxes.count, 20, "the window's signals and gestures hold boxes")
        harness.activate("win.new-item")
        try harness.typeIntoEditor("Added")
        harness.select(1)
        harness.activate("win.edit")
        try harness.typeIntoEditor("Edited")
        harness.activate("win.toggle-complete")
        harness.activate("win.delete")
        harness.activate("win.details")
        harness.spin(0.3)
        harness.activate("win.search")
        harness.spin(0.3)
        harness.activate("win.go-up")
        harness.spin(0.5)
        // The details window and any other the session opened go with the main window.
        for window in toplevels() where window != UnsafeMutableRawPointer(harness.window.window) {
            gtk_window_destroy(window.assumingMemoryBound(to: GtkWindow.self))
        }
        harness.close()
    }

    private static func toplevels() -> [UnsafeMutableRawPointer] {
        let list = gtk_window_list_toplevels()
        defer { g_list_free(list) }
        var found: [UnsafeMutableRawPointer] = []
        var node = list
        while let current = node {
            if let window = current.pointee.data { found.append(window) }
            node = current.pointee.next
        }
        return found
    }
}
