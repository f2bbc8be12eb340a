import XCTest
@testable import FlickInteraction

/// DESIGN 2.4, touchpad (scale only) and the Ctrl+scroll fallback.
final class TouchpadAndScrollPinchTests: XCTestCase {
    func testTouchpadPinchOpensGapAtBoundaryReachingRowHeightAtOnePointFive() {
        let ui = ControllerHarness()
        ui.apply(ui.controller.touchpadPinchBegan(boundaryIndex: 4, time: 1))
        ui.apply(ui.controller.touchpadPinchUpdated(scale: 1.25, time: 1.1))
        XCTAssertEqual(ui.gap?.boundaryIndex, 4)
        XCTAssertEqual(ui.gap?.height, 28)
        ui.apply(ui.controller.touchpadPinchUpdated(scale: 1.5, time: 1.2))
        XCTAssertEqual(ui.gap?.height, 56)
        XCTAssertEqual(ui.gap?.releaseWillInsert, false)
        ui.apply(ui.controller.touchpadPinchUpdated(scale: 1.6, time: 1.3))
        XCTAssertEqual(ui.gap?.releaseWillInsert, true)
        XCTAssertEqual(ui.apply(ui.controller.pinchEnded(time: 1.4)), [.gap(nil), .insertItem(at: 4)])
    }

    func testReleaseAtExactlyOneRowDoesNotInsert() {
        let ui = ControllerHarness()
        ui.apply(ui.controller.touchpadPinchBegan(boundaryIndex: 4, time: 1))
        ui.apply(ui.controller.touchpadPinchUpdated(scale: 1.5, time: 1.1))
        XCTAssertEqual(ui.gap?.height, 56)
        XCTAssertFalse(ui.apply(ui.controller.pinchEnded(time: 1.2)).contains(.insertItem(at: 4)), "the gap must pass H")
        ui.settle()
        XCTAssertNil(ui.gap)
    }

    func testTouchpadPinchAtListEndsUsesOuterBoundaries() {
        for boundary in [0, 10] {
            let ui = ControllerHarness()
            ui.apply(ui.controller.touchpadPinchBegan(boundaryIndex: boundary, time: 1))
            ui.apply(ui.controller.touchpadPinchUpdated(scale: 2, time: 1.1))
            XCTAssertEqual(ui.apply(ui.controller.pinchEnded(time: 1.4)).last, .insertItem(at: boundary))
        }
    }

    func testTouchpadPinchOutsideListIsIgnored() {
        let ui = ControllerHarness()
        ui.apply(ui.controller.touchpadPinchBegan(boundaryIndex: 11, time: 1))
        ui.apply(ui.controller.touchpadPinchUpdated(scale: 2, time: 1.1))
        XCTAssertNil(ui.gap)
        ui.apply(ui.controller.pinchEnded(time: 1.4))
        XCTAssertTrue(ui.log.isEmpty)
    }

    func testTouchpadPinchTogetherDoesNothing() {
        let ui = ControllerHarness()
        ui.apply(ui.controller.touchpadPinchBegan(boundaryIndex: 4, time: 1))
        ui.apply(ui.controller.touchpadPinchUpdated(scale: 0.6, time: 1.1))
        XCTAssertNil(ui.gap)
        ui.apply(ui.controller.pinchEnded(time: 1.2))
        XCTAssertTrue(ui.log.isEmpty, "reserved for the lists overview: \(ui.log)")
        XCTAssertTrue(ui.controller.isIdle)
    }

    func testTouchpadPinchCancelsDrag() {
        let ui = ControllerHarness()
        ui.begin(1, at: 0, preClaimed: true)
        XCTAssertEqual(ui.apply(ui.controller.touchpadPinchBegan(boundaryIndex: 4, time: 1)), [.dragCancelled])
    }

    func testCtrlScrollUpOpensGapAndInsertsWhenScrollingStops() {
        let ui = ControllerHarness()
        for click in 1...4 {
            ui.apply(ui.controller.ctrlScroll(boundaryIndex: 6, deltaY: -1, time: Double(click) / 10))
        }
        XCTAssertEqual(ui.gap?.height, 56, "each wheel click is a quarter row")
        XCTAssertEqual(ui.gap?.releaseWillInsert, false)
        ui.apply(ui.controller.ctrlScroll(boundaryIndex: 8, deltaY: -1, time: 0.5))
        XCTAssertEqual(ui.gap?.boundaryIndex, 6, "the gap stays where the scrolling began")
        XCTAssertEqual(ui.gap?.releaseWillInsert, true)
        XCTAssertEqual(ui.apply(ui.controller.ctrlScrollStopped(time: 1)), [.gap(nil), .insertItem(at: 6)])
    }

    func testCtrlScrollDownClosesGapWithoutInserting() {
        let ui = ControllerHarness()
        ui.apply(ui.controller.ctrlScroll(boundaryIndex: 2, deltaY: -3, time: 0.1))
        ui.apply(ui.controller.ctrlScroll(boundaryIndex: 2, deltaY: 1, time: 0.2))
        XCTAssertEqual(ui.gap?.height, 28)
        ui.apply(ui.controller.ctrlScroll(boundaryIndex: 2, deltaY: 5, time: 0.3))
        XCTAssertNil(ui.gap, "never below zero")
        ui.apply(ui.controller.ctrlScroll(boundaryIndex: 2, deltaY: -1, time: 0.4))
        XCTAssertEqual(ui.gap?.height, 14, "and opens again from zero")
        ui.apply(ui.controller.ctrlScrollStopped(time: 1))
        XCTAssertFalse(ui.log.contains(.insertItem(at: 2)))
        ui.settle()
        XCTAssertNil(ui.gap)
        XCTAssertTrue(ui.controller.isIdle)
    }

    func testCtrlScrollIsIgnoredDuringTouchPinch() {
        let ui = ControllerHarness()
        ui.apply(ui.controller.pinchBegan(upperIndex: 1, lowerIndex: 2, upperY: 50, lowerY: 110, time: 0))
        ui.apply(ui.controller.ctrlScroll(boundaryIndex: 5, deltaY: -10, time: 0.1))
        XCTAssertNil(ui.gap)
        XCTAssertTrue(ui.apply(ui.controller.ctrlScrollStopped(time: 0.2)).isEmpty)
        ui.apply(ui.controller.pinchUpdated(upperY: 10, lowerY: 150, time: 0.3))
        XCTAssertEqual(ui.gap?.boundaryIndex, 2, "the touch pinch goes on")
    }
}
