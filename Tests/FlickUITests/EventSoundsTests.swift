@preconcurrency import CGtk
import XCTest
@testable import FlickUI

/// Which actions ask for a sound, and that turning sounds off keeps Flick silent. What the
/// desktop then plays (or not, without a sound server) is GSound's.
final class EventSoundsTests: XCTestCase {
    /// One item, so that completing it never moves it (sinking) between the steps.
    func testCompletingAndClearingPlayTheirSoundsAndReopeningNone() throws {
        try withWindow(["a"]) { harness in
            var played: [String] = []
            harness.window.sounds.onPlay = { played.append($0.id) }
            harness.select(0)
            harness.activate("win.toggle-complete")
            harness.activate("win.toggle-complete")  // Reopening makes no sound.
            harness.activate("win.toggle-complete")
            harness.activate("win.clear-completed")
            harness.spin(0.5)  // The cleared row collapses first.
            XCTAssertEqual(played, ["complete", "complete", "trash-empty"])
            XCTAssertEqual(try harness.storedItems(), [])
        }
    }

    func testDeletingPlaysItsSound() throws {
        try withWindow(["a", "b"]) { harness in
            var played: [String] = []
            harness.window.sounds.onPlay = { played.append($0.id) }
            harness.select(1)
            harness.activate("win.delete")
            XCTAssertEqual(played, ["trash-empty"])
        }
    }

    func testSoundsTurnedOffPlayNothing() throws {
        try withWindow(["a"]) { harness in
            var played: [String] = []
            harness.window.sounds.onPlay = { played.append($0.id) }
            harness.window.sounds.isEnabled = { false }
            harness.select(0)
            harness.activate("win.toggle-complete")
            harness.activate("win.delete")
            XCTAssertEqual(played, [])
        }
    }
}
