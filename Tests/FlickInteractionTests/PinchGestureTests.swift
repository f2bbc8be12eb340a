import XCTest
@testable import FlickInteraction

/// The pinches decided from events (issue 28): a gap, a spread on one row, the pinch together
/// and Ctrl+scroll, each owning the pointer while it lasts and giving it back as it ends.
final class PinchGestureTests: XCTestCase {
    private typealias Pinch = PinchGesture<Int64>

    private func touchStart(upper: Int, lower: Int, spreadOpensRows: Bool = false) -> Pinch.Start {
        Pinch.Start(hasPoints: true, upperY: Double(upper) * 56 + 28, lowerY: Double(lower) * 56 + 28,
                    upper: .init(index: upper, fraction: 0.5, id: Int64(upper)),
                    lower: .init(index: lower, fraction: 0.5, id: Int64(lower)),
                    spreadOpensRows: spreadOpensRows, boundaryNearPointer: upper + 1)
    }

    private func touchpadStart(row: Int, fraction: Double, opens: Bool) -> Pinch.Start {
        let under = Pinch.RowUnderPoint(index: row, fraction: fraction, id: Int64(row), touchpadSpreadOpens: opens)
        return Pinch.Start(hasPoints: false, upperY: 0, lowerY: 0, upper: under, lower: under, spreadOpensRows: false,
                           boundaryNearPointer: fraction < 0.5 ? row : row + 1)
    }

    private func gaps(_ effects: [Pinch.Effect]) -> [PinchGap?] {
        effects.flatMap { effect -> [PinchGap?] in
            guard case let .list(list) = effect else { return [] }
            return list.compactMap { if case let .gap(gap) = $0 { return .some(gap) } else { return nil } }
        }
    }

    private func inserts(_ effects: [Pinch.Effect]) -> [Int] {
        effects.flatMap { effect -> [Int] in
            guard case let .list(list) = effect else { return [] }
            return list.compactMap { if case let .insertItem(at) = $0 { return at } else { return nil } }
        }
    }

    /// What the window was asked, in order, by the steps taken through `answered`.
    private var asked: [PinchRequest] = []

    /// Takes a pinch step as the hands do: a step that asks something of the window is taken
    /// again with the answer (`room` to make room for a gap, `up` to start going up).
    private func answered(room: Bool = true, up: Bool = false, _ step: (PinchRequest.Answers) -> [Pinch.Effect]) -> [Pinch.Effect] {
        var answers = PinchRequest.Answers()
        var effects = step(answers)
        while case let .request(request)? = effects.last {
            asked.append(request)
            answers = answers.with(request, request == .makeRoomForGap ? room : up)
            effects = effects.dropLast() + step(answers)
        }
        return effects
    }

    func testTwoFingersSpreadingOpenAGapThatBecomesAnItem() {
        let ui = ControllerHarness()
        var pinch = Pinch()
        var arbiter = GestureArbiter()
        _ = answered(room: true) { pinch.began(touchStart(upper: 2, lower: 3), time: 1,
            arbiter: &arbiter, controller: ui.controller, answers: $0) }
        XCTAssertTrue(arbiter.owns(.pinch))
        let spread = answered(up: false) { pinch.updated(upperY: 140 - 40, lowerY: 196 + 40, scale: 2, time: 1.2, levelAbove: true,
                                   arbiter: &arbiter, controller: ui.controller, answers: $0) }
        XCTAssertEqual(asked, [.makeRoomForGap], "room made as it began; not a pinch together")
        XCTAssertEqual(gaps(spread).last??.boundaryIndex, 3)
        let ended = pinch.ended(time: 1.3, arbiter: &arbiter, controller: ui.controller)
        XCTAssertEqual(inserts(ended), [3], "\(spread) \(ended)")
        XCTAssertNil(arbiter.owner)
    }

    func testAPinchWhoseEditCannotBeSavedOpensNothing() {
        let ui = ControllerHarness()
        var pinch = Pinch()
        var arbiter = GestureArbiter()
        let began = answered(room: false) {
            pinch.began(touchStart(upper: 2, lower: 3), time: 1, arbiter: &arbiter, controller: ui.controller, answers: $0)
        }
        XCTAssertEqual(began, [])
        XCTAssertEqual(asked, [.makeRoomForGap])
        let spread = answered(up: false) { pinch.updated(upperY: 100, lowerY: 300, scale: 2, time: 1.2, levelAbove: false,
            arbiter: &arbiter, controller: ui.controller, answers: $0) }
        XCTAssertEqual(gaps(spread).compactMap { $0 }, [])
        _ = pinch.ended(time: 1.3, arbiter: &arbiter, controller: ui.controller)
        XCTAssertNil(arbiter.owner)
    }

