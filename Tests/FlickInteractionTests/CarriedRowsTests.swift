import XCTest
@testable import FlickInteraction

/// A lifted selected row carries the selection (issue 60): the others leave the list view while
/// it is lifted, the lift works on the list without them, and the drop gathers all of them, in
/// their order, where it was shown; a cancel puts every row back where it was.
final class CarriedRowsTests: XCTestCase {
    private typealias Lift = LiftGesture<Int64>
    private let pitch = 50.0

    private func at(_ listY: Double) -> Lift.Pointer {
        .init(listY: listY, scroll: 0, windowX: 100, windowY: listY + 40)
    }

    /// The selection {1, 4, 6} of rows 0…7, lifted by row 4.
    private var carry: CarriedRows<Int64> {
        CarriedRows(lifting: 4, at: 4, with: [.init(id: 6, index: 6), .init(id: 1, index: 1), .init(id: 4, index: 4)])
    }

    /// The list view's rows once the others are taken out, as the view takes them out.
    private func takenOut(_ rows: [Int64], _ carry: CarriedRows<Int64>) -> [Int64] {
        var rows = rows
        for place in carry.placesToTakeOut { rows.remove(at: place) }
        return rows
    }

    private func putBack(_ rows: [Int64], _ carry: CarriedRows<Int64>) -> [Int64] {
        var rows = rows
        for place in carry.placesToPutBack { rows.insert(place.id, at: place.index) }
        return rows
    }

    /// What the level does with a drop at `index` of the list without the carried rows.
    private func gathered(_ level: [Int64], _ carry: CarriedRows<Int64>, at index: Int) -> [Int64] {
        let others = level.filter { !carry.ids.contains($0) }
        return Array(others[..<index]) + carry.ids + others[index...]
    }

    func testTheLiftWorksOnTheListWithoutTheOthers() {
        let carry = carry
        XCTAssertTrue(carry.isMany)
        XCTAssertEqual(carry.ids, [1, 4, 6], "in the list's order, whatever the order given")
        XCTAssertEqual(carry.liftedIndex, 3, "one carried row was above it")
        XCTAssertEqual(carry.rowCount(of: 8), 6)
        let level: [Int64] = Array(0...7)
        XCTAssertEqual(takenOut(level, carry), [0, 2, 3, 4, 5, 7])
        XCTAssertEqual(putBack(takenOut(level, carry), carry), level, "put back, every row is where it was")
    }

    func testADropGathersThemInTheirOrderWhereTheRowWasShown() {
        let carry = carry
        let level: [Int64] = Array(0...7)
        var slots = takenOut(level, carry)
        var lift = Lift()
        var effects = lift.began(id: 4, index: carry.liftedIndex, rowCount: carry.rowCount(of: 8), pitch: pitch,
                                 pointer: at(3.5 * pitch), carryArea: nil)
        XCTAssertEqual(effects.first, .lifted(4, index: 3))
        effects = lift.moved(to: at(0.4 * pitch), time: 1)
        for case let .moveSlot(from, to, _) in effects { slots.insert(slots.remove(at: from), at: to) }
        XCTAssertEqual(slots, [4, 0, 2, 3, 5, 7], "the slot goes to the top of the list without the others")
        let released = carry.released(lift.released())
        XCTAssertEqual(released.last, .moveCarried([1, 4, 6], to: 0, lifted: 4))
        for case let .moveSlot(from, to, _) in released { slots.insert(slots.remove(at: from), at: to) }
        XCTAssertEqual(putBack(slots, carry), level, "the view is the level's again before the level moves them")
        XCTAssertEqual(gathered(level, carry, at: 0), [1, 4, 6, 0, 2, 3, 5, 7])
    }

    func testDraggedAndBroughtBackTheyStillGatherThereButAHoldInPlaceSelects() {
        let carry = carry
        var lift = Lift()
        _ = lift.began(id: 4, index: 3, rowCount: 6, pitch: pitch, pointer: at(3.5 * pitch), carryArea: nil)
        _ = lift.moved(to: at(3.5 * pitch + 20), time: 1)
        _ = lift.moved(to: at(3.5 * pitch), time: 2)
        XCTAssertEqual(carry.released(lift.released()), [.ended(4), .moveCarried([1, 4, 6], to: 3, lifted: 4)],
                       "they left their places: dropped where it was, they gather there")
        XCTAssertEqual(gathered(Array(0...7), carry, at: 3), [0, 2, 3, 1, 4, 6, 5, 7])

        _ = lift.began(id: 4, index: 3, rowCount: 6, pitch: pitch, pointer: at(3.5 * pitch), carryArea: nil)
        XCTAssertEqual(carry.released(lift.released()), [.ended(4), .heldStill(4)], "a hold let go in place is not a drop")
    }

