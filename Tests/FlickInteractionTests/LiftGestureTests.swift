import XCTest
@testable import FlickInteraction

/// Hold and drag, and carrying up a level, as one gesture (issue 56): what each input draws and
/// does, in order, and the hold at the back button counted in event time.
final class LiftGestureTests: XCTestCase {
    private typealias Lift = LiftGesture<Int64>
    private let pitch = 56.0
    private let button = Lift.CarryButtonArea(left: 0, right: 48, listTop: 50)

    private func at(_ listY: Double, scroll: Double = 0, windowX: Double = 200, windowY: Double? = nil) -> Lift.Pointer {
        .init(listY: listY, scroll: scroll, windowX: windowX, windowY: windowY ?? listY + 50)
    }

    func testALiftFollowsThePointerAndDropsAsOneMove() {
        var lift = Lift()
        var view = LiftViewModel(rowCount: 6)
        view.apply(lift.began(id: 1, index: 1, rowCount: 6, pitch: pitch, pointer: at(1.5 * pitch), carryArea: button))
        XCTAssertEqual(view.log, [.lifted(1, index: 1), .placeInList(top: pitch)])
        view.apply(lift.moved(to: at(3.7 * pitch), time: 1))
        XCTAssertEqual(view.log.suffix(2), [.moveSlot(from: 1, to: 3, pitch: pitch), .placeInList(top: 3.2 * pitch)])
        let released = lift.released()
        view.apply(released)
        XCTAssertEqual(released, [.moveSlot(from: 3, to: 1, pitch: pitch), .ended(1), .move(1, to: 3)],
                       "the slot goes back, the copy goes, then the level moves the row once")
        XCTAssertEqual(view.level, [0, 2, 3, 1, 4, 5])
        XCTAssertFalse(lift.isLifted)
        XCTAssertEqual(lift.released(), [], "a second release does nothing")
    }

    func testADropWhereItWasFocusesTheRowAndACancelPutsItBack() {
        var lift = Lift()
        _ = lift.began(id: 2, index: 2, rowCount: 4, pitch: pitch, pointer: at(2.5 * pitch), carryArea: nil)
        _ = lift.moved(to: at(2.5 * pitch + 20), time: 1)
        _ = lift.moved(to: at(2.5 * pitch), time: 2)
        XCTAssertEqual(lift.released(), [.ended(2), .focus(2)], "dragged and brought back: no move, and no hold in place")
        _ = lift.began(id: 2, index: 2, rowCount: 4, pitch: pitch, pointer: at(2.5 * pitch), carryArea: nil)
        _ = lift.moved(to: at(0.2 * pitch), time: 1)
        XCTAssertEqual(lift.cancelled(), [.moveSlot(from: 0, to: 2, pitch: pitch), .ended(2), .focus(2)])
    }

    /// Issue 60: a long press let go without moving selects the row; the boundary is
    /// `holdStillPx` (8 px) from where the hand lifted it, in any direction, at any time of
    /// the hold. A list scrolling under a still hand is not the hand moving.
    func testAHoldLetGoWithinHoldStillPxIsAHoldInPlaceAndBeyondItAHoldAndDrag() {
        let start = at(2.5 * pitch, windowX: 200)
        var lift = Lift()
        _ = lift.began(id: 2, index: 2, rowCount: 4, pitch: pitch, pointer: start, carryArea: nil)
        XCTAssertEqual(lift.released(), [.ended(2), .heldStill(2)], "not moved at all")

        _ = lift.began(id: 2, index: 2, rowCount: 4, pitch: pitch, pointer: start, carryArea: nil)
        _ = lift.moved(to: at(2.5 * pitch, windowX: 200 + 8), time: 1)
        XCTAssertEqual(lift.released(), [.ended(2), .heldStill(2)], "8 px: still a hold in place")

        _ = lift.began(id: 2, index: 2, rowCount: 4, pitch: pitch, pointer: start, carryArea: nil)
        _ = lift.moved(to: at(2.5 * pitch + 6, windowX: 200 + 6), time: 1)
        XCTAssertEqual(lift.released(), [.ended(2), .focus(2)], "8.5 px on a diagonal: a drag that came to nothing")

        _ = lift.began(id: 2, index: 2, rowCount: 4, pitch: pitch, pointer: start, carryArea: nil)
        _ = lift.moved(to: at(2.5 * pitch, windowX: 200 + 9), time: 1)
        _ = lift.moved(to: start, time: 2)
        XCTAssertEqual(lift.released(), [.ended(2), .focus(2)], "9 px away and back: the farthest counts")

        _ = lift.began(id: 2, index: 2, rowCount: 4, pitch: pitch, pointer: start, carryArea: nil)
        _ = lift.scrolled(to: 5)
        XCTAssertEqual(lift.released(), [.ended(2), .heldStill(2)], "the list scrolled 5 px under a still hand")

        _ = lift.began(id: 2, index: 2, rowCount: 4, pitch: pitch, pointer: start, carryArea: nil)
        _ = lift.moved(to: at(0.5 * pitch, windowX: 200), time: 1)
        XCTAssertEqual(lift.released().last, .move(2, to: 0), "a hold and drag still moves the row")
    }

