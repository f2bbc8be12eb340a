import XCTest
@testable import FlickInteraction

/// The pulls decided from events (issue 28): a drag or a scroll at an edge begins a pull only
/// where the hand means one, the pull owns the pointer while it lasts, and every way it ends
/// gives the pointer back with the list settling back.
final class EdgePullGestureTests: XCTestCase {
    private let rowHeight = 56.0

    private func atTop(editing: Bool = false, completed: Int? = 3) -> EdgePullGesture.ListState {
        .init(atTop: true, atEnd: false, isEditing: editing, completedCount: completed, canGoUp: true, rowHeight: rowHeight)
    }

    private func atEnd(completed: Int? = 3) -> EdgePullGesture.ListState {
        .init(atTop: false, atEnd: true, completedCount: completed, canGoUp: true, rowHeight: rowHeight)
    }

    private let middle = EdgePullGesture.ListState(atTop: false, atEnd: false, completedCount: 3, canGoUp: true, rowHeight: 56)

    func testADragDownAtTheTopClaimsPastTheStartDistanceAndCreatesOnRelease() {
        var gesture = EdgePullGesture()
        var arbiter = GestureArbiter()
        gesture.dragBegan()
        XCTAssertEqual(gesture.dragMoved(dx: 0, dy: 8, list: atTop(), arbiter: &arbiter), [], "not past 8 px")
        let effects = gesture.dragMoved(dx: 1, dy: 9, list: atTop(), arbiter: &arbiter)
        XCTAssertEqual(Array(effects.prefix(2)), [.claimSequence, .began])
        XCTAssertTrue(arbiter.owns(.edgePull))
        _ = gesture.dragMoved(dx: 0, dy: 8 + 60, list: atTop(), arbiter: &arbiter)
        XCTAssertEqual(gesture.pull?.stage, .releaseToCreate)
        let released = gesture.dragEnded(arbiter: &arbiter)
        XCTAssertEqual(released.last, .perform(.releaseToCreate))
        guard case let .settleBack(from: offset) = released.first else { return XCTFail("\(released)") }
        XCTAssertGreaterThan(offset, 0, "the list settles back down from where it was drawn")
        XCTAssertNil(arbiter.owner)
        XCTAssertNil(gesture.pull)
    }

    func testDragsThatAreNotPullsAreLeftAlone() {
        var arbiter = GestureArbiter()
        var gesture = EdgePullGesture()
        XCTAssertEqual(gesture.dragMoved(dx: 0, dy: 40, list: middle, arbiter: &arbiter), [], "scrolled away from the edge")
        XCTAssertEqual(gesture.dragMoved(dx: 50, dy: 40, list: atTop(), arbiter: &arbiter), [], "sideways: a row swipe")
        XCTAssertEqual(gesture.dragMoved(dx: 0, dy: 40, list: atTop(editing: true), arbiter: &arbiter), [], "while typing")
        XCTAssertEqual(gesture.dragMoved(dx: 0, dy: -40, list: atEnd(completed: nil), arbiter: &arbiter), [],
                       "no pull up on the overview")
        arbiter.begin(.pinch)
        XCTAssertEqual(gesture.dragMoved(dx: 0, dy: 40, list: atTop(), arbiter: &arbiter), [], "a pinch's finger")
        XCTAssertTrue(arbiter.owns(.pinch))
    }

    func testADragThatLiftedARowNeverBecomesAPull() {
        var arbiter = GestureArbiter()
        var gesture = EdgePullGesture()
        gesture.dragBegan()
        arbiter.begin(.lift)
        _ = gesture.dragMoved(dx: 0, dy: 2, list: atTop(), arbiter: &arbiter)
        arbiter.end(.lift)  // Escape put the row back; the finger is still down.
        XCTAssertEqual(gesture.dragMoved(dx: 0, dy: 40, list: atTop(), arbiter: &arbiter), [])
        gesture.dragBegan()
        XCTAssertEqual(gesture.dragMoved(dx: 0, dy: 40, list: atTop(), arbiter: &arbiter).first, .claimSequence,
                       "the next drag may pull")
    }

