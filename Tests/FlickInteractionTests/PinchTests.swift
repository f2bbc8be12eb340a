import XCTest
@testable import FlickInteraction

/// DESIGN 2.4, touchscreen: only a pinch on neighbouring rows opens a gap; past one
/// row height its release inserts at i+1, otherwise the gap closes in 0.2 s.
final class PinchTests: XCTestCase {
    /// Begins a pinch with the touch points at y 100 (upper) and 160 (lower).
    private func beginPinch(_ ui: ControllerHarness, upper: Int?, lower: Int?) -> [Effect] {
        ui.apply(ui.controller.pinchBegan(upperIndex: upper, lowerIndex: lower, upperY: 100, lowerY: 160, time: 7))
    }

    /// Moves both points outward by `spread` each.
    private func spread(_ ui: ControllerHarness, by spread: Double) {
        ui.apply(ui.controller.pinchUpdated(upperY: 100 - spread, lowerY: 160 + spread, time: 7.2))
    }

    func testNonNeighbourPinchIsIgnored() {
        for (upper, lower) in [(2, 4), (3, 2), (nil, 3), (2, nil), (9, 10)] as [(Int?, Int?)] {
            let ui = ControllerHarness()
            _ = beginPinch(ui, upper: upper, lower: lower)
            spread(ui, by: 100)
            XCTAssertNil(ui.gap, "\(String(describing: upper)), \(String(describing: lower))")
            ui.apply(ui.controller.pinchEnded(time: 7.5))
            XCTAssertFalse(ui.log.contains { if case .insertItem = $0 { true } else { false } })
            XCTAssertTrue(ui.controller.isIdle)
        }
    }

    func testNeighbourPinchPastRowHeightInsertsBelowUpperRow() {
        let ui = ControllerHarness()
        _ = beginPinch(ui, upper: 2, lower: 3)
        spread(ui, by: 30)
        XCTAssertEqual(ui.gap?.boundaryIndex, 3)
        XCTAssertEqual(ui.gap?.height, 60)
        XCTAssertEqual(ui.gap?.rowShift, 30, "rows move apart by delta each")
        let release = ui.apply(ui.controller.pinchEnded(time: 7.5))
        XCTAssertEqual(release, [.gap(nil), .insertItem(at: 3)], "the gap collapses at once: the new row takes its place")
        XCTAssertFalse(ui.controller.needsFrames)
        XCTAssertTrue(ui.controller.isIdle)
    }

    func testPinchDeltaIsTheSmallerOutwardMovement() {
        let ui = ControllerHarness()
        _ = beginPinch(ui, upper: 2, lower: 3)
        ui.apply(ui.controller.pinchUpdated(upperY: 60, lowerY: 170, time: 7.1))
        XCTAssertEqual(ui.gap?.height, 20, "upper moved 40, lower 10: delta 10, gap 20")
        ui.apply(ui.controller.pinchUpdated(upperY: 60, lowerY: 150, time: 7.2))
        XCTAssertNil(ui.gap, "moving together never makes a negative gap")
        ui.apply(ui.controller.pinchUpdated(upperY: 130, lowerY: 130, time: 7.3))
        XCTAssertNil(ui.gap)
    }

    func testPinchBelowRowHeightClosesGapInPointTwoSeconds() {
        let ui = ControllerHarness()
        _ = beginPinch(ui, upper: 4, lower: 5)
        spread(ui, by: 20)
        XCTAssertEqual(ui.gap?.height, 40)
        let release = ui.apply(ui.controller.pinchEnded(time: 7.5))
        XCTAssertFalse(release.contains(.insertItem(at: 5)))
        XCTAssertEqual(ui.gap?.releaseWillInsert, false)
        ui.frame(after: 3)  // the first frame starts the animation
        XCTAssertEqual(ui.gap?.height, 40)
        ui.frame(after: 0.05)
        XCTAssertEqual(ui.gap?.height ?? 0, 37.5, accuracy: 1e-6, "ease-in-out starts slowly")
        ui.frame(after: 0.05)
        XCTAssertEqual(ui.gap?.height ?? 0, 20, accuracy: 1e-6, "and is half way at half time")
        ui.frame(after: 0.099)
        XCTAssertNotNil(ui.gap)
        ui.frame(after: 0.01)
        XCTAssertNil(ui.gap)
        XCTAssertTrue(ui.controller.isIdle)
    }