    func testClosingWithNoGapOpenGoesUpALevelWhereThereIsOne() {
        let ui = ControllerHarness()
        var pinch = Pinch()
        var arbiter = GestureArbiter()
        _ = answered(room: true) { pinch.began(touchStart(upper: 2, lower: 5), time: 1,
            arbiter: &arbiter, controller: ui.controller, answers: $0) }
        let closing = answered(up: true) { pinch.updated(upperY: 150, lowerY: 250, scale: 0.8, time: 1.1, levelAbove: true,
            arbiter: &arbiter, controller: ui.controller, answers: $0) }
        XCTAssertEqual(asked, [.makeRoomForGap, .startGoingUp])
        XCTAssertTrue(arbiter.owns(.levelPinch))
        guard case let .levelPinchMoved(progress)? = closing.last else { return XCTFail("\(closing)") }
        XCTAssertEqual(progress, 0.5, accuracy: 1e-9)
        _ = answered(up: true) { pinch.updated(upperY: 180, lowerY: 220, scale: 0.5, time: 1.2, levelAbove: true, arbiter: &arbiter,
                          controller: ui.controller, answers: $0) }
        XCTAssertEqual(asked, [.makeRoomForGap, .startGoingUp], "asked once")
        let ended = pinch.ended(time: 1.3, arbiter: &arbiter, controller: ui.controller)
        guard case .levelPinchEnded(.goUp, progress: 1, velocity: _)? = ended.first else { return XCTFail("\(ended)") }
        XCTAssertNil(arbiter.owner)
        XCTAssertNil(pinch.levelPinch)
    }

    func testWithNoLevelAboveOrTheTransitionRefusedAClosingPinchStaysAPinch() {
        for levelAbove in [false, true] {
            let ui = ControllerHarness()
            var pinch = Pinch()
            var arbiter = GestureArbiter()
            _ = answered(room: true) { pinch.began(touchStart(upper: 2, lower: 5), time: 1,
                arbiter: &arbiter, controller: ui.controller, answers: $0) }
            _ = answered(up: false) { pinch.updated(upperY: 150, lowerY: 250, scale: 0.5, time: 1.1, levelAbove: levelAbove,
                arbiter: &arbiter, controller: ui.controller, answers: $0) }
            XCTAssertTrue(arbiter.owns(.pinch))
            XCTAssertNil(pinch.levelPinch)
        }
    }

    func testSpreadingOnOneRowOpensIt() {
        let ui = ControllerHarness()
        var pinch = Pinch()
        var arbiter = GestureArbiter()
        _ = answered(room: true) { pinch.began(touchStart(upper: 4, lower: 4, spreadOpensRows: true), time: 1, arbiter: &arbiter,
                        controller: ui.controller, answers: $0) }
        let opened = answered(up: false) { pinch.updated(upperY: 200, lowerY: 300, scale: 1.3, time: 1.2, levelAbove: false,
            arbiter: &arbiter, controller: ui.controller, answers: $0) }
        XCTAssertEqual(opened.last, .openRow(4))
    }

    func testATouchpadSpreadsOnARowsMiddleAndOpensAGapNearItsEdge() {
        let ui = ControllerHarness()
        var pinch = Pinch()
        var arbiter = GestureArbiter()
        _ = answered(room: true) { pinch.began(touchpadStart(row: 3, fraction: 0.5, opens: true), time: 1, arbiter: &arbiter,
                        controller: ui.controller, answers: $0) }
        XCTAssertEqual(answered(up: false) { pinch.updated(upperY: 0, lowerY: 0, scale: 1.3, time: 1.1, levelAbove: false,
            arbiter: &arbiter, controller: ui.controller, answers: $0) }.last, .openRow(3))
        _ = pinch.ended(time: 1.2, arbiter: &arbiter, controller: ui.controller)

        for start in [touchpadStart(row: 3, fraction: 0.1, opens: true), touchpadStart(row: 3, fraction: 0.5, opens: false)] {
            _ = answered(room: true) { pinch.began(start, time: 2, arbiter: &arbiter, controller: ui.controller, answers: $0) }
            let spread = answered(up: false) { pinch.updated(upperY: 0, lowerY: 0, scale: 1.6, time: 2.1, levelAbove: false,
                arbiter: &arbiter, controller: ui.controller, answers: $0) }
            XCTAssertFalse(spread.contains(.openRow(3)), "\(start)")
            XCTAssertEqual(gaps(spread).last??.boundaryIndex, start.boundaryNearPointer)
            _ = pinch.cancelled(arbiter: &arbiter, controller: ui.controller)
            ui.settle()
        }
        XCTAssertNil(arbiter.owner)
    }

