import XCTest
@testable import FlickInteraction

/// DESIGN 2.3: dragging a closed row right shows the completion cue; releasing
/// past W/2 (after projection) toggles completion and the row returns.
final class CompletionTests: XCTestCase {
    func testCueProgressFollowsOffsetToHalfWidth() {
        let ui = ControllerHarness()
        ui.begin(1, at: 0)
        ui.move(dx: 100, at: 0.1)
        XCTAssertEqual(ui.cue(1), 0.5)
        ui.move(dx: 300, at: 0.2)
        XCTAssertEqual(ui.cue(1), 1)
        ui.move(dx: 500, at: 0.3)
        XCTAssertEqual(ui.offset(1), 400, "up to the row width")
        ui.move(dx: -50, at: 0.4)
        XCTAssertEqual(ui.cue(1), 0, "the menu side has no cue")
    }

    func testReleasePastHalfWidthTogglesAndReturns() {
        let ui = ControllerHarness()
        let release = ui.steadyDrag(1, to: 210, over: 1, rest: 0.3)
        XCTAssertEqual(release.filter { $0 == .toggleComplete(1) }.count, 1)
        XCTAssertFalse(ui.controller.isMenuOpen(1))
        ui.settle()
        XCTAssertEqual(ui.offset(1), 0)
        XCTAssertEqual(ui.cue(1), 0)
        XCTAssertFalse(ui.revealed.contains(1))
    }

    func testReleaseShortOfHalfWidthDoesNotToggle() {
        let ui = ControllerHarness()
        ui.steadyDrag(1, to: 190, over: 1, rest: 0.3)
        ui.settle()
        XCTAssertFalse(ui.log.contains(.toggleComplete(1)))
        XCTAssertEqual(ui.offset(1), 0)
    }

    func testProjectionCanCarryAShortDragPastHalfWidth() {
        let ui = ControllerHarness()
        // 150 px, ending at 500 px/s: projected 237.5.
        ui.drag(1, [(0.1, 100, 0), (0.15, 125, 0), (0.2, 150, 0)])
        XCTAssertTrue(ui.log.contains(.toggleComplete(1)))
    }

    func testOpenRowNeverToggles() {
        // W 200: a release at 900 px/s would project past W/2 = 100 even from 0.
        let ui = ControllerHarness(geometry: ListGeometry(rowWidth: 200, rowHeight: 56, menuWidth: 100, rowCount: 3))
        ui.apply(ui.controller.openMenu(item: 1))
        ui.settle()
        ui.begin(1, at: 0)
        for step in 1...60 { ui.move(dx: 100 * Double(step) / 60, at: Double(step) / 60) }
        ui.move(dx: 230, at: 1.1)
        ui.end(at: 1.1)
        XCTAssertEqual(ui.offset(1), 0, "an open row stops at closed")
        XCTAssertFalse(ui.log.contains(.toggleComplete(1)))
        XCTAssertFalse(ui.controller.isMenuOpen(1))
    }

    func testCueFlungBackStopsAtClosedWithoutShowingTheMenu() {
        // Open offset −380: the fling back projects to −129, short of half of it.
        let ui = ControllerHarness(geometry: ListGeometry(rowWidth: 400, rowHeight: 56, menuWidth: 500, rowCount: 3))
        ui.begin(1, at: 0)
        for step in 1...60 { ui.move(dx: 150 * Double(step) / 60, at: Double(step) / 60) }
        ui.move(dx: 100, at: 1.05)
        ui.move(dx: 60, at: 1.1)
        ui.move(dx: 20, at: 1.133)
        ui.end(at: 1.133)
        XCTAssertFalse(ui.controller.isMenuOpen(1))
        XCTAssertGreaterThanOrEqual(ui.offsetsWhileSettling(1).min() ?? -1, 0, "moving at 850 px/s, it stops at closed")
        XCTAssertEqual(ui.offset(1), 0)
    }
}
