import XCTest
@testable import FlickInteraction

/// Where a scroll step over the list goes (issue 54), and the trailing end a double-click opens
/// the details from.
final class ScrollRouteTests: XCTestCase {
    func testTwoFingersGoToTheHandsUnlessCtrlIsHeld() {
        XCTAssertEqual(ScrollRoute.atList(source: .fingers, withControl: false, dy: 3), .touchpad)
        XCTAssertEqual(ScrollRoute.atList(source: .fingers, withControl: false, dy: 0), .touchpad, "sideways too")
        XCTAssertEqual(ScrollRoute.atList(source: .fingers, withControl: true, dy: 3), .pull(isWheel: false))
        XCTAssertEqual(ScrollRoute.atList(source: .fingers, withControl: true, dy: 0), .passOn)
    }

    func testAWheelPullsWithItsNotchesOnly() {
        XCTAssertEqual(ScrollRoute.atList(source: .wheelStep, withControl: false, dy: 1), .pull(isWheel: true))
        XCTAssertEqual(ScrollRoute.atList(source: .wheelStep, withControl: false, dy: 0), .passOn, "a tilt slides nothing")
        XCTAssertEqual(ScrollRoute.atList(source: .wheelPart, withControl: false, dy: 0.3), .passOn, "GTK scrolls by it")
        XCTAssertEqual(ScrollRoute.atList(source: .wheelPart, withControl: true, dy: 0.3), .swallow,
                       "the Ctrl+wheel pinch counts notches alone")
    }

    func testCtrlScrollUnitsAreNotchesOrTenPixels() {
        XCTAssertEqual(ScrollRoute.pinchUnits(dy: -1, isWheel: true), -1)
        XCTAssertEqual(ScrollRoute.pinchUnits(dy: 25, isWheel: false), 2.5)
    }

    func testTheTrailingEndIsOnTheRightOrInRightToLeftOnTheLeft() {
        XCTAssertTrue(RowEnd.isTrailing(x: 390, width: 400, rightToLeft: false))
        XCTAssertTrue(RowEnd.isTrailing(x: 280, width: 400, rightToLeft: false))
        XCTAssertFalse(RowEnd.isTrailing(x: 279, width: 400, rightToLeft: false))
        XCTAssertTrue(RowEnd.isTrailing(x: 10, width: 400, rightToLeft: true))
        XCTAssertFalse(RowEnd.isTrailing(x: 390, width: 400, rightToLeft: true))
    }
}