    func testTheScrollPositionCountsWhereTheRowIs() {
        var lift = Lift()
        _ = lift.began(id: 0, index: 0, rowCount: 10, pitch: pitch, pointer: at(0.5 * pitch), carryArea: nil)
        XCTAssertEqual(lift.scrolled(to: 2 * pitch).first, .moveSlot(from: 0, to: 2, pitch: pitch),
                       "the list scrolled two rows under a still pointer")
    }

    func testHeldAtTheBackButtonTheRowGoesUpAtItsDeadline() {
        var lift = Lift()
        var view = LiftViewModel(rowCount: 5)
        view.apply(lift.began(id: 3, index: 3, rowCount: 5, pitch: pitch, pointer: at(3.5 * pitch), carryArea: button))
        view.apply(lift.moved(to: at(1.5 * pitch, windowX: 300), time: 1))
        XCTAssertNil(lift.carryDue, "not at the button")
        view.apply(lift.moved(to: at(10, windowX: 20, windowY: 30), time: 2))
        XCTAssertEqual(lift.carryDue, 2.6)
        view.apply(lift.moved(to: at(12, windowX: 55, windowY: 58), time: 2.3))
        XCTAssertEqual(lift.carryDue, 2.6, "within a finger's breadth of it: still held, the count goes on")
        XCTAssertEqual(lift.advance(to: 2.5), [], "not yet")
        let up = lift.advance(to: 2.6)
        view.apply(up)
        XCTAssertEqual(up.filter { $0 == .carriedUp }.count, 1)
        XCTAssertEqual(up.last, .placeCarried(top: 58 - pitch / 2), "the copy follows the pointer across the window")
        XCTAssertTrue(lift.isCarried)
        XCTAssertNil(lift.carryDue)
        XCTAssertFalse(lift.needsFrames, "carried, the list does not scroll by itself")
        XCTAssertEqual(lift.moved(to: at(400, windowX: 90, windowY: 300), time: 3), [.placeCarried(top: 300 - pitch / 2)])
        XCTAssertEqual(lift.released(), [.ended(3), .dropCarried(3, windowX: 90, windowY: 300)])
    }

    func testMovingAwayFromTheButtonStartsTheCountAgain() {
        var lift = Lift()
        _ = lift.began(id: 1, index: 1, rowCount: 3, pitch: pitch, pointer: at(1.5 * pitch), carryArea: button)
        _ = lift.moved(to: at(5, windowX: 10, windowY: 20), time: 1)
        _ = lift.moved(to: at(100, windowX: 200, windowY: 150), time: 1.4)
        XCTAssertEqual(lift.advance(to: 1.6), [])
        _ = lift.moved(to: at(5, windowX: 10, windowY: 20), time: 1.5)
        XCTAssertEqual(lift.carryDue, 2.1)
        XCTAssertFalse(lift.advance(to: 2.1).isEmpty)
        XCTAssertEqual(lift.cancelled(), [.ended(1), .carryCancelled], "carried and put back: back to its list")
    }

    func testWithoutALevelAboveNothingIsCarried() {
        var lift = Lift()
        _ = lift.began(id: 1, index: 1, rowCount: 3, pitch: pitch, pointer: at(1.5 * pitch), carryArea: nil)
        _ = lift.moved(to: at(5, windowX: 10, windowY: 20), time: 1)
        XCTAssertNil(lift.carryDue)
    }

