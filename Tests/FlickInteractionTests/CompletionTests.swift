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
        let ui = ControllerHarness()
        ui.apply(ui.controller.openMenu(item: 1))
        ui.settle()
        ui.steadyDrag(1, to: 400, over: 1, rest: 0.3)
        XCTAssertFalse(ui.log.contains(.toggleComplete(1)))
    }
}
