import XCTest
@testable import FlickInteraction

/// Pulls made by scrolling (DESIGN 2.6), decided from each step and its time.
final class EdgePullScrollTests: XCTestCase {
    private func position(top: Bool = false, end: Bool = false, beganTop: Bool? = nil, beganEnd: Bool? = nil)
        -> EdgePull.ScrollPosition {
        EdgePull.ScrollPosition(atTop: top, atEnd: end, scrollBeganAtTop: beganTop ?? top, scrollBeganAtEnd: beganEnd ?? end)
    }

    func testATouchpadPullsDownAtTheTopAndUpAtTheEndWhereThereIsAPullUp() {
        XCTAssertEqual(EdgePull.edge(startedByScroll: -3, isWheel: false, sinceLastWheelStep: 0,
                                     at: position(top: true), hasPullUp: true), .top)
        XCTAssertEqual(EdgePull.edge(startedByScroll: 3, isWheel: false, sinceLastWheelStep: 0,
                                     at: position(end: true), hasPullUp: true), .bottom)
        XCTAssertNil(EdgePull.edge(startedByScroll: 3, isWheel: false, sinceLastWheelStep: 0,
                                   at: position(end: true), hasPullUp: false), "the overview has no pull up")
        XCTAssertNil(EdgePull.edge(startedByScroll: 3, isWheel: false, sinceLastWheelStep: 0,
                                   at: position(top: true), hasPullUp: true), "scrolling down at the top scrolls")
    }

    func testATouchpadScrollThatReachesAnEdgeDoesNotPullOnPastIt() {
        XCTAssertNil(EdgePull.edge(startedByScroll: -3, isWheel: false, sinceLastWheelStep: 0,
                                   at: position(top: true, beganTop: false), hasPullUp: true))
        XCTAssertNil(EdgePull.edge(startedByScroll: 3, isWheel: false, sinceLastWheelStep: 0,
                                   at: position(end: true, beganEnd: false), hasPullUp: true))
    }

    func testTheWheelPullsOnlyDownAtTheTopAfterResting() {
        XCTAssertEqual(EdgePull.edge(startedByScroll: -1, isWheel: true, sinceLastWheelStep: 0.3,
                                     at: position(top: true), hasPullUp: true), .top)
        XCTAssertNil(EdgePull.edge(startedByScroll: -1, isWheel: true, sinceLastWheelStep: 0.2,
                                   at: position(top: true), hasPullUp: true), "a wheel spun up to the top stops there")
        XCTAssertNil(EdgePull.edge(startedByScroll: 1, isWheel: true, sinceLastWheelStep: 10,
                                   at: position(end: true), hasPullUp: true), "the wheel never pulls up to clear")
    }

    func testAWheelStepPullsAFractionOfARow() {
        XCTAssertEqual(EdgePull.travel(ofScroll: -1, isWheel: true, towards: .top, rowHeight: 56), 0.4 * 56, accuracy: 1e-9)
        XCTAssertEqual(EdgePull.travel(ofScroll: -7, isWheel: false, towards: .top, rowHeight: 56), 7)
        XCTAssertEqual(EdgePull.travel(ofScroll: 7, isWheel: false, towards: .bottom, rowHeight: 56), 7)
    }
}
