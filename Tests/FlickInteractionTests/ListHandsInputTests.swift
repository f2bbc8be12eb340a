import XCTest
@testable import FlickInteraction

/// The hands' one entry for input as values (`ListHands.handle`): every scroll over a list, a
/// touchpad's swipe and pulls, a wheel's pull and Ctrl+scroll, with what a gesture that lost the
/// pointer draws among the effects rather than sent to a callback.
final class ListHandsInputTests: XCTestCase {
    private typealias Hands = ListHands<Int64>

    private let top = EdgePullGesture.ListState(atTop: true, atEnd: false, completedCount: 0, canGoUp: true, rowHeight: 56)

    private func step(dx: Double = 0, dy: Double, _ source: ScrollSource = .fingers, control: Bool = false, time: Double,
                      row: Int64? = 2, list: EdgePullGesture.ListState? = nil,
                      geometry: ListGeometry? = nil) -> ListInput<Int64> {
        .scrolled(ListScrollStep(dx: dx, dy: dy, source: source, withControl: control, time: time, rowUnderPointer: row,
                                 pointerY: 120, list: list ?? top, geometry: geometry))
    }

    func testATouchpadSwipeMeasuresTheListAsItBeginsAndReleasesItsRowWhenTheFingersLift() {
        let hands = Hands()
        let ui = ControllerHarness()
        XCTAssertTrue(hands.handle(.scrollBegan(list: top)).isEmpty)
        var effects: [ListEffect<Int64>] = []
        for index in 0..<20 {
            let answer = hands.handle(step(dx: -12, dy: 0, time: 1 + Double(index) * 0.015,
                                           geometry: hands.mayBeginTouchpadSwipe ? .standard : nil))
            XCTAssertEqual(answer.last, .scrollUsedUp, "step \(index) is the swipe's: the list does not scroll")
            effects += answer
        }
        XCTAssertEqual(hands.state, .touchpadSwipe)
        XCTAssertFalse(hands.mayBeginTouchpadSwipe, "measured once, as the swipe began")
        XCTAssertEqual(hands.controller.geometry, .standard, "the swipe's row moves in the list as measured")
        for case let .row(effect) in effects { ui.apply([effect]) }
        XCTAssertEqual(ui.offset(2), 240, accuracy: 1e-9, "the row followed every step")
        let released = hands.handle(.scrollEnded(time: 1.5))
        XCTAssertTrue(released.contains(.row(.toggleComplete(2))), "\(released)")
        XCTAssertEqual(hands.state, .idle)
    }

    func testAWheelPullTakingARowDragEndsTheDragAmongItsEffects() {
        let hands = Hands()
        let ui = ControllerHarness()
        ui.apply(hands.controller.configure(geometry: .standard))
        XCTAssertTrue(hands.rowDragBegan(item: 2, isEditing: false, time: 10).accepted)
        let effects = hands.handle(step(dy: -1, .wheelStep, time: 11))
        XCTAssertEqual(effects.first, .letGoOfRowDrag, "GTK lets go of the drag first: \(effects)")
        XCTAssertTrue(effects.contains(.pull(.began)), "\(effects)")
        XCTAssertEqual(effects.last, .scrollUsedUp)
        XCTAssertEqual(hands.state, .edgePull(.top))
        XCTAssertFalse(hands.isTrackingRowDrag)
    }

    func testAPullDragTakingARowDragEndsTheDragAmongItsEffects() {
        let hands = Hands()
        let ui = ControllerHarness()
        ui.apply(hands.controller.configure(geometry: .standard))
        XCTAssertTrue(hands.rowDragBegan(item: 2, isEditing: false, time: 10).accepted)
        XCTAssertEqual(hands.handle(.pullPressed), [])
        XCTAssertEqual(hands.handle(.pullDragged(dx: 0, dy: 4, list: top)), [], "not yet past the start distance")
        let pulled = hands.handle(.pullDragged(dx: 0, dy: 30, list: top))
        XCTAssertEqual(pulled.first, .letGoOfRowDrag, "\(pulled)")
        XCTAssertTrue(pulled.contains(.pull(.began)), "\(pulled)")
        XCTAssertEqual(hands.state, .edgePull(.top))
        XCTAssertFalse(hands.isTrackingRowDrag)
        let released = hands.handle(.pullReleased)
        XCTAssertTrue(released.allSatisfy { if case .pull = $0 { return true } else { return false } }, "\(released)")
        XCTAssertEqual(hands.state, .idle)
    }