    func testAPinchTakingTheLiftPutsEverythingBack() {
        let carry = carry
        let hands = ListHands<Int64>()
        _ = hands.controller.configure(geometry: .standard)
        XCTAssertTrue(hands.rowDragBegan(item: 4, isEditing: false, time: 1).accepted)
        XCTAssertEqual(hands.handle(.longPressed(item: 4, x: 100, y: 175)), [.prepareLift(4, x: 100, y: 175)])
        _ = hands.handle(.liftPrepared(.init(carry: carry, rowCount: 8, pitch: pitch, pointer: at(3.5 * pitch), carryArea: nil)))
        _ = hands.handle(.rowDragged(dx: 0, dy: -155, time: 2, pointer: at(0.4 * pitch)))
        let start = PinchGesture<Int64>.Start(hasPoints: true, upperY: 100, lowerY: 200, upper: nil, lower: nil,
                                              spreadOpensRows: false, boundaryNearPointer: 2)
        let takenBack = hands.handle(.pinchBegan(start, time: 3)).compactMap { if case let .lift(effect) = $0 { effect } else { nil } }
        XCTAssertEqual(takenBack.suffix(2), [.ended(4), .focus(4)], "no move: the view puts the others back at .ended")
        XCTAssertFalse(takenBack.contains { if case .move = $0 { return true } else { return false } })
    }

    func testARowOutsideTheSelectionMovesAlone() {
        let alone = CarriedRows<Int64>(lifting: 2, at: 2, with: [])
        XCTAssertFalse(alone.isMany)
        XCTAssertEqual(alone.liftedIndex, 2)
        XCTAssertEqual(alone.rowCount(of: 8), 8)
        XCTAssertEqual(alone.released([.ended(2), .focus(2)]), [.ended(2), .focus(2)])
    }
}

/// The hands keep what a lift carries along from its start to its release, so that the drop the
/// hands answer moves every carried row: the view only draws them out and back.
final class CarriedRowsThroughTheHandsTests: XCTestCase {
    private let pitch = 50.0

    private func at(_ listY: Double) -> LiftGesture<Int64>.Pointer {
        .init(listY: listY, scroll: 0, windowX: 100, windowY: listY + 40)
    }

    func testTheDropTheHandsAnswerMovesEveryCarriedRowAndAnotherLiftMovesAlone() {
        let hands = ListHands<Int64>()
        _ = hands.controller.configure(geometry: .standard)
        let carry = CarriedRows<Int64>(lifting: 4, at: 4, with: [.init(id: 6, index: 6), .init(id: 1, index: 1)])
        _ = hands.handle(.rowPressed(item: 4, isEditing: false, time: 1, geometry: nil))
        _ = hands.handle(.longPressed(item: 4, x: 100, y: 175))
        _ = hands.handle(.liftPrepared(.init(carry: carry, rowCount: 8, pitch: pitch, pointer: at(3.5 * pitch), carryArea: nil)))
        _ = hands.handle(.rowDragged(dx: 0, dy: -155, time: 2, pointer: at(0.4 * pitch)))
        XCTAssertEqual(hands.handle(.rowReleased(time: 3)).last, .lift(.moveCarried([1, 4, 6], to: 0, lifted: 4)))

        _ = hands.handle(.rowPressed(item: 2, isEditing: false, time: 4, geometry: nil))
        _ = hands.handle(.longPressed(item: 2, x: 100, y: 125))
        _ = hands.handle(.liftPrepared(.init(id: 2, index: 2, rowCount: 8, pitch: pitch, pointer: at(2.5 * pitch))))
        _ = hands.handle(.rowDragged(dx: 0, dy: 100, time: 5, pointer: at(4.5 * pitch)))
        XCTAssertEqual(hands.handle(.rowReleased(time: 6)).last, .lift(.move(2, to: 4)), "the last lift's rows are not this one's")
    }
}