    func testNearAnEdgeTheListScrollsByTheFramesTime() {
        var lift = Lift()
        _ = lift.began(id: 4, index: 4, rowCount: 20, pitch: pitch, pointer: at(5 * pitch), carryArea: nil)
        _ = lift.moved(to: at(560 - 5), time: 1)
        XCTAssertEqual(lift.frame(at: 10, viewportHeight: 560), [], "the first frame only starts the count")
        guard case let .scroll(by: distance)? = lift.frame(at: 10.1, viewportHeight: 560).first else {
            return XCTFail("no scroll at the bottom edge")
        }
        XCTAssertEqual(distance, RowLift(index: 4, rowCount: 20, pitch: pitch, pointerY: 0)
            .autoScrollSpeed(pointerY: 555, viewportHeight: 560) * 0.1, accuracy: 1e-9)
        _ = lift.moved(to: at(280), time: 2)
        XCTAssertEqual(lift.frame(at: 10.2, viewportHeight: 560), [], "in the middle: still")
    }

    func testARowThatCannotBeMeasuredIsNotLifted() {
        var lift = Lift()
        XCTAssertEqual(lift.began(id: 1, index: 1, rowCount: 3, pitch: 0, pointer: at(0), carryArea: nil), [])
        XCTAssertEqual(lift.began(id: 1, index: 3, rowCount: 3, pitch: pitch, pointer: at(0), carryArea: nil), [])
        XCTAssertFalse(lift.isLifted)
    }

    /// Through the hands: the lift takes the pointer from the row drag that held it, and a
    /// pinch puts the row back.
    func testTheHandsGiveTheLiftThePointerAndAPinchTakesIt() {
        let hands = ListHands<Int64>()
        _ = hands.controller.configure(geometry: .standard)
        XCTAssertTrue(hands.rowDragBegan(item: 2, isEditing: false, time: 1).accepted)
        XCTAssertEqual(hands.handle(.longPressed(item: 2, x: 200, y: 2.5 * pitch)), [.prepareLift(2, x: 200, y: 2.5 * pitch)])
        let lifted = hands.handle(.liftPrepared(.init(id: 2, index: 2, rowCount: 10, pitch: pitch, pointer: at(2.5 * pitch))))
        guard case .lift(.list)? = lifted.first else { return XCTFail("the row drag is not told to stop: \(lifted)") }
        XCTAssertEqual(lifted.last, .claimRowDrag, "the drag's sequence is the lift's")
        XCTAssertEqual(hands.state, .lift)
        XCTAssertFalse(hands.isTrackingRowDrag)
        let start = PinchGesture<Int64>.Start(hasPoints: true, upperY: 100, lowerY: 200, upper: nil, lower: nil,
                                              spreadOpensRows: false, boundaryNearPointer: 2)
        let began = hands.handle(.pinchBegan(start, time: 2))
        let takenBack = began.compactMap { effect -> LiftGesture<Int64>.Effect? in
            if case let .lift(lift) = effect { return lift } else { return nil }
        }
        XCTAssertEqual(began.last, .pinch(.request(.makeRoomForGap)), "the lift is put back before the room is asked for")
        XCTAssertEqual(takenBack.suffix(2), [.ended(2), .focus(2)])
        XCTAssertFalse(hands.lift.isLifted)
        XCTAssertNotEqual(hands.state, .lift)
    }

    func testTheNextDeadlineIsTheEarliestOfEveryGesture() {
        let hands = ListHands<Int64>()
        XCTAssertTrue(hands.rowDragBegan(item: 0, isEditing: false, time: 1).accepted)
        _ = hands.handle(.liftPrepared(.init(id: 0, index: 0, rowCount: 4, pitch: pitch, pointer: at(20), carryArea: button)))
        _ = hands.handle(.liftPointerMoved(at(5, windowX: 10, windowY: 20), time: 4))
        XCTAssertEqual(hands.nextDeadline, 4.6)
        XCTAssertEqual(hands.lastEventTime, 4)
        XCTAssertEqual(hands.handle(.timeReached(4.59)), [])
        XCTAssertTrue(hands.handle(.timeReached(4.6)).contains(.lift(.carriedUp)))
        XCTAssertNil(hands.nextDeadline)
        let stopped = hands.handle(.listReadAgain).filter { if case .lift = $0 { true } else { false } }
        XCTAssertEqual(stopped, [.lift(.ended(0)), .lift(.carryCancelled)], "a reset puts a carried row back")
        XCTAssertEqual(hands.state, .idle)
    }
}