    func testCtrlScrollIsTheMousePinchWhereNoPullUsesTheStep() {
        let hands = Hands()
        XCTAssertEqual(hands.handle(step(dy: -1, .wheelStep, control: true, time: 1)),
                       [.ctrlScrolled(units: -1, pointerY: 120, time: 1), .scrollUsedUp], "a notch is one unit")
        XCTAssertEqual(hands.handle(step(dy: -20, .fingers, control: true, time: 2)),
                       [.ctrlScrolled(units: -2, pointerY: 120, time: 2), .scrollUsedUp], "ten pixels are one unit")
        XCTAssertEqual(hands.handle(step(dy: -0.5, .wheelPart, control: true, time: 3)), [.scrollUsedUp],
                       "a high-resolution wheel's part of a notch is swallowed: the notch is the pinch's step")
        XCTAssertEqual(hands.handle(step(dy: 3, .wheelPart, time: 4)), [], "GTK scrolls by it")
    }

    func testAVerticalTouchpadScrollScrollsByWhatWasHeldBackAndLetsAPullGoWhenTheFingersLift() {
        let hands = Hands()
        let middle = EdgePullGesture.ListState(atTop: false, atEnd: false, rowHeight: 56)
        _ = hands.handle(.scrollBegan(list: middle))
        XCTAssertEqual(hands.handle(step(dx: 1.5, dy: 4, time: 1, list: middle)), [.scrollUsedUp], "held while undecided")
        XCTAssertEqual(hands.handle(step(dx: -1, dy: 3, time: 1.01, list: middle)), [.scrollUsedUp])
        XCTAssertEqual(hands.handle(step(dx: 2, dy: 5, time: 1.02, list: middle)), [.scrollList(by: 7)],
                       "decided: GTK scrolls this step, the list by hand what was held before it")
        _ = hands.handle(.scrollEnded(time: 1.1))

        _ = hands.handle(.scrollBegan(list: top))
        for index in 0..<6 { _ = hands.handle(step(dx: 0, dy: -12, time: 2 + Double(index) * 0.015)) }
        XCTAssertEqual(hands.state, .edgePull(.top))
        let released = hands.handle(.scrollEnded(time: 2.2))
        XCTAssertFalse(released.isEmpty)
        XCTAssertTrue(released.allSatisfy { if case .pull = $0 { return true } else { return false } }, "\(released)")
        XCTAssertEqual(hands.state, .idle)
    }

    // MARK: A row's drag: a slide, or a lifted row carried

    private func at(_ y: Double) -> LiftGesture<Int64>.Pointer {
        .init(listY: y, scroll: 0, windowX: 200, windowY: y + 60)
    }

    func testARowDragIsClaimedOnceSidewaysAndLetGoOnceVertical() {
        let hands = Hands()
        XCTAssertFalse(hands.handle(.rowPressed(item: 2, isEditing: false, time: 1, geometry: .standard)).contains(.denyRowDrag))
        XCTAssertEqual(hands.controller.geometry, .standard, "measured before the controller heard of the press")
        let sideways = hands.handle(.rowDragged(dx: 20, dy: 1, time: 1.05, pointer: at(140)))
        XCTAssertEqual(sideways.first, .claimRowDrag, "\(sideways)")
        XCTAssertTrue(sideways.contains { if case .row(.rowOffset(2, _)) = $0 { return true } else { return false } }, "\(sideways)")
        _ = hands.handle(.rowReleased(time: 1.1))
        XCTAssertTrue(hands.controller.needsFrames, "let go, the row springs back on the frame clock")
        XCTAssertFalse(hands.isTrackingRowDrag)
        XCTAssertEqual(hands.state, .idle)

        _ = hands.handle(.rowPressed(item: 3, isEditing: false, time: 2, geometry: nil))
        XCTAssertEqual(hands.handle(.rowDragged(dx: 1, dy: 20, time: 2.05, pointer: at(160))).first, .denyRowDrag,
                       "a vertical drag scrolls the list")
        XCTAssertFalse(hands.isTrackingRowDrag)
        XCTAssertEqual(hands.handle(.rowDragged(dx: 30, dy: 20, time: 2.1, pointer: at(160))), [], "its later moves are no news")
        XCTAssertEqual(hands.handle(.rowPressed(item: nil, isEditing: false, time: 3, geometry: nil)), [.denyRowDrag],
                       "no row that slides: nothing to follow")
    }