    func testCtrlScrollDownGoesUpAndEndsWhenTheStepsStop() {
        let ui = ControllerHarness()
        var pinch = Pinch()
        var arbiter = GestureArbiter()
        for step in 0..<4 {
            let effects = answered(up: true) {
                pinch.ctrlScrolled(deltaY: 1, boundary: 2, time: 1 + 0.05 * Double(step), levelAbove: true,
                                   arbiter: &arbiter, controller: ui.controller, answers: $0)
            }
            XCTAssertEqual(effects.count, 1)
        }
        XCTAssertEqual(asked, [.startGoingUp], "asked as it began")
        XCTAssertTrue(arbiter.owns(.levelPinch))
        XCTAssertEqual(pinch.ctrlScrollQuietDue, 1.15 + 0.3)
        XCTAssertEqual(pinch.advance(to: 1.4, arbiter: &arbiter, controller: ui.controller), [])
        let ended = pinch.advance(to: 1.45, arbiter: &arbiter, controller: ui.controller)
        guard case .levelPinchEnded(.goUp, progress: _, velocity: 0)? = ended.first else { return XCTFail("\(ended)") }
        XCTAssertNil(arbiter.owner)
        XCTAssertNil(pinch.ctrlScrollQuietDue)
    }

    func testCtrlScrollUpOpensAGapThatBecomesAnItemWhenTheStepsStop() {
        let ui = ControllerHarness()
        var pinch = Pinch()
        var arbiter = GestureArbiter()
        for step in 0..<5 {
            let effects = answered {
                pinch.ctrlScrolled(deltaY: -1, boundary: 6, time: 1 + 0.1 * Double(step), levelAbove: true,
                                   arbiter: &arbiter, controller: ui.controller, answers: $0)
            }
            for case let .list(list) in effects { ui.apply(list) }
        }
        XCTAssertEqual(asked, [.makeRoomForGap], "room made as it began; up is not asked")
        XCTAssertTrue(arbiter.owns(.pinch))
        XCTAssertEqual(inserts(pinch.advance(to: 2, arbiter: &arbiter, controller: ui.controller)), [6])
        XCTAssertNil(arbiter.owner)
    }

    func testATouchpadSwipeMovesTheRowUnderItUntilTheFingersLift() {
        let ui = ControllerHarness()
        var swipe = TouchpadSwipeGesture<Int64>()
        var arbiter = GestureArbiter()
        XCTAssertFalse(swipe.scrolled(dx: 5, over: nil, isEditing: false, time: 1, arbiter: &arbiter,
                                      controller: ui.controller, prepare: {}).moved, "no row that slides")
        arbiter.begin(.pinch)
        XCTAssertFalse(swipe.scrolled(dx: 5, over: 1, isEditing: false, time: 1, arbiter: &arbiter,
                                      controller: ui.controller, prepare: {}).moved, "the hands are busy")
        arbiter.end(.pinch)
        for step in 1...10 {
            let (moved, effects) = swipe.scrolled(dx: -25, over: 1, isEditing: false, time: 1 + Double(step) / 100,
                                                  arbiter: &arbiter, controller: ui.controller, prepare: {})
            XCTAssertTrue(moved)
            ui.apply(effects)
        }
        XCTAssertEqual(ui.offset(1), 250, "the row follows the fingers")
        XCTAssertTrue(arbiter.owns(.touchpadSwipe))
        let released = swipe.ended(time: 1.2, arbiter: &arbiter, controller: ui.controller)
        XCTAssertTrue(released.contains(.toggleComplete(1)))
        XCTAssertNil(arbiter.owner)
    }
}