    func testAPullUpAtTheEndClearsPastOneAndAHalfRows() {
        var arbiter = GestureArbiter()
        var gesture = EdgePullGesture()
        _ = gesture.dragMoved(dx: 0, dy: -9, list: atEnd(), arbiter: &arbiter)
        _ = gesture.dragMoved(dx: 0, dy: -(8 + 85), list: atEnd(), arbiter: &arbiter)
        let released = gesture.dragEnded(arbiter: &arbiter)
        XCTAssertEqual(released.last, .perform(.releaseToClear))
        guard case let .settleBack(from: offset) = released.first else { return XCTFail("\(released)") }
        XCTAssertLessThan(offset, 0, "the list settles back up")
    }

    func testAPinchTakingThePointerLetsThePullGoWithoutDoingAnything() {
        var arbiter = GestureArbiter()
        var gesture = EdgePullGesture()
        _ = gesture.dragMoved(dx: 0, dy: 9, list: atTop(), arbiter: &arbiter)
        _ = gesture.dragMoved(dx: 0, dy: 100, list: atTop(), arbiter: &arbiter)
        XCTAssertEqual(arbiter.begin(.pinch), .granted(takenFrom: .edgePull))
        let effects = gesture.dragMoved(dx: 0, dy: 110, list: atTop(), arbiter: &arbiter)
        XCTAssertEqual(effects.count, 1)
        guard case .settleBack = effects.first else { return XCTFail("\(effects)") }
        XCTAssertNil(gesture.pull)
        XCTAssertTrue(arbiter.owns(.pinch), "the pinch keeps the pointer")
        XCTAssertEqual(gesture.dragEnded(arbiter: &arbiter), [], "the release does nothing more")
    }

    func testAWheelPullLetsGoWhenItsStepsStopNotWhenAScrollEnds() {
        var arbiter = GestureArbiter()
        var gesture = EdgePullGesture()
        let first = gesture.scrolled(dy: -1, isWheel: true, withControl: false, time: 10, list: atTop(), arbiter: &arbiter)
        XCTAssertTrue(first.consumed)
        XCTAssertEqual(gesture.wheelReleaseDue, 10.25)
        for step in 1...2 {
            _ = gesture.scrolled(dy: -1, isWheel: true, withControl: false, time: 10 + 0.1 * Double(step), list: atTop(),
                                 arbiter: &arbiter)
        }
        XCTAssertEqual(gesture.scrollEnded(arbiter: &arbiter), [], "a wheel has no fingers to lift")
        XCTAssertEqual(gesture.advance(to: 10.4, arbiter: &arbiter), [], "the last step came at 10.2")
        XCTAssertTrue(arbiter.owns(.edgePull))
        let released = gesture.advance(to: 10.45, arbiter: &arbiter)
        XCTAssertEqual(released.last, .perform(.releaseToCreate), "three steps of 0.4 rows pass one row")
        XCTAssertNil(arbiter.owner)
        XCTAssertNil(gesture.wheelReleaseDue)
    }

    func testCtrlScrollIsNeverAPull() {
        var arbiter = GestureArbiter()
        var gesture = EdgePullGesture()
        let step = gesture.scrolled(dy: -1, isWheel: true, withControl: true, time: 10, list: atTop(), arbiter: &arbiter)
        XCTAssertFalse(step.consumed)
        XCTAssertNil(gesture.pull)
    }

    func testATouchpadPullReleasesWhenTheFingersLiftAndEndsIfScrolledBack() {
        var arbiter = GestureArbiter()
        var gesture = EdgePullGesture()
        gesture.scrollBegan(list: atTop())
        XCTAssertTrue(gesture.scrolled(dy: -30, isWheel: false, withControl: false, time: 1, list: atTop(), arbiter: &arbiter).consumed)
        let back = gesture.scrolled(dy: 40, isWheel: false, withControl: false, time: 1.1, list: atTop(), arbiter: &arbiter)
        XCTAssertTrue(back.consumed)
        XCTAssertNil(gesture.pull, "scrolled back past where it began")
        XCTAssertNil(arbiter.owner)

        gesture.scrollBegan(list: atTop())
        _ = gesture.scrolled(dy: -80, isWheel: false, withControl: false, time: 2, list: atTop(), arbiter: &arbiter)
        XCTAssertEqual(gesture.scrollEnded(arbiter: &arbiter).last, .perform(.releaseToCreate))
        XCTAssertNil(arbiter.owner)
    }