    func testTheDragThatLiftedARowCarriesItAndItsReleaseDropsIt() {
        let hands = Hands()
        let ui = ControllerHarness()
        ui.apply(hands.controller.configure(geometry: .standard))
        _ = hands.handle(.rowPressed(item: 2, isEditing: false, time: 1, geometry: nil))
        XCTAssertEqual(hands.handle(.longPressed(item: 2, x: 200, y: 140)), [.prepareLift(2, x: 200, y: 140)],
                       "the view measures the lift")
        XCTAssertFalse(hands.handle(.liftPrepared(.init(id: 2, index: 2, rowCount: 10, pitch: 56, pointer: at(140)))).isEmpty)
        XCTAssertTrue(hands.rowDragCarriesLift)
        let moved = hands.handle(.rowDragged(dx: 0, dy: 120, time: 1.8, pointer: at(260)))
        XCTAssertFalse(moved.isEmpty)
        XCTAssertTrue(moved.allSatisfy { if case .lift = $0 { return true } else { return false } }, "the lift's, not a slide's: \(moved)")
        XCTAssertEqual(hands.handle(.rowReleased(time: 2)).last, .lift(.move(2, to: 4)), "dropped two rows down")
        XCTAssertFalse(hands.rowDragCarriesLift)
        XCTAssertEqual(hands.state, .idle)

        _ = hands.handle(.rowPressed(item: 5, isEditing: false, time: 3, geometry: nil))
        _ = hands.handle(.liftPrepared(.init(id: 5, index: 5, rowCount: 10, pitch: 56, pointer: at(308))))
        XCTAssertEqual(hands.handle(.rowDragCancelled).suffix(2), [.lift(.ended(5)), .lift(.focus(5))],
                       "a cancelled drag puts the row back")
        XCTAssertEqual(hands.state, .idle)
    }

    /// A long press lifts only from a row's drag that is not yet a slide, with no menu open and
    /// nothing lifted; a lift the view prepared that cannot begin is refused, and the view puts
    /// back what it took out.
    func testALongPressAsksForALiftOnlyWhereOneMayBegin() {
        let hands = Hands()
        _ = hands.controller.configure(geometry: .standard)
        XCTAssertEqual(hands.handle(.longPressed(item: 2, x: 200, y: 140)), [], "no drag pressed")
        _ = hands.handle(.rowPressed(item: 2, isEditing: false, time: 1, geometry: nil))
        XCTAssertEqual(hands.handle(.longPressed(item: nil, x: 200, y: 140)), [], "no row that lifts there")
        XCTAssertEqual(hands.handle(.liftPrepared(.init(id: 2, index: 12, rowCount: 10, pitch: 56, pointer: at(140)))),
                       [.liftRefused], "measured out of the list")
        XCTAssertFalse(hands.rowDragCarriesLift)
        XCTAssertEqual(hands.handle(.longPressed(item: 2, x: 200, y: 140)), [.prepareLift(2, x: 200, y: 140)])
        _ = hands.handle(.liftPrepared(.init(id: 2, index: 2, rowCount: 10, pitch: 56, pointer: at(140))))
        XCTAssertEqual(hands.handle(.longPressed(item: 3, x: 200, y: 196)), [], "one row lifted at a time")
        XCTAssertEqual(hands.handle(.liftPrepared(.init(id: 3, index: 3, rowCount: 10, pitch: 56, pointer: at(196)))),
                       [.liftRefused])
        XCTAssertEqual(hands.handle(.liftCancelled).suffix(2), [.lift(.ended(2)), .lift(.focus(2))], "Escape puts it back")
        XCTAssertEqual(hands.state, .idle)
    }

