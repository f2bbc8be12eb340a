import XCTest
@testable import FlickInteraction

/// A touchpad's two-finger scroll is decided on its first events added up, as a drag is
/// (issue 54): a swipe that wobbles at its start or is drawn a little off level still swipes
/// its row; a mostly vertical scroll scrolls or pulls and never slides a row; a diagonal does
/// neither until it comes clear.
final class TouchpadScrollAxisTests: XCTestCase {
    private typealias Hands = ListHands<Int64>

    func testNothingIsDecidedBeforeEightPixels() {
        XCTAssertEqual(TouchpadScrollAxis.axis(ofMovement: 7, 1), .undecided)
        XCTAssertEqual(TouchpadScrollAxis.axis(ofMovement: 0, -7.9), .undecided)
        XCTAssertEqual(TouchpadScrollAxis.axis(ofMovement: 8, 0), .sideways)
        XCTAssertEqual(TouchpadScrollAxis.axis(ofMovement: 0, -8), .vertical)
    }

    func testWithinThirtyDegreesOfAnAxisIsThatAxisAndTheDiagonalIsNeither() {
        for degrees in [0.0, 10, 29] {
            let angle = degrees * .pi / 180
            XCTAssertEqual(TouchpadScrollAxis.axis(ofMovement: 40 * cos(angle), 40 * sin(angle)), .sideways, "\(degrees)°")
            XCTAssertEqual(TouchpadScrollAxis.axis(ofMovement: -40 * sin(angle), -40 * cos(angle)), .vertical, "\(degrees)° from vertical")
        }
        for degrees in [35.0, 45, 55] {
            let angle = degrees * .pi / 180
            XCTAssertEqual(TouchpadScrollAxis.axis(ofMovement: 200 * cos(angle), -200 * sin(angle)), .undecided, "\(degrees)°")
        }
    }

    func testASwipeThatWobblesAtItsStartIsSidewaysWithWhatWasHeldBack() {
        var axis = TouchpadScrollAxis()
        // A first frame more up than sideways, judged alone, was a pull at the list's top.
        XCTAssertEqual(axis.scrolled(dx: 1, dy: -1.5), .held)
        XCTAssertEqual(axis.scrolled(dx: 4, dy: 1.2), .held)
        XCTAssertEqual(axis.scrolled(dx: 7, dy: -0.8), .sideways(dx: 12))
        XCTAssertEqual(axis.scrolled(dx: 9, dy: 1.5), .sideways(dx: 9), "decided once: later wobbles change nothing")
        axis.reset()
        XCTAssertEqual(axis.axis, .undecided, "the next scroll is decided afresh")
    }

    func testAVerticalScrollHandsOnWhatWasHeldBackBeforeItsDecidingEvent() {
        var axis = TouchpadScrollAxis()
        XCTAssertEqual(axis.scrolled(dx: 1, dy: 3), .held)
        XCTAssertEqual(axis.scrolled(dx: -1, dy: 6), .vertical(dy: 9, heldBefore: 3))
        XCTAssertEqual(axis.scrolled(dx: 4, dy: 6), .vertical(dy: 6, heldBefore: 0))
    }

    func testADiagonalIsHeldUntilItComesClear() {
        var axis = TouchpadScrollAxis()
        for _ in 0..<10 { XCTAssertEqual(axis.scrolled(dx: 5, dy: 5), .held, "45°: neither a swipe nor a scroll") }
        var step = TouchpadScrollAxis.Step.held
        while step == .held { step = axis.scrolled(dx: 10, dy: 0) }
        guard case let .sideways(dx) = step else { return XCTFail("\(step)") }
        XCTAssertGreaterThanOrEqual(abs(dx), 1.73 * 50, "the whole sideways movement so far moves the row")
    }

    // MARK: Through the hands, as the list's scroll controller feeds them

    private func list(top: Bool, end: Bool) -> EdgePullGesture.ListState {
        EdgePullGesture.ListState(atTop: top, atEnd: end, completedCount: 0, canGoUp: true, rowHeight: 56)
    }

    private func play(_ hands: Hands, _ frames: [(Double, Double)], over row: Int64? = 2,
                      at state: EdgePullGesture.ListState) -> [TouchpadScrollOutcome<Int64>] {
        hands.touchpadScrollBegan(list: state)
        return frames.enumerated().map { index, frame in
            hands.touchpadScrolled(dx: frame.0, dy: frame.1, over: row, isEditing: false, time: 1 + Double(index) * 0.015,
                                   list: state, prepare: {})
        }
    }

