import XCTest
@testable import FlickInteraction

/// Every gesture on one list at once, at random (issue 28): row drags, lifts, pulls by drag,
/// touchpad and wheel, pinches with two fingers and a touchpad, the pinch together, Ctrl+scroll
/// and touchpad swipes (every input through `handle`, as the list's controllers feed it: the
/// scrolls, the row drags, the pinches, the lift's long press, pointer, frames, release and
/// Escape; what a pinch asks of the window answered as an input, yes or no, and a lift's
/// preparation answered with its measures), lifts carried to new places and up a level, with
/// time passing and frames drawn. At most one gesture owns the pointer (the arbiter); a pull, a pinch together,
/// the controller's pinch or a lift lasts only while it has the pointer (a pull taken by a pinch
/// lets go at once, a lifted row goes back); a lifted row's slots, as a view moves them, end in
/// the level's order; and once every hand has let go and the deadlines have passed, the hands
/// rest and nothing moves.
final class ListHandsRandomTests: XCTestCase {
    private typealias Hands = ListHands<Int64>

    func testRandomHandsOnOneListEndAtRest() {
        let seed = UInt64(ProcessInfo.processInfo.environment["FLICK_ARBITER_SEED"] ?? "") ?? UInt64.random(in: 0...UInt64.max)
        var random = SplitMix64(seed: seed)
        var totalPullsTaken = 0
        var totalLifts = 0
        var totalCarries = 0
        var pullsBegunByScroll = 0
        var rowDragsTakenByPulls = 0
        for run in 0..<400 {
            let hands = Hands()
            let ui = ControllerHarness(keepsLog: false)
            hands.controller.animationsEnabled = true
            ui.apply(hands.controller.configure(geometry: .standard))
            var time = 100.0
            var frameTime = 50_000.0
            var dragDX = 0.0
            var pullDY = 0.0
            var scale = 1.0
            var log: [String] = []
            var pullsTaken = 0
            var liftView = LiftViewModel(rowCount: 10)
            var scrollPosition = 0.0
            func applyPinch(_ effects: [PinchGesture<Int64>.Effect]) {
                for case let .list(list) in effects { applyList(list) }
            }
            func applyList(_ effects: [InteractionEffect<Int64>]) {
                ui.apply(effects)
            }
            func applyLift(_ effects: [LiftGesture<Int64>.Effect]) {
                for case let .list(list) in effects { applyList(list) }
                liftView.apply(effects)
            }
            // What `handle` answers, as the driver carries it out: Ctrl+scroll's steps come back
            // as the pinch's input, a pinch's request is answered (no room while a title cannot
            // be saved, going up at random).
            func applyHandled(_ effects: [ListEffect<Int64>], row: Int64, list: EdgePullGesture.ListState) {
                for effect in effects {
                    switch effect {
                    case let .row(effect): applyList([effect])
                    case let .pull(effect): if case .began = effect { pullsBegunByScroll += 1 }
                    case let .pinch(.request(request)):
                        let granted = request == .makeRoomForGap ? !list.isEditing : Bool.random(using: &random)
                        applyHandledPinch(hands.handle(.answered(request, granted: granted)), row: row, list: list)
                    case let .pinch(effect): applyPinch([effect])
                    case let .lift(.scroll(by: distance)):
                        // As the driver does: the list scrolls (within its range), and the hands hear where to.
                        scrollPosition = min(max(scrollPosition + distance, 0), 1000)
                        applyHandled(hands.handle(.liftListScrolled(to: scrollPosition)), row: row, list: list)
                    case let .lift(effect): applyLift([effect])
                    case let .prepareLift(id, _, _):
                        // As the lift's view does: the row measured, with the back button where there is a level above.
                        let start = LiftStart<Int64>(id: id, index: liftView.level.firstIndex(of: id)!, rowCount: 10, pitch: 56,
                                                     pointer: pointer(),
                                                     carryArea: list.canGoUp ? .init(left: 0, right: 48, listTop: 50) : nil)
                        applyHandled(hands.handle(.liftPrepared(start)), row: row, list: list)
                    case .liftRefused: XCTFail("a lift prepared at rest is not refused")
                    case .letGoOfRowDrag: rowDragsTakenByPulls += 1
                    case .scrollList, .scrollUsedUp, .claimRowDrag, .denyRowDrag, .markTrailingEndActivation, .rowClicked: break
                    case let .ctrlScrolled(units, _, time):
                        applyHandledPinch(hands.handle(.ctrlScrolled(units: units, boundary: Int(row), time: time,
                                                                     levelAbove: list.canGoUp)), row: row, list: list)
                    }
                }
            }
            // A pinch's answer: a pull it took settles back, alone.
            func applyHandledPinch(_ effects: [ListEffect<Int64>], row: Int64, list: EdgePullGesture.ListState) {
                let pulls = effects.compactMap { effect -> EdgePullGesture.Effect? in
                    if case let .pull(pull) = effect { return pull } else { return nil }
                }
                if !pulls.isEmpty {
                    pullsTaken += 1
                    guard case .settleBack? = pulls.first, pulls.count == 1 else { return XCTFail("\(effects)") }
                }
                applyHandled(effects, row: row, list: list)
            }
            func scrollStep(_ source: ScrollSource, row: Int64?, list: EdgePullGesture.ListState) -> ListInput<Int64> {
                let sideways = source == .fingers ? Double.random(in: -30...30, using: &random) : 0
                return .scrolled(ListScrollStep(dx: sideways, dy: Double.random(in: -20...20, using: &random), source: source,
                                                withControl: Int.random(in: 0..<6, using: &random) == 0, time: time,
                                                rowUnderPointer: row, pointerY: 100, list: list,
                                                geometry: hands.mayBeginTouchpadSwipe ? .standard : nil))
            }
            // Half the time at the back button (window x 0...48, the list's top at 50), where a
            // lifted row held long enough goes up.
            func pointer() -> LiftGesture<Int64>.Pointer {
                if Bool.random(using: &random) {
                    return .init(listY: 4, scroll: 0, windowX: Double.random(in: 0...40, using: &random), windowY: 54)
                }
                return .init(listY: Double.random(in: -20...600, using: &random), scroll: Double.random(in: 0...100, using: &random),
                      windowX: Double.random(in: 0...80, using: &random), windowY: Double.random(in: 0...120, using: &random))
            }
            for step in 0..<Int.random(in: 1...60, using: &random) {
                time += Double.random(in: 0...0.2, using: &random)
                let list = EdgePullGesture.ListState(atTop: Bool.random(using: &random), atEnd: Bool.random(using: &random),
                                                     isEditing: Int.random(in: 0..<10, using: &random) == 0,
                                                     completedCount: [nil, 0, 3].randomElement(using: &random)!,
                                                     canGoUp: Bool.random(using: &random), rowHeight: 56)
                let row = Int64.random(in: 0..<10, using: &random)
                // A hand holding a lifted row mostly goes on with it (moves, waits, frames, lets go);
                // sometimes anything else comes.
                let holding = hands.state == .lift && Bool.random(using: &random)
                let event = holding ? [23, 24, 20, 20, 26, 6, 25, 1, 3, 4].randomElement(using: &random)! : Int.random(in: 0..<27, using: &random)
                log.append("\(event) \(hands.state)")
                switch event {
                case 0:
                    dragDX = 0
                    applyHandled(hands.handle(.rowPressed(item: row, mayPostpone: Bool.random(using: &random),
                                                          isEditing: list.isEditing, time: time,
                                                          geometry: Bool.random(using: &random) ? .standard : nil)),
                                 row: row, list: list)
                case 1, 2:
                    dragDX += Double.random(in: -80...80, using: &random)
                    applyHandled(hands.handle(.rowDragged(dx: dragDX, dy: Double.random(in: -10...10, using: &random), time: time,
                                                          pointer: pointer())), row: row, list: list)
                case 3: applyHandled(hands.handle(.rowReleased(time: time)), row: row, list: list)
                case 4: applyHandled(hands.handle(.rowDragCancelled), row: row, list: list)
                case 5:
                    // A long press: a press held still, then the lift, which the drag then carries.
                    if hands.state == .idle {
                        applyHandled(hands.handle(.rowPressed(item: row, isEditing: list.isEditing, time: time, geometry: nil)),
                                     row: row, list: list)
                    }
                    applyHandled(hands.handle(.longPressed(item: list.isEditing ? nil : row, x: 100, y: 100)), row: row, list: list)
                case 6: applyHandled(hands.handle(.liftPointerReleased), row: row, list: list)
                case 23, 24: applyHandled(hands.handle(.liftPointerMoved(pointer(), time: time)), row: row, list: list)
                case 25: applyHandled(hands.handle(.liftCancelled), row: row, list: list)
                case 26:
                    frameTime += 1.0 / 60
                    applyHandled(hands.handle(.liftFrame(time: frameTime, viewportHeight: 560)), row: row, list: list)
                case 7:
                    applyHandled(hands.handle(.pullPressed), row: row, list: list)
                    pullDY = 0
                case 8:
                    pullDY += Double.random(in: -40...60, using: &random)
                    applyHandled(hands.handle(.pullDragged(dx: Double.random(in: -5...5, using: &random), dy: pullDY, list: list)),
                                 row: row, list: list)
                case 9: applyHandled(hands.handle(.pullReleased), row: row, list: list)
                case 10:
                    let source = [ScrollSource.wheelStep, .wheelPart].randomElement(using: &random)!
                    applyHandled(hands.handle(scrollStep(source, row: row, list: list)), row: row, list: list)
                case 11:
                    applyHandled(hands.handle(.scrollEnded(time: time)), row: row, list: list)
                    applyHandled(hands.handle(.scrollBegan(list: list)), row: row, list: list)
                case 12:
                    scale = 1
                    let upper = Int.random(in: 0..<10, using: &random)
                    let under = PinchGesture<Int64>.RowUnderPoint(index: upper, fraction: Double.random(in: 0..<1, using: &random),
                                                                  id: Int64(upper), touchpadSpreadOpens: Bool.random(using: &random))
                    let start = PinchGesture<Int64>.Start(hasPoints: Bool.random(using: &random), upperY: Double(upper) * 56,
                                                          lowerY: Double(upper + 1) * 56, upper: under,
                                                          lower: .init(index: upper + 1, fraction: 0.5, id: Int64(upper + 1)),
                                                          spreadOpensRows: Bool.random(using: &random), boundaryNearPointer: upper)
                    applyHandledPinch(hands.handle(.pinchBegan(start, time: time)), row: row, list: list)
                case 13, 14:
                    scale = max(0.1, scale + Double.random(in: -0.3...0.3, using: &random))
                    applyHandledPinch(hands.handle(.pinchMoved(upperY: 100 - scale * 20, lowerY: 160 + scale * 20, scale: scale,
                                                               time: time, levelAbove: list.canGoUp)), row: row, list: list)
                case 15: applyHandledPinch(hands.handle(.pinchEnded(time: time)), row: row, list: list)
                case 16: applyHandledPinch(hands.handle(.pinchCancelled), row: row, list: list)
                case 17:
                    applyHandledPinch(hands.handle(.ctrlScrolled(units: Double.random(in: -2...2, using: &random).rounded(),
                                                                 boundary: Int(row), time: time, levelAbove: list.canGoUp)),
                                      row: row, list: list)
                case 18:
                    let under = Bool.random(using: &random) ? row : nil
                    applyHandled(hands.handle(scrollStep(.fingers, row: under, list: list)), row: row, list: list)
                case 19: applyHandled(hands.handle(.scrollEnded(time: time)), row: row, list: list)
                case 20:
                    // The view's timer: time reaches the hands' next deadline.
                    time = max(time, hands.nextDeadline ?? time)
                    applyHandled(hands.handle(.timeReached(time)), row: row, list: list)
                case 21:
                    applyHandled(hands.handle(.listReadAgain), row: row, list: list)
                    XCTAssertEqual(hands.state, .idle, "a reset leaves the hands at rest")
                default:
                    frameTime += 1.0 / 60
                    applyHandled(hands.handle(.rowsFrame(time: frameTime)), row: row, list: list)
                }
                let context = "seed \(seed), run \(run), step \(step): \(hands.state)"
                if hands.levelPinch != nil {
                    XCTAssertTrue(hands.arbiter.owns(.levelPinch), "a pinch together without the pointer; \(context)")
                }
                if hands.currentPull != nil {
                    XCTAssertTrue(hands.arbiter.owns(.edgePull), "a pull without the pointer; \(context)")
                }
                if !hands.controller.pinchState.isIdle {
                    XCTAssertTrue([.pinch, .levelPinch].contains(hands.arbiter.owner), "\(context) \(log.suffix(6)) \(hands.controller.pinchState)")
                }
                if hands.lift.isLifted {
                    XCTAssertTrue(hands.arbiter.owns(.lift), "a lift without the pointer; \(context) \(log.suffix(6))")
                }
                XCTAssertEqual(liftView.isShowingCopy, hands.lift.isLifted, "the copy is drawn while lifted; \(context)")
                if hands.state == .idle {
                    XCTAssertNil(hands.currentPull, context)
                    XCTAssertNil(hands.levelPinch, context)
                }
            }
            // Every hand lets go; the quiet times pass; the frames run out.
            applyHandled(hands.handle(.rowReleased(time: time)), row: 0, list: .init(atTop: false, atEnd: false, rowHeight: 56))
            applyHandled(hands.handle(.liftPointerReleased), row: 0, list: .init(atTop: false, atEnd: false, rowHeight: 56))
            applyHandled(hands.handle(.pullReleased), row: 0, list: .init(atTop: false, atEnd: false, rowHeight: 56))
            applyHandled(hands.handle(.pinchEnded(time: time)), row: 0, list: .init(atTop: false, atEnd: false, rowHeight: 56))
            applyHandled(hands.handle(.scrollEnded(time: time)), row: 0, list: .init(atTop: false, atEnd: false, rowHeight: 56))
            applyHandled(hands.handle(.timeReached(time + 10)), row: 0, list: .init(atTop: false, atEnd: false, rowHeight: 56))
            for _ in 0..<600 where hands.controller.needsFrames {
                frameTime += 1.0 / 60
                applyHandled(hands.handle(.rowsFrame(time: frameTime)), row: 0, list: .init(atTop: false, atEnd: false, rowHeight: 56))
            }
            let context = "seed \(seed), run \(run)"
            totalPullsTaken += pullsTaken
            XCTAssertEqual(hands.state, .idle, "the hands rest once every gesture has ended; \(context)")
            XCTAssertNil(hands.currentPull, context)
            XCTAssertNil(hands.levelPinch, context)
            XCTAssertNil(hands.nextDeadline, context)
            XCTAssertFalse(hands.lift.isLifted, context)
            XCTAssertFalse(liftView.isShowingCopy, context)
            XCTAssertEqual(liftView.slots, liftView.level, "the list view shows the level's order again; \(context)")
            totalLifts += liftView.lifts
            totalCarries += liftView.carries
            XCTAssertFalse(hands.isTrackingRowDrag, context)
            XCTAssertFalse(hands.rowDragCarriesLift, "the drop or the cancel ends the drag's carrying; \(context)")
            XCTAssertTrue(hands.controller.isIdle, "nothing moves at rest; \(context) \(hands.controller.slideState) \(hands.controller.pinchState) \(hands.controller.needsFrames)")
            for gesture in ListGesture.allCases {
                XCTAssertTrue(hands.arbiter.mayBegin(gesture), "\(gesture) may begin at rest; \(context)")
            }
        }
        XCTAssertGreaterThan(totalPullsTaken, 0, "seed \(seed): the runs never had a pinch take a pull")
        XCTAssertGreaterThan(totalLifts, 0, "seed \(seed): the runs never lifted a row")
        XCTAssertGreaterThan(totalCarries, 0, "seed \(seed): the runs never carried a row up")
        XCTAssertGreaterThan(pullsBegunByScroll, 0, "seed \(seed): no scroll ever pulled")
        XCTAssertGreaterThan(rowDragsTakenByPulls, 0, "seed \(seed): no pull ever took a row drag")
    }