    /// Near the list's bottom edge the frames scroll the list, and the list's new place keeps
    /// the row under the pointer; let go where the drag did not hear it, the row drops.
    func testTheLiftsFramesScrollAndTheWindowsReleaseDrops() {
        let hands = Hands()
        _ = hands.controller.configure(geometry: .standard)
        _ = hands.handle(.rowPressed(item: 2, isEditing: false, time: 1, geometry: nil))
        _ = hands.handle(.liftPrepared(.init(id: 2, index: 2, rowCount: 30, pitch: 56, pointer: at(140))))
        _ = hands.handle(.rowDragged(dx: 0, dy: 400, time: 2, pointer: at(545)))
        XCTAssertEqual(hands.handle(.liftFrame(time: 10, viewportHeight: 560)), [], "the first frame only counts from here")
        let scrolled = hands.handle(.liftFrame(time: 10.1, viewportHeight: 560))
        guard case let .lift(.scroll(by: distance))? = scrolled.first, distance > 0 else { return XCTFail("\(scrolled)") }
        let followed = hands.handle(.liftListScrolled(to: 3 * 56))
        XCTAssertTrue(followed.contains { if case .lift(.moveSlot) = $0 { true } else { false } }, "\(followed)")
        XCTAssertEqual(hands.handle(.liftPointerReleased).last, .lift(.move(2, to: 12)))
        XCTAssertEqual(hands.state, .idle)
        XCTAssertEqual(hands.handle(.liftPointerReleased), [], "nothing lifted: nothing to drop")
    }

    /// What comes without a gesture comes as inputs too, and a drag the controller gives up is
    /// settled in the hands as they answer: GTK lets go of a row drag they were following.
    func testRowsClosedAndAResetEndAFollowedDragAndGTKLetsGoOfIt() {
        let hands = Hands()
        _ = hands.handle(.measured(.standard))
        _ = hands.handle(.rowPressed(item: 2, isEditing: false, time: 1, geometry: nil))
        XCTAssertTrue(hands.isTrackingRowDrag)
        let closed = hands.handle(.rowsClosed)
        XCTAssertEqual(closed.suffix(2), [.row(.dragCancelled), .letGoOfRowDrag], "\(closed)")
        XCTAssertFalse(hands.isTrackingRowDrag)
        XCTAssertEqual(hands.state, .idle)

        _ = hands.handle(.rowPressed(item: 3, isEditing: false, time: 2, geometry: nil))
        XCTAssertEqual(hands.handle(.listReadAgain).first, .letGoOfRowDrag)
        XCTAssertFalse(hands.isTrackingRowDrag)
        XCTAssertEqual(hands.handle(.rowsClosed), [], "at rest: nothing to close")
    }

    /// A pull that begins closes the open row's menu; so does the room a pinch's gap needs.
    func testAPullBeginningAndAGapsRoomCloseTheOpenRow() {
        let hands = Hands()
        let top = EdgePullGesture.ListState(atTop: true, atEnd: false, rowHeight: 56)
        _ = hands.handle(.menuRequested(4, geometry: .standard))
        XCTAssertEqual(hands.controller.openItem, 4)
        let pulled = hands.handle(.pullDragged(dx: 0, dy: 9, list: top)) + hands.handle(.pullDragged(dx: 0, dy: 80, list: top))
        XCTAssertTrue(pulled.contains(.pull(.began)), "\(pulled)")
        XCTAssertNil(hands.controller.openItem, "the pull closed the menu")
        _ = hands.handle(.pullReleased)
        _ = hands.handle(.timeReached(100))

        _ = hands.handle(.menuRequested(4, geometry: .standard))
        var effects = hands.handle(.pinchBegan(twoFingers(upper: 1, lower: 2), time: 200))
        XCTAssertEqual(effects.last, .pinch(.request(.makeRoomForGap)))
        effects = hands.handle(.answered(.makeRoomForGap, granted: true, geometry: .standard))
        XCTAssertNil(hands.controller.openItem, "room for the gap closed the menu")
    }

    // MARK: The pinches: what they ask of the window, answered as inputs