    func testPlaceholderScaleOpacityAndReleaseText() {
        let ui = ControllerHarness()
        _ = beginPinch(ui, upper: 0, lower: 1)
        spread(ui, by: 7)
        XCTAssertEqual(ui.gap?.placeholderScale, 0.25)
        XCTAssertEqual(ui.gap?.placeholderOpacity, 0.25)
        XCTAssertEqual(ui.gap?.releaseWillInsert, false, "\"Pull apart to add item\"")
        spread(ui, by: 28)
        XCTAssertEqual(ui.gap?.placeholderScale, 1)
        XCTAssertEqual(ui.gap?.releaseWillInsert, false, "exactly one row is not past it")
        spread(ui, by: 35)
        XCTAssertEqual(ui.gap?.placeholderScale, 1)
        XCTAssertEqual(ui.gap?.placeholderOpacity, 1)
        XCTAssertEqual(ui.gap?.releaseWillInsert, true, "\"Release to add item\"")
    }

    func testCancelledPinchNeverInserts() {
        let ui = ControllerHarness()
        _ = beginPinch(ui, upper: 2, lower: 3)
        spread(ui, by: 50)
        let cancel = ui.apply(ui.controller.pinchCancelled())
        XCTAssertFalse(cancel.contains(.insertItem(at: 3)))
        XCTAssertEqual(ui.gap?.releaseWillInsert, false)
        ui.settle()
        XCTAssertNil(ui.gap)
    }

    func testPinchCancelsRowDragAndLocksDrags() {
        let ui = ControllerHarness()
        ui.begin(1, at: 0)
        XCTAssertEqual(ui.move(dx: -60, at: 0.1), .claimed)
        let pinch = beginPinch(ui, upper: 2, lower: 3)
        XCTAssertTrue(pinch.contains(.dragCancelled), "the UI must deny the drag's sequence")
        XCTAssertEqual(ui.move(dx: -150, at: 0.2), .denied)
        XCTAssertEqual(ui.begin(2, at: 0.3), [.dragCancelled], "no new drag while pinching")
        XCTAssertEqual(ui.move(dx: -50, at: 0.4), .denied)
        ui.end(at: 0.5)
        ui.settle()
        XCTAssertEqual(ui.offset(1), 0, "the row went back to where it was before the drag")
        XCTAssertEqual(ui.offset(2), 0)
        XCTAssertFalse(ui.controller.isMenuOpen(1))
        ui.apply(ui.controller.pinchEnded(time: 1))
        ui.begin(2, at: 2)
        XCTAssertEqual(ui.move(dx: -50, at: 2.1), .claimed, "drags work again after the pinch")
    }

    func testPinchReturnsADraggedOpenRowToOpen() {
        let ui = ControllerHarness()
        ui.apply(ui.controller.openMenu(item: 1))
        ui.settle()
        ui.begin(1, at: 0)
        ui.move(dx: 150, at: 0.1)
        _ = beginPinch(ui, upper: 5, lower: 6)
        ui.settle()
        XCTAssertEqual(ui.offset(1), -200)
        XCTAssertTrue(ui.controller.isMenuOpen(1))
    }

    func testPendingDragIsCancelledByPinch() {
        let ui = ControllerHarness()
        ui.begin(1, at: 0)
        XCTAssertEqual(beginPinch(ui, upper: 1, lower: 3), [.dragCancelled], "even a pinch that is ignored locks drags")
        XCTAssertEqual(ui.move(dx: -50, at: 0.1), .denied)
    }
}
