import XCTest
@testable import FlickInteraction

/// DESIGN 2.5: right-to-left locales mirror the directions; reduced motion jumps;
/// event times and frame times are separate clocks.
final class DirectionAndMotionTests: XCTestCase {
    private let rightToLeft = ListGeometry(rowWidth: 400, rowHeight: 56, menuWidth: 200, rowCount: 10, isRightToLeft: true)

    func testRightToLeftOpensTowardsTheRight() {
        let ui = ControllerHarness(geometry: rightToLeft)
        ui.begin(1, at: 0)
        ui.move(dx: 300, at: 0.1)
        XCTAssertEqual(ui.offset(1), 200, "the menu is on the left: the front view moves right")
        XCTAssertEqual(ui.cue(1), 0)
        ui.end(at: 1)
        ui.settle()
        XCTAssertTrue(ui.controller.isMenuOpen(1))
        XCTAssertEqual(ui.offset(1), 200)
    }

    func testRightToLeftCompletesTowardsTheLeft() {
        let ui = ControllerHarness(geometry: rightToLeft)
        ui.begin(1, at: 0)
        ui.move(dx: -100, at: 0.5)
        XCTAssertEqual(ui.cue(1), 0.5)
        ui.move(dx: -210, at: 1)
        ui.end(at: 1.3)
        XCTAssertTrue(ui.log.contains(.toggleComplete(1)))
    }

    func testRightToLeftSwipesAreMirrored() {
        let ui = ControllerHarness(geometry: rightToLeft)
        ui.drag(1, [(0.3, 50, 0)])
        XCTAssertTrue(ui.controller.isMenuOpen(1), "a rightward swipe opens")
        ui.settle()
        ui.drag(1, [(0.3, -50, 0)])
        XCTAssertFalse(ui.controller.isMenuOpen(1), "a leftward swipe closes")
        XCTAssertLessThan(ui.offsetsWhileSettling(1).min() ?? 0, 0, "and the bounce passes closed to the left")
    }

    func testReducedMotionJumpsWithoutFrames() {
        let ui = ControllerHarness(animations: false)
        let release = ui.steadyDrag(1, to: -150, over: 1)
        XCTAssertEqual(ui.offset(1), -200)
        XCTAssertTrue(release.contains(.menuOpened(1)))
        XCTAssertFalse(ui.controller.needsFrames)
        ui.apply(ui.controller.closeMenu())
        XCTAssertEqual(ui.offset(1), 0, "no bounce")
        XCTAssertFalse(ui.revealed.contains(1))
        XCTAssertFalse(ui.controller.needsFrames)
        ui.apply(ui.controller.touchpadPinchBegan(boundaryIndex: 2, time: 3))
        ui.apply(ui.controller.touchpadPinchUpdated(scale: 1.3, time: 3.1))
        ui.apply(ui.controller.pinchEnded(time: 3.2))
        XCTAssertNil(ui.gap, "the gap closes at once")
        XCTAssertTrue(ui.controller.isIdle)
        XCTAssertFalse(ui.log.contains { if case .rowOffset(1, let x) = $0 { x > 0 } else { false } })
    }

    func testDisablingAnimationsFinishesRunningOnesAtNextFrame() {
        let ui = ControllerHarness()
        ui.apply(ui.controller.openMenu(item: 1))
        ui.frame()
        ui.frame()
        ui.controller.animationsEnabled = false
        ui.frame()
        XCTAssertEqual(ui.offset(1), -200)
        XCTAssertFalse(ui.controller.needsFrames)
    }

    func testAnimationsFollowTheFrameClockOnly() {
        // Event times around 5 s and frame times around 50,000 s: comparing them
        // would finish the snap at once, or never start it.
        let ui = ControllerHarness()
        ui.drag(1, start: 5, [(5.3, -150, 0)], release: 5.3)
        ui.frame(after: 0)
        XCTAssertEqual(ui.offset(1), -150, "the first frame is the start of the animation")
        ui.frame()
        XCTAssertLessThan(ui.offset(1), -150)
        XCTAssertGreaterThan(ui.offset(1), -200)
        let frames = ui.settle()
        XCTAssertGreaterThan(frames, 5)
        XCTAssertLessThan(Double(frames) / 60, 0.6)
        XCTAssertEqual(ui.offset(1), -200)
    }
}