    /// What the window does as it answers (a title saved: the list changes, its rows close and
    /// it is measured again) comes between the request and the answer, which still finds the
    /// step asking; the next input from the hand drops an unanswered request.
    func testWhatTheWindowDoesWhileAnsweringKeepsTheRequestOpen() {
        let hands = Hands()
        _ = hands.handle(.measured(.standard))
        let asked = hands.handle(.ctrlScrolled(units: -1, boundary: 3, time: 1, levelAbove: false))
        XCTAssertEqual(asked.last, .pinch(.request(.makeRoomForGap)))
        _ = hands.handle(.liftCancelled)
        _ = hands.handle(.rowsClosed)
        _ = hands.handle(.measured(.standard))
        let answered = hands.handle(.answered(.makeRoomForGap, granted: true, geometry: .standard))
        XCTAssertTrue(answered.contains { if case .pinch(.list) = $0 { true } else { false } }, "the gap opens: \(answered)")

        let again = Hands()
        _ = again.handle(.measured(.standard))
        _ = again.handle(.ctrlScrolled(units: -1, boundary: 3, time: 1, levelAbove: false))
        _ = again.handle(.pullPressed)
        XCTAssertEqual(again.handle(.answered(.makeRoomForGap, granted: true)), [], "an answer too late is no answer")
    }

    private func twoFingers(upper: Int, lower: Int) -> PinchGesture<Int64>.Start {
        .init(hasPoints: true, upperY: Double(upper) * 56 + 28, lowerY: Double(lower) * 56 + 28,
              upper: .init(index: upper, fraction: 0.5, id: Int64(upper)), lower: .init(index: lower, fraction: 0.5, id: Int64(lower)),
              spreadOpensRows: false, boundaryNearPointer: upper + 1)
    }

    private func gaps(_ effects: [ListEffect<Int64>]) -> [PinchGap?] {
        effects.flatMap { effect -> [PinchGap?] in
            guard case let .pinch(.list(list)) = effect else { return [] }
            return list.compactMap { if case let .gap(gap) = $0 { return .some(gap) } else { return nil } }
        }
    }

    func testAPinchAsksForRoomBeforeItsGapAndOpensItOnlyWhenTheAnswerIsYes() {
        for granted in [true, false] {
            let hands = Hands()
            let ui = ControllerHarness()
            ui.apply(hands.controller.configure(geometry: .standard))
            XCTAssertEqual(hands.handle(.pinchBegan(twoFingers(upper: 2, lower: 3), time: 1)), [.pinch(.request(.makeRoomForGap))],
                           "nothing decided before the window answers")
            let answered = hands.handle(.answered(.makeRoomForGap, granted: granted))
            XCTAssertEqual(hands.state, .pinch, "the pinch has the pointer either way")
            let spread = hands.handle(.pinchMoved(upperY: 60, lowerY: 250, scale: 2, time: 1.2, levelAbove: true))
            XCTAssertEqual(gaps(answered + spread).compactMap { $0 }.isEmpty, !granted, "\(granted): \(answered) \(spread)")
            let ended = hands.handle(.pinchEnded(time: 1.3))
            let inserted = ended.contains { if case let .pinch(.list(list)) = $0 { list.contains(.insertItem(at: 3)) } else { false } }
            XCTAssertEqual(inserted, granted, "\(granted): \(ended)")
            XCTAssertEqual(hands.state, .idle)
        }
    }

    func testAnAnswerNoStepWaitsForDoesNothing() {
        let hands = Hands()
        _ = hands.controller.configure(geometry: .standard)
        _ = hands.handle(.pinchBegan(twoFingers(upper: 2, lower: 3), time: 1))
        _ = hands.handle(.pinchCancelled)
        XCTAssertEqual(hands.handle(.answered(.makeRoomForGap, granted: true)), [], "the step asking was cancelled")
        XCTAssertEqual(hands.handle(.answered(.startGoingUp, granted: true)), [])
        XCTAssertEqual(hands.state, .idle)
    }

    func testAPinchTakingAPullEndsThePullAmongItsEffectsBeforeItsRequest() {
        let hands = Hands()
        _ = hands.controller.configure(geometry: .standard)
        _ = hands.handle(.pullPressed)
        _ = hands.handle(.pullDragged(dx: 0, dy: 9, list: top))
        _ = hands.handle(.pullDragged(dx: 0, dy: 80, list: top))
        XCTAssertEqual(hands.state, .edgePull(.top))
        let began = hands.handle(.pinchBegan(twoFingers(upper: 2, lower: 3), time: 1))
        guard began.count == 2, case .pull(.settleBack)? = began.first else { return XCTFail("the pull settles back first: \(began)") }
        XCTAssertEqual(began.last, .pinch(.request(.makeRoomForGap)))
        XCTAssertNil(hands.currentPull)
        XCTAssertEqual(hands.handle(.pullReleased), [], "the pull's release is no news")
    }