    /// Random hands at the edges: drags, touchpad scrolls, wheel steps, time passing, and other
    /// gestures taking or asking for the pointer, in any order. After every step the pull
    /// exists only while it owns the pointer or until its next event sees it taken; once the
    /// drag and the scroll have ended and the wheel's time has passed, the hands rest.
    func testRandomEdgeHandsEndAtRest() {
        let seed = UInt64(ProcessInfo.processInfo.environment["FLICK_ARBITER_SEED"] ?? "") ?? UInt64.random(in: 0...UInt64.max)
        var random = SplitMix64(seed: seed)
        let lists = [atTop(), atEnd(), middle, atTop(completed: nil), atEnd(completed: 0), atTop(editing: true)]
        for _ in 0..<1_000 {
            var gesture = EdgePullGesture()
            var arbiter = GestureArbiter()
            var time = 0.0
            var dragY = 0.0
            var taken = false
            for _ in 0..<Int.random(in: 1...40, using: &random) {
                time += Double.random(in: 0...0.3, using: &random)
                let list = lists.randomElement(using: &random)!
                var effects: [EdgePullGesture.Effect] = []
                switch Int.random(in: 0..<10, using: &random) {
                case 0: gesture.dragBegan(); dragY = 0
                case 1, 2:
                    dragY += Double.random(in: -60...60, using: &random)
                    effects = gesture.dragMoved(dx: Double.random(in: -20...20, using: &random), dy: dragY, list: list,
                                                arbiter: &arbiter)
                case 3: effects = gesture.dragEnded(arbiter: &arbiter)
                case 4: effects = gesture.dragCancelled(arbiter: &arbiter)
                case 5: gesture.scrollBegan(list: list)
                case 6:
                    effects = gesture.scrolled(dy: Double.random(in: -30...30, using: &random), isWheel: Bool.random(using: &random),
                                               withControl: Int.random(in: 0..<8, using: &random) == 0, time: time, list: list,
                                               arbiter: &arbiter).effects
                case 7: effects = gesture.scrollEnded(arbiter: &arbiter)
                case 8: effects = gesture.advance(to: time, arbiter: &arbiter)
                default:
                    let other = [ListGesture.pinch, .levelPinch, .lift, .slide].randomElement(using: &random)!
                    if Bool.random(using: &random) {
                        if arbiter.begin(other).isGranted, gesture.pull != nil { taken = true }
                    } else {
                        arbiter.end(other)
                    }
                }
                if gesture.pull == nil { taken = false }
                if effects.contains(.began) {
                    XCTAssertTrue(arbiter.owns(.edgePull), "seed \(seed): a pull began without the pointer")
                }
                if effects.contains(where: { if case .perform = $0 { return true } else { return false } }) {
                    XCTAssertNil(gesture.pull, "seed \(seed): a release left the pull")
                }
                if gesture.pull != nil && !taken {
                    XCTAssertTrue(arbiter.owns(.edgePull), "seed \(seed): a pull without the pointer")
                }
                if gesture.pull == nil {
                    XCTAssertFalse(arbiter.owns(.edgePull), "seed \(seed): the pointer kept by a pull that ended")
                }
            }
            _ = gesture.dragEnded(arbiter: &arbiter)
            _ = gesture.scrollEnded(arbiter: &arbiter)
            _ = gesture.advance(to: time + 1, arbiter: &arbiter)
            XCTAssertNil(gesture.pull, "seed \(seed): the pull outlived its hands")
            XCTAssertNil(gesture.wheelReleaseDue, "seed \(seed)")
            XCTAssertFalse(arbiter.owns(.edgePull), "seed \(seed)")
        }
    }
}