    /// The list read again under the hands: whatever they were doing stops, and nothing is made.
    func testAResetStopsEveryGestureWithoutMakingAnything() {
        let hands = Hands()
        let ui = ControllerHarness(keepsLog: false)
        ui.apply(hands.controller.configure(geometry: .standard))
        var log: [InteractionEffect<Int64>] = []
        for step in 0..<6 {
            var effects = hands.handle(.ctrlScrolled(units: -1, boundary: 3, time: 1 + 0.05 * Double(step), levelAbove: false))
            if effects.last == .pinch(.request(.makeRoomForGap)) { effects += hands.handle(.answered(.makeRoomForGap, granted: true)) }
            for case let .pinch(.list(list)) in effects { log += list }
        }
        XCTAssertEqual(hands.state, .wheelPinch)
        XCTAssertEqual(hands.controller.currentGap?.releaseWillInsert, true, "wide enough to make an item on release")
        let stopped = hands.reset()
        log += stopped.list
        for case let .list(effects) in stopped.pinch { log += effects }
        XCTAssertEqual(hands.state, .idle)
        XCTAssertNil(hands.nextDeadline)
        XCTAssertTrue(hands.advance(to: 10).isEmpty, "the quiet time no longer ends anything")
        XCTAssertFalse(log.contains { if case .insertItem = $0 { return true } else { return false } })

        let top = EdgePullGesture.ListState(atTop: true, atEnd: false, rowHeight: 56)
        _ = hands.handle(.pullDragged(dx: 0, dy: 9, list: top))
        _ = hands.handle(.pullDragged(dx: 0, dy: 80, list: top))
        let pulled = hands.reset().pull
        guard case .settleBack? = pulled.first, pulled.count == 1 else { return XCTFail("\(pulled)") }
        XCTAssertNil(hands.currentPull)
        XCTAssertEqual(hands.pullDragEnded(), [], "its release does nothing")
        XCTAssertEqual(hands.state, .idle)
    }
}