    func testAPinchClosingAsksToGoUpAndBecomesThePinchTogetherWhenItMay() {
        let hands = Hands()
        _ = hands.controller.configure(geometry: .standard)
        _ = hands.handle(.pinchBegan(twoFingers(upper: 2, lower: 5), time: 1))
        _ = hands.handle(.answered(.makeRoomForGap, granted: true))
        XCTAssertEqual(hands.handle(.pinchMoved(upperY: 150, lowerY: 250, scale: 0.8, time: 1.1, levelAbove: true)),
                       [.pinch(.request(.startGoingUp))])
        XCTAssertFalse(hands.handle(.answered(.startGoingUp, granted: false)).contains { $0.isLevelPinchMove })
        XCTAssertEqual(hands.state, .pinch, "refused: still a pinch")
        XCTAssertEqual(hands.handle(.pinchMoved(upperY: 150, lowerY: 250, scale: 0.8, time: 1.2, levelAbove: true)),
                       [.pinch(.request(.startGoingUp))], "asked again at its next move")
        let up = hands.handle(.answered(.startGoingUp, granted: true))
        XCTAssertTrue(up.last?.isLevelPinchMove == true, "\(up)")
        XCTAssertEqual(hands.state, .levelPinch(.pinch))
        let ended = hands.handle(.pinchEnded(time: 1.3))
        guard case .pinch(.levelPinchEnded)? = ended.first else { return XCTFail("\(ended)") }
        XCTAssertEqual(hands.state, .idle)
    }

    func testCtrlScrollDownRefusedGoingUpAsksForAGapInstead() {
        let hands = Hands()
        let ui = ControllerHarness()
        ui.apply(hands.controller.configure(geometry: .standard))
        XCTAssertEqual(hands.handle(.ctrlScrolled(units: 1, boundary: 3, time: 1, levelAbove: true)), [.pinch(.request(.startGoingUp))])
        XCTAssertEqual(hands.handle(.answered(.startGoingUp, granted: false)), [.pinch(.request(.makeRoomForGap))],
                       "the same step, refused going up, asks for room")
        let roomMade = hands.handle(.answered(.makeRoomForGap, granted: true))
        XCTAssertFalse(roomMade.contains { if case .pinch(.request) = $0 { return true } else { return false } }, "\(roomMade)")
        XCTAssertEqual(hands.state, .wheelPinch)
        var opened: [ListEffect<Int64>] = []
        for step in 1...4 { opened += hands.handle(.ctrlScrolled(units: -1, boundary: 3, time: 1 + 0.05 * Double(step), levelAbove: true)) }
        XCTAssertFalse(opened.contains { if case .pinch(.request) = $0 { return true } else { return false } }, "asked once, as it began")
        XCTAssertEqual(gaps(opened).last??.boundaryIndex, 3)
    }
}

extension ListHandsInputTests {
    // MARK: The list's presses and clicks

    func testAPressAwayFromTheOpenRowClosesItAndItsClickDoesNothingMore() {
        let hands = ListHands<Int64>()
        let ui = ControllerHarness()
        ui.apply(hands.controller.configure(geometry: .standard))
        ui.apply(hands.controller.openMenu(item: 3))
        XCTAssertEqual(hands.controller.openItem, 3)
        XCTAssertEqual(hands.handle(.pressed(onOpenRow: true)), [], "a press on the open row leaves it open")
        XCTAssertEqual(hands.controller.openItem, 3)
        let closing = hands.handle(.pressed(onOpenRow: false))
        XCTAssertEqual(closing, [.row(.menuRevealed(3, false))], "the menu closes")
        XCTAssertNil(hands.controller.openItem)
        XCTAssertEqual(hands.handle(.pressed(onOpenRow: false)), [], "nothing open: nothing to close")

        ui.apply(hands.controller.openMenu(item: 5))
        _ = hands.handle(.clickPressed)
        _ = hands.handle(.pressed(onOpenRow: false))
        XCTAssertEqual(hands.handle(.clickReleased(item: 2, presses: 1, onChip: true, isEditing: false)), [],
                       "its press found a row open: the click only closed it")
    }

