import XCTest
@testable import FlickInteraction

/// DESIGN 2.1: release projects the velocity 0.175 s ahead and snaps open or closed.
final class ReleaseTests: XCTestCase {
    func testProjectionOpensShortFastDrag() {
        let ui = ControllerHarness()
        // 30 px at 500 px/s: too short for a swipe, but projected to −117.5, past −100.
        ui.drag(1, [(0.02, -10, 0), (0.04, -20, 0), (0.06, -30, 0)])
        XCTAssertTrue(ui.controller.isMenuOpen(1))
        ui.settle()
        XCTAssertEqual(ui.offset(1), -200)
        XCTAssertEqual(ui.announcedOpen, [1])
    }

    func testSameDistanceSlowlySnapsClosed() {
        let ui = ControllerHarness()
        ui.steadyDrag(1, to: -30, over: 1)
        XCTAssertFalse(ui.controller.isMenuOpen(1))
        ui.settle()
        XCTAssertEqual(ui.offset(1), 0)
        XCTAssertFalse(ui.revealed.contains(1), "the back is hidden once the row is closed at 0")
    }

    func testLongSlowDragEndingJustShortOfHalfSnapsClosed() {
        let ui = ControllerHarness()
        ui.begin(1, at: 0)
        for step in 1...60 { ui.move(dx: -150 * Double(step) / 60, at: Double(step) / 60) }
        for step in 1...30 { ui.move(dx: -150 + 51 * Double(step) / 30, at: 1 + Double(step) / 30) }
        ui.end(at: 2.5)
        XCTAssertEqual(ui.offset(1), -99)
        XCTAssertFalse(ui.controller.isMenuOpen(1))
        ui.settle()
        XCTAssertEqual(ui.offset(1), 0)
    }

    func testSlowDragRestingJustPastHalfSnapsOpen() {
        let ui = ControllerHarness()
        ui.steadyDrag(1, to: -101, over: 1.5, rest: 0.5)
        XCTAssertTrue(ui.controller.isMenuOpen(1))
        ui.settle()
        XCTAssertEqual(ui.offset(1), -200)
    }

    func testReleaseVelocityCarriesIntoSnap() {
        func firstFrames(finalVelocity: Bool) -> [Double] {
            let ui = ControllerHarness()
            ui.begin(1, at: 0)
            for step in 1...60 { ui.move(dx: -100 * Double(step) / 60, at: Double(step) / 60) }
            if finalVelocity {
                ui.move(dx: -130, at: 1.02)  // about 500 px/s over the last 0.15 s: not a swipe
            }
            ui.move(dx: -160, at: 1.04)
            ui.end(at: finalVelocity ? 1.04 : 1.5)
            XCTAssertTrue(ui.controller.isMenuOpen(1))
            return (0..<3).map { _ in
                ui.frame()
                return ui.offset(1)
            }
        }
        let moving = firstFrames(finalVelocity: true)
        let resting = firstFrames(finalVelocity: false)
        XCTAssertEqual(moving[0], -160, "the first frame starts the animation where the drag left it")
        XCTAssertEqual(resting[0], -160)
        XCTAssertLessThan(moving[1], resting[1] - 3, "a row released moving keeps its speed")
    }

    func testSnapOpenNeverPassesOpenOffset() {
        let ui = ControllerHarness()
        ui.drag(1, [(0.01, -50, 0), (0.02, -100, 0), (0.03, -150, 0)])
        let offsets = ui.offsetsWhileSettling(1)
        XCTAssertGreaterThanOrEqual(offsets.min() ?? 0, -200)
        XCTAssertEqual(offsets.last, -200)
    }
}
