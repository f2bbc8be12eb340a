import XCTest
@testable import FlickInteraction

/// DESIGN 2.1: claim late (8 px), only horizontally; the row follows the drag.
final class DragClaimTests: XCTestCase {
    func testDragIsUndecidedBelowEightPixelsAndClaimedAtEight() {
        let ui = ControllerHarness()
        ui.begin(1, at: 0)
        XCTAssertEqual(ui.move(dx: 7, at: 0.01), .undecided)
        XCTAssertEqual(ui.offset(1), 0)
        XCTAssertEqual(ui.move(dx: 8, at: 0.02), .claimed)
        XCTAssertEqual(ui.offset(1), 8, "the row follows the pointer from the press, not from the claim")
        XCTAssertTrue(ui.revealed.contains(1))
        XCTAssertEqual(ui.move(dx: 20, dy: 30, at: 0.03), .claimed, "once claimed, vertical movement no longer matters")
        XCTAssertEqual(ui.offset(1), 20)
    }

    func testMostlyVerticalMovementIsDeniedForTheWholeSequence() {
        let ui = ControllerHarness()
        ui.begin(1, at: 0)
        XCTAssertEqual(ui.move(dx: 5, dy: 7, at: 0.01), .denied)
        XCTAssertEqual(ui.move(dx: 80, dy: 7, at: 0.02), .denied, "a denied sequence stays denied")
        ui.end(at: 0.03)
        XCTAssertTrue(ui.log.isEmpty, "a scroll must not touch any row: \(ui.log)")
        XCTAssertTrue(ui.controller.isIdle)
    }

    func testDiagonalMovementIsDenied() {
        let ui = ControllerHarness()
        ui.begin(1, at: 0)
        XCTAssertEqual(ui.move(dx: -6, dy: 6, at: 0.01), .denied, "|dx| must be greater than |dy|")
    }

    func testPreClaimedDragFollowsAtOnce() {
        let ui = ControllerHarness()
        ui.begin(1, at: 0, preClaimed: true)
        XCTAssertEqual(ui.move(dx: -3, dy: 5, at: 0.01), .claimed, "a touchpad swipe is horizontal by construction")
        XCTAssertEqual(ui.offset(1), -3)
    }

    func testDragClampsAtOpenOffset() {
        let ui = ControllerHarness()
        ui.begin(1, at: 0)
        ui.move(dx: -300, at: 0.1)
        XCTAssertEqual(ui.offset(1), -200, "never more than the whole menu")
    }

    func testOpenLeavesTwentyPixelHandleWhenMenuIsWide() {
        let geometry = ListGeometry(rowWidth: 400, rowHeight: 56, menuWidth: 500, rowCount: 10)
        let ui = ControllerHarness(geometry: geometry)
        ui.begin(1, at: 0)
        ui.move(dx: -1000, at: 0.1)
        XCTAssertEqual(ui.offset(1), -380)
        ui.end(at: 1)
        ui.settle()
        XCTAssertEqual(ui.offset(1), -380, "open shows 20 px of the front view")
        XCTAssertTrue(ui.controller.isMenuOpen(1))
    }

    func testDragOfOpenRowContinuesFromOpenOffset() {
        let ui = ControllerHarness()
        ui.apply(ui.controller.openMenu(item: 1))
        ui.settle()
        ui.begin(1, at: 10)
        XCTAssertEqual(ui.move(dx: 50, at: 10.1), .claimed)
        XCTAssertEqual(ui.offset(1), -150)
        ui.move(dx: -30, at: 10.2)
        XCTAssertEqual(ui.offset(1), -200, "clamped at open")
        ui.move(dx: 300, at: 10.3)
        XCTAssertEqual(ui.offset(1), 0, "an open row stops at closed, short of the completion cue")
        XCTAssertEqual(ui.cue(1), 0)
    }

    func testSecondDragWhileOneIsInProgressIsRefused() {
        let ui = ControllerHarness()
        ui.begin(1, at: 0)
        ui.move(dx: -20, at: 0.1)
        XCTAssertEqual(ui.begin(2, at: 0.15), [.dragCancelled])
        XCTAssertEqual(ui.move(dx: -40, at: 0.2), .claimed, "the first drag goes on")
        XCTAssertEqual(ui.offset(1), -40)
        XCTAssertEqual(ui.offset(2), 0)
    }

    func testDragCancelledByUIReturnsRow() {
        let ui = ControllerHarness()
        ui.begin(1, at: 0)
        ui.move(dx: -150, at: 0.1)
        ui.apply(ui.controller.dragCancelled())
        ui.settle()
        XCTAssertEqual(ui.offset(1), 0)
        XCTAssertFalse(ui.controller.isMenuOpen(1))
        XCTAssertTrue(ui.controller.isIdle)
    }
}