    func testASwipeWobblingAtTheTopOfAShortListSwipesItsRowAndPullsNothing() {
        let hands = Hands()
        let ui = ControllerHarness()
        ui.apply(hands.controller.configure(geometry: .standard))
        let wobbling: [(Double, Double)] = [(-8, -1.5), (-12, 1.2), (-9, -1.4), (-15, 0.6)]
        let level = [(Double, Double)](repeating: (-12, 0), count: 20)
        let frames = wobbling + level
        let outcomes = play(hands, frames, at: list(top: true, end: true))
        XCTAssertTrue(outcomes.allSatisfy(\.consumed), "every step is the swipe's, none scrolls the list")
        XCTAssertTrue(outcomes.allSatisfy { $0.pull.isEmpty }, "no pull began")
        for outcome in outcomes { ui.apply(outcome.row) }
        XCTAssertEqual(hands.state, .touchpadSwipe)
        let moved: Double = 8 + 12 + 9 + 15 + 20 * 12
        XCTAssertEqual(ui.offset(2), moved, accuracy: 1e-9, "the row followed every frame")
        XCTAssertTrue(hands.touchpadScrollEnded(time: 1.5).contains(.toggleComplete(2)))
        XCTAssertEqual(hands.state, .idle)
    }

    func testASwipeTenDegreesOffLevelSwipesItsRow() {
        let hands = Hands()
        let ui = ControllerHarness()
        ui.apply(hands.controller.configure(geometry: .standard))
        let slope = tan(10 * Double.pi / 180)
        let outcomes = play(hands, Array(repeating: (12.0, -12 * slope), count: 20), at: list(top: true, end: true))
        XCTAssertTrue(outcomes.allSatisfy { $0.consumed && $0.pull.isEmpty })
        XCTAssertEqual(hands.state, .touchpadSwipe)
    }

    func testAMostlyVerticalScrollScrollsTheListAndNeverSlidesARow() {
        let hands = Hands()
        let outcomes = play(hands, [(1.5, 4), (-1, 3), (2, 5), (0.5, 6), (3, 6)], at: list(top: false, end: false))
        XCTAssertEqual(outcomes[0], TouchpadScrollOutcome(consumed: true), "held while undecided")
        XCTAssertEqual(outcomes[1], TouchpadScrollOutcome(consumed: true))
        XCTAssertEqual(outcomes[2], TouchpadScrollOutcome(consumed: false, scrollListBy: 7),
                       "decided: GTK scrolls this event, the list by hand what was held before it")
        XCTAssertEqual(outcomes[3], TouchpadScrollOutcome(consumed: false))
        XCTAssertEqual(outcomes[4], TouchpadScrollOutcome(consumed: false), "sideways movement later swipes nothing")
        XCTAssertEqual(hands.state, .idle)
        XCTAssertNil(hands.controller.slideState.pressedItem)
    }

    func testAVerticalScrollAtTheTopPullsByEverythingItMoved() {
        let hands = Hands()
        let outcomes = play(hands, [(1, -4), (-1, -4), (0, -4)], at: list(top: true, end: false))
        XCTAssertEqual(outcomes[0], TouchpadScrollOutcome(consumed: true), "held while undecided")
        XCTAssertTrue(outcomes[1].consumed && outcomes[2].consumed)
        XCTAssertEqual(outcomes[1].pull.first, .began, "8 px, mostly down: the pull begins")
        guard case let .show(first)? = outcomes[1].pull.last, case let .show(then)? = outcomes[2].pull.last else {
            return XCTFail("\(outcomes)")
        }
        XCTAssertEqual(first.travel, 8, accuracy: 1e-9, "the held step pulls too")
        XCTAssertEqual(then.travel, 12, accuracy: 1e-9)
        XCTAssertEqual(hands.state, .edgePull(.top))
    }

    func testADiagonalAtTheTopNeitherPullsNorSwipes() {
        let hands = Hands()
        let outcomes = play(hands, Array(repeating: (10.0, -10.0), count: 15), at: list(top: true, end: true))
        XCTAssertTrue(outcomes.allSatisfy { $0 == TouchpadScrollOutcome(consumed: true) })
        XCTAssertEqual(hands.state, .idle)
        XCTAssertEqual(hands.touchpadScrollEnded(time: 2), [])
    }
}