    func testOneClickOnARowIsTheRowsClick() {
        let hands = ListHands<Int64>()
        _ = hands.controller.configure(geometry: .standard)
        _ = hands.handle(.clickPressed)
        XCTAssertEqual(hands.handle(.clickReleased(item: 2, presses: 1, onChip: false, isEditing: false)), [.rowClicked(2, onChip: false)])
        XCTAssertEqual(hands.handle(.clickReleased(item: 4, presses: 1, onChip: true, isEditing: false)), [.rowClicked(4, onChip: true)])
        XCTAssertEqual(hands.handle(.clickReleased(item: 2, presses: 2, onChip: false, isEditing: false)), [],
                       "a double click is the list view's activation")
        XCTAssertEqual(hands.handle(.clickReleased(item: 2, presses: 1, onChip: false, isEditing: true)), [], "a title is typed")
        XCTAssertEqual(hands.handle(.clickReleased(item: nil, presses: 1, onChip: false, isEditing: false)), [], "no row there")
    }

    func testARowPostponesPastItsMenuOnlyWhereThePressSaidItMay() {
        for mayPostpone in [true, false] {
            let hands = ListHands<Int64>()
            _ = hands.handle(.rowPressed(item: 2, mayPostpone: mayPostpone, isEditing: false, time: 1, geometry: .standard))
            var effects: [ListEffect<Int64>] = []
            for step in 1...10 {
                effects += hands.handle(.rowDragged(dx: -36 * Double(step), dy: 0, time: 1 + 0.05 * Double(step),
                                                    pointer: .init(listY: 140, scroll: 0, windowX: 200, windowY: 200)))
            }
            effects += hands.handle(.rowReleased(time: 1.6))
            XCTAssertEqual(effects.contains(.row(.postpone(2))), mayPostpone, "\(mayPostpone): \(effects)")
        }
    }

    /// Found by `ListHandsRandomTests` (seed 7760024992025593534, run 387): a lift a pinch took
    /// left the drag "carrying" it, so the next press's release dropped a lift that was gone and
    /// the new drag was followed for good.
    func testALiftAPinchTookLeavesTheNextRowDragItsOwn() {
        let hands = ListHands<Int64>()
        _ = hands.controller.configure(geometry: .standard)
        _ = hands.handle(.rowPressed(item: 2, isEditing: false, time: 1, geometry: nil))
        XCTAssertFalse(hands.handle(.liftPrepared(.init(id: 2, index: 2, rowCount: 10, pitch: 56, pointer: at(140)))).isEmpty)
        let start = PinchGesture<Int64>.Start(hasPoints: true, upperY: 100, lowerY: 200, upper: nil, lower: nil,
                                              spreadOpensRows: false, boundaryNearPointer: 2)
        _ = hands.handle(.pinchBegan(start, time: 2))
        XCTAssertFalse(hands.lift.isLifted)
        XCTAssertFalse(hands.rowDragCarriesLift, "the lift is over: its drag carries nothing")
        _ = hands.handle(.pinchEnded(time: 3))
        _ = hands.handle(.rowReleased(time: 3))
        _ = hands.handle(.rowPressed(item: 5, isEditing: false, time: 4, geometry: nil))
        XCTAssertEqual(hands.state, .slide)
        XCTAssertFalse(hands.handle(.rowReleased(time: 4.1)).contains { if case .lift = $0 { true } else { false } },
                       "the new drag's release is its own")
        XCTAssertEqual(hands.state, .idle)
        XCTAssertFalse(hands.isTrackingRowDrag)
    }

    func testADoublePressAtARowsTrailingEndMarksItsActivation() {
        let hands = ListHands<Int64>()
        XCTAssertEqual(hands.handle(.rowEndPressed(presses: 2, atTrailingEnd: true)), [.markTrailingEndActivation])
        XCTAssertEqual(hands.handle(.rowEndPressed(presses: 1, atTrailingEnd: true)), [])
        XCTAssertEqual(hands.handle(.rowEndPressed(presses: 2, atTrailingEnd: false)), [])
    }
}

private extension ListEffect {
    var isLevelPinchMove: Bool {
        if case .pinch(.levelPinchMoved) = self { return true } else { return false }
    }
}
