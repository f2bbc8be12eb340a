import XCTest
@testable import FlickInteraction

/// DESIGN 2.2: a swipe (≥ 40 px across, ≤ 40 px drift, within 0.7 s, or a release
/// faster than 1,000 px/s) toward the menu opens it whatever the distance; away
/// from it closes an open row, with a bounce.
final class SwipeTests: XCTestCase {
    /// One move at `duration` then release at once. The release velocity is 0 when
    /// the move is older than the 0.15 s window, so only the swipe rule can open a
    /// row that is not dragged past half the open offset (−100).
    private func opensAfterSwipe(dx: Double, dy: Double = 0, duration: Double, geometry: ListGeometry = .standard) -> Bool {
        let ui = ControllerHarness(geometry: geometry)
        ui.begin(1, at: 3)
        XCTAssertEqual(ui.move(dx: dx, dy: dy, at: 3 + duration), .claimed)
        ui.end(at: 3 + duration)
        return ui.controller.isMenuOpen(1)
    }

    func testSwipeNeedsFortyPixelsAcross() {
        XCTAssertFalse(opensAfterSwipe(dx: -39, duration: 0.3))
        XCTAssertTrue(opensAfterSwipe(dx: -40, duration: 0.3))
    }

    func testSwipeAllowsFortyPixelsOfVerticalDrift() {
        XCTAssertTrue(opensAfterSwipe(dx: -60, dy: 40, duration: 0.3))
        XCTAssertFalse(opensAfterSwipe(dx: -60, dy: 41, duration: 0.3))
    }

    func testSwipeMustEndWithinPointSevenSeconds() {
        XCTAssertTrue(opensAfterSwipe(dx: -60, duration: 0.69))
        XCTAssertFalse(opensAfterSwipe(dx: -60, duration: 0.71))
    }

    func testReleaseFasterThanThresholdIsASwipeWhateverTheDistance() {
        // Open offset −380, half −190: 10 px at 999 px/s projects to −184.8, short of it.
        let wide = ListGeometry(rowWidth: 400, rowHeight: 56, menuWidth: 500, rowCount: 10)
        XCTAssertFalse(opensAfterSwipe(dx: -9.99, duration: 0.01, geometry: wide))
        XCTAssertTrue(opensAfterSwipe(dx: -10.01, duration: 0.01, geometry: wide))
    }

    func testDriftCountsTheLargestVerticalDistance() {
        let ui = ControllerHarness()
        ui.begin(1, at: 0)
        ui.move(dx: -50, dy: 10, at: 0.1)
        ui.move(dx: -60, dy: 45, at: 0.2)
        ui.move(dx: -60, dy: 0, at: 0.4)
        ui.end(at: 0.4)
        XCTAssertFalse(ui.controller.isMenuOpen(1))
    }

    func testRightwardSwipeClosesOpenRow() {
        let ui = ControllerHarness()
        ui.apply(ui.controller.openMenu(item: 1))
        ui.settle()
        XCTAssertEqual(ui.announcedOpen, [1])
        let release = ui.drag(1, [(0.3, 50, 0)])
        XCTAssertTrue(release.contains(.menuClosed(1)), "projected −150 alone would stay open")
        XCTAssertFalse(ui.controller.isMenuOpen(1))
        XCTAssertGreaterThan(ui.offsetsWhileSettling(1).max() ?? 0, 0, "closing bounces")
        XCTAssertEqual(ui.offset(1), 0)
        XCTAssertTrue(ui.announcedOpen.isEmpty)
    }

    func testSlowRightwardDragOnOpenRowStaysOpen() {
        let ui = ControllerHarness()
        ui.apply(ui.controller.openMenu(item: 1))
        ui.settle()
        ui.steadyDrag(1, to: 50, over: 1)
        XCTAssertTrue(ui.controller.isMenuOpen(1))
        ui.settle()
        XCTAssertEqual(ui.offset(1), -200)
    }

    func testClosingBouncesPastClosedAndSettlesAtZero() {
        let ui = ControllerHarness()
        ui.apply(ui.controller.openMenu(item: 1))
        ui.settle()
        XCTAssertEqual(ui.apply(ui.controller.closeMenu()), [.menuClosed(1)], "announced closed as it starts closing")
        let offsets = ui.offsetsWhileSettling(1)
        let overshoot = offsets.max() ?? 0
        XCTAssertGreaterThan(overshoot, 2, "the front view passes closed")
        XCTAssertLessThan(overshoot, 30, "a little")
        XCTAssertLessThan(Double(offsets.count) / 60, 1, "and settles soon")
        XCTAssertEqual(ui.offset(1), 0)
        XCTAssertFalse(ui.revealed.contains(1))
        XCTAssertFalse(ui.controller.needsFrames)
    }

    func testCompletionSideReturnsWithoutShowingTheMenu() {
        let ui = ControllerHarness()
        ui.steadyDrag(1, to: 150, over: 1)
        XCTAssertGreaterThanOrEqual(ui.offsetsWhileSettling(1).min() ?? 0, 0)
        XCTAssertEqual(ui.offset(1), 0)
    }
}
