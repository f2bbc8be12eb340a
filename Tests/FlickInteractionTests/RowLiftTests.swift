import XCTest
@testable import FlickInteraction

/// Hold and drag to reorder (DESIGN 2.7): the lifted row's slot, auto-scroll and the drop.
final class RowLiftTests: XCTestCase {
    let pitch = 57.0

    func testTheSlotChangesOnlyPastTheNeighboursMiddle() {
        // Row 2 of 10, held at its middle.
        var lift = RowLift(index: 2, rowCount: 10, pitch: pitch, pointerY: 2.5 * pitch)
        XCTAssertFalse(lift.moved(toPointerY: 3.4 * pitch), "the centre has not passed row 3's middle")
        XCTAssertEqual(lift.index, 2)
        XCTAssertTrue(lift.moved(toPointerY: 3.6 * pitch))
        XCTAssertEqual(lift.index, 3)
        XCTAssertFalse(lift.moved(toPointerY: 3.0 * pitch), "back a little: no jitter between slots")
        XCTAssertTrue(lift.moved(toPointerY: 2.4 * pitch))
        XCTAssertEqual(lift.index, 2)
    }

    func testAFastMoveSkipsSeveralSlotsAndStaysInTheList() {
        var lift = RowLift(index: 0, rowCount: 5, pitch: pitch, pointerY: 10)
        lift.moved(toPointerY: 10 + 20 * pitch)
        XCTAssertEqual(lift.index, 4)
        XCTAssertEqual(lift.top, 4 * pitch, "never below the last slot")
        lift.moved(toPointerY: -500)
        XCTAssertEqual(lift.index, 0)
        XCTAssertEqual(lift.top, 0)
    }

    func testTheDropIsOneMoveOrNone() {
        var lift = RowLift(index: 1, rowCount: 4, pitch: pitch, pointerY: 1.5 * pitch)
        XCTAssertNil(lift.dropMove)
        lift.moved(toPointerY: 3.7 * pitch)
        XCTAssertEqual(lift.dropMove?.from, 1)
        XCTAssertEqual(lift.dropMove?.to, 3)
        lift.moved(toPointerY: 1.5 * pitch)
        XCTAssertNil(lift.dropMove, "back where it started")
    }

    func testAutoScrollGrowsWithDepthAtEitherEdge() {
        let lift = RowLift(index: 0, rowCount: 100, pitch: pitch, pointerY: 0)
        XCTAssertEqual(lift.autoScrollSpeed(pointerY: 300, viewportHeight: 600), 0)
        XCTAssertEqual(lift.autoScrollSpeed(pointerY: pitch + 1, viewportHeight: 600), 0)
        let shallow = lift.autoScrollSpeed(pointerY: pitch * 0.75, viewportHeight: 600)
        let deep = lift.autoScrollSpeed(pointerY: pitch * 0.1, viewportHeight: 600)
        XCTAssertLessThan(shallow, 0, "upwards near the top")
        XCTAssertLessThan(deep, shallow, "faster the deeper")
        XCTAssertEqual(lift.autoScrollSpeed(pointerY: -50, viewportHeight: 600), -900, "at most 900 px/s")
        XCTAssertGreaterThan(lift.autoScrollSpeed(pointerY: 590, viewportHeight: 600), 0, "downwards near the bottom")
    }

    /// Random moves keep the slot within the list and consistent with where the row is drawn:
    /// the slot is always one whose span holds the row's centre or the one next to it.
    func testRandomMovesKeepTheSlotWithTheRow() {
        var random = SplitMix64(seed: 0xD2A6)
        for _ in 0..<300 {
            let count = Int(random.next() % 30) + 1
            let start = Int(random.next() % UInt64(count))
            var lift = RowLift(index: start, rowCount: count, pitch: pitch, pointerY: (Double(start) + 0.5) * pitch)
            for _ in 0..<40 {
                lift.moved(toPointerY: Double(Int(random.next() % 4000)) - 1000)
                XCTAssertTrue((0..<count).contains(lift.index))
                let centreSlot = Int((lift.top + pitch / 2) / pitch)
                XCTAssertLessThanOrEqual(abs(centreSlot - lift.index), 1)
            }
            if let move = lift.dropMove {
                XCTAssertNotEqual(move.from, move.to)
                XCTAssertEqual(move.from, start)
            }
        }
    }

    /// Carrying up a level (DESIGN 2.7): held at the back button for 0.6 s by the events' own
    /// clock; leaving it starts the count again.
    func testHeldAtTheBackButtonTheRowGoesUpAfterTheHoldTime() {
        var lift = RowLift(index: 2, rowCount: 5, pitch: pitch, pointerY: 2.5 * pitch)
        lift.held(atCarryButton: false, time: 10)
        XCTAssertNil(lift.carryDue)
        lift.held(atCarryButton: true, time: 10.1)
        lift.held(atCarryButton: true, time: 10.5)
        XCTAssertEqual(lift.carryDue, 10.7, "the count runs from the first moment at the button")
        XCTAssertFalse(lift.carriesUp(at: 10.69))
        XCTAssertTrue(lift.carriesUp(at: 10.7))
        lift.held(atCarryButton: false, time: 10.6)
        XCTAssertFalse(lift.carriesUp(at: 11), "moved away before the time: no carry")
        lift.held(atCarryButton: true, time: 11)
        XCTAssertEqual(lift.carryDue, 11.6)
    }
}
