import XCTest
@testable import FlickInteraction

/// One arbiter for every gesture on a list (issue 28): at most one gesture owns the pointer,
/// a gesture takes it from another only where a hand turns one into the other, and every
/// sequence of gestures ends with the hands at rest.
final class GestureArbiterTests: XCTestCase {
    func testAnyGestureMayBeginWhenTheHandsRest() {
        for gesture in ListGesture.allCases {
            var arbiter = GestureArbiter()
            XCTAssertEqual(arbiter.begin(gesture), .granted(takenFrom: nil), "\(gesture)")
            XCTAssertTrue(arbiter.owns(gesture))
            arbiter.end(gesture)
            XCTAssertNil(arbiter.owner)
        }
    }

    func testAHeldPressBecomesALiftAndASecondFingerAPinch() {
        var arbiter = GestureArbiter()
        arbiter.begin(.slide)
        XCTAssertEqual(arbiter.begin(.lift), .granted(takenFrom: .slide))
        XCTAssertEqual(arbiter.begin(.pinch), .granted(takenFrom: .lift), "a pinch puts the lifted row back")
        XCTAssertEqual(arbiter.begin(.levelPinch), .granted(takenFrom: .pinch), "closing with no gap goes up")
    }

    func testAPullDuringAPinchOrALiftIsRefused() {
        for owner in [ListGesture.pinch, .levelPinch, .lift, .touchpadSwipe] {
            var arbiter = GestureArbiter()
            arbiter.begin(owner)
            XCTAssertEqual(arbiter.begin(.edgePull), .refused, "a pull while \(owner) owns the pointer")
            XCTAssertTrue(arbiter.owns(owner))
        }
    }

    func testATouchpadSwipeKeepsThePointerUntilTheFingersLift() {
        var arbiter = GestureArbiter()
        arbiter.begin(.touchpadSwipe)
        for gesture in ListGesture.allCases where gesture != .touchpadSwipe {
            XCTAssertFalse(arbiter.mayBegin(gesture), "\(gesture)")
        }
        arbiter.end(.touchpadSwipe)
        XCTAssertTrue(arbiter.mayBegin(.slide))
    }

    func testThePressUnderAPullNeitherSlidesNorLifts() {
        var arbiter = GestureArbiter()
        arbiter.begin(.slide)
        arbiter.begin(.edgePull)
        XCTAssertEqual(arbiter.begin(.slide), .refused, "the row under a pull does not slide")
        XCTAssertEqual(arbiter.begin(.lift), .refused, "nor lift")
    }

    func testAGestureTakenOverEndingLeavesTheNewOwner() {
        var arbiter = GestureArbiter()
        arbiter.begin(.slide)
        arbiter.begin(.pinch)
        arbiter.end(.slide)  // The row drag's cancel comes after the pinch began.
        XCTAssertTrue(arbiter.owns(.pinch))
        arbiter.end(.pinch)
        XCTAssertNil(arbiter.owner)
    }

    /// Random hands: gestures begin (granted or refused by the table), end in any order, or
    /// everything stops. After every step at most one gesture is live and it is the owner;
    /// once every live gesture has ended the hands rest.
    func testRandomSequencesEndAtRest() {
        let seed = UInt64(ProcessInfo.processInfo.environment["FLICK_ARBITER_SEED"] ?? "") ?? UInt64.random(in: 0...UInt64.max)
        var random = SplitMix64(seed: seed)
        for _ in 0..<2_000 {
            var arbiter = GestureArbiter()
            // The gestures that began and have neither ended nor been taken over.
            var live: [ListGesture] = []
            for _ in 0..<Int.random(in: 1...30, using: &random) {
                let gesture = ListGesture.allCases.randomElement(using: &random)!
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<5:
                    let before = arbiter.owner
                    let grant = arbiter.begin(gesture)
                    if grant.isGranted {
                        XCTAssertTrue(before == nil || before == gesture
                                      || GestureArbiter.takeovers[before!, default: []].contains(gesture),
                                      "seed \(seed): \(gesture) took the pointer from \(String(describing: before))")
                        live = [gesture]
                    } else {
                        XCTAssertEqual(arbiter.owner, before, "seed \(seed): a refused gesture changed the owner")
                    }
                case 5..<9:
                    arbiter.end(gesture)
                    live.removeAll { $0 == gesture }
                default:
                    arbiter.reset()
                    live = []
                }
                XCTAssertLessThanOrEqual(live.count, 1, "seed \(seed)")
                XCTAssertEqual(arbiter.owner, live.first, "seed \(seed): the owner is the one live gesture")
            }
            for gesture in live.shuffled(using: &random) { arbiter.end(gesture) }
            XCTAssertNil(arbiter.owner, "seed \(seed): the hands rest once every gesture has ended")
            for gesture in ListGesture.allCases {
                XCTAssertTrue(arbiter.mayBegin(gesture), "seed \(seed): \(gesture) may begin at rest")
            }
        }
    }
}
