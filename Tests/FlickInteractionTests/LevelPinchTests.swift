import XCTest
@testable import FlickInteraction

/// Pinch together to go up a level (DESIGN 2.7): progress, the landing threshold and velocity,
/// Ctrl+scroll steps, and the settle that follows.
final class LevelPinchTests: XCTestCase {
    func testProgressGrowsFromOneToTheLandingScale() {
        var pinch = LevelPinch(source: .pinch)
        XCTAssertEqual(pinch.progress, 0)
        pinch.update(scale: 0.8, time: 0)
        XCTAssertEqual(pinch.progress, 0.5, accuracy: 1e-9)
        pinch.update(scale: 0.6, time: 1)
        XCTAssertEqual(pinch.progress, 1, accuracy: 1e-9)
        pinch.update(scale: 0.3, time: 2)
        XCTAssertEqual(pinch.progress, 1, "never past the overview")
        pinch.update(scale: 1.4, time: 3)
        XCTAssertEqual(pinch.scale, 1, "spreading again does not go below the items")
        XCTAssertEqual(pinch.progress, 0)
    }

    func testBeginsOnlyPastTheJitterDrop() {
        XCTAssertFalse(LevelPinch.begins(atScale: 1))
        XCTAssertFalse(LevelPinch.begins(atScale: 0.97))
        XCTAssertTrue(LevelPinch.begins(atScale: 0.95))
        XCTAssertFalse(LevelPinch.begins(atScale: 1.2), "pinching apart is not going up")
    }

    func testSlowReleaseAboveTheLandingScaleSpringsBack() {
        var pinch = LevelPinch(source: .pinch)
        // 0.35 of scale over two seconds: 0.175 per second, far below the landing speed.
        for step in 0...20 { pinch.update(scale: 1 - 0.35 * Double(step) / 20, time: Double(step) * 0.1) }
        XCTAssertEqual(pinch.scale, 0.65, accuracy: 1e-9)
        XCTAssertEqual(pinch.outcome, .springBack)
    }

    func testSlowReleaseAtTheLandingScaleGoesUp() {
        var pinch = LevelPinch(source: .pinch)
        for step in 0...20 { pinch.update(scale: 1 - 0.4 * Double(step) / 20, time: Double(step) * 0.1) }
        XCTAssertEqual(pinch.outcome, .goUp)
    }

    func testFastShortPinchGoesUp() {
        var pinch = LevelPinch(source: .pinch)
        // 0.2 of scale in 0.1 s: 2 per second, above the 1.5 per second threshold.
        for step in 0...5 { pinch.update(scale: 1 - 0.04 * Double(step), time: Double(step) * 0.02) }
        XCTAssertGreaterThan(pinch.scale, 0.6)
        XCTAssertEqual(pinch.outcome, .goUp)
        XCTAssertGreaterThan(pinch.progressVelocity, 0, "moving towards the overview")
    }

    func testFastPinchThatOpensAgainSpringsBack() {
        var pinch = LevelPinch(source: .pinch)
        for step in 0...5 { pinch.update(scale: 1 - 0.04 * Double(step), time: Double(step) * 0.02) }
        for step in 1...10 { pinch.update(scale: 0.8 + 0.01 * Double(step), time: 0.1 + Double(step) * 0.02) }
        XCTAssertEqual(pinch.outcome, .springBack)
    }

    func testCtrlScrollStepsCountDistanceOnly() {
        var pinch = LevelPinch(source: .ctrlScroll)
        for step in 0..<3 { pinch.scroll(deltaY: 1, time: Double(step) * 0.01) }
        XCTAssertEqual(pinch.scale, 0.7, accuracy: 1e-9)
        XCTAssertEqual(pinch.outcome, .springBack, "three quick steps are fast, but wheel speed does not count")
        XCTAssertEqual(pinch.progressVelocity, 0)
        pinch.scroll(deltaY: 1, time: 0.03)
        XCTAssertEqual(pinch.outcome, .goUp, "the fourth step reaches the landing scale")
        pinch.scroll(deltaY: -2, time: 0.04)
        XCTAssertEqual(pinch.outcome, .springBack, "scrolling back up undoes steps")
    }

    func testSettleReachesItsTargetWithoutOvershootAndStops() {
        let settle = LevelSettle(from: 0.4, velocity: 2, to: 1, time: 10)
        var last = 0.4
        var time = 10.0
        while !settle.isSettled(at: time) {
            let progress = settle.progress(at: time)
            XCTAssertLessThanOrEqual(progress, 1)
            XCTAssertGreaterThanOrEqual(progress, last - 1e-9, "moves one way only")
            last = progress
            time += 1.0 / 60
            XCTAssertLessThan(time, 11, "settles within a second")
        }
        XCTAssertEqual(settle.progress(at: time), 1)
    }

    func testSettleBackStartsFromWhereTheHandLeftIt() {
        let settle = LevelSettle(from: 0.5, velocity: 0, to: 0, time: 0)
        XCTAssertEqual(settle.progress(at: 0), 0.5, accuracy: 1e-9)
        XCTAssertLessThan(settle.progress(at: 0.1), 0.5)
        XCTAssertFalse(settle.isSettled(at: 0.05))
        XCTAssertTrue(settle.isSettled(at: 2))
    }

    func testWithoutAnimationsTheSettleJumps() {
        let settle = LevelSettle(from: 0.3, velocity: 0, to: 1, time: 0, animationsEnabled: false)
        XCTAssertTrue(settle.isSettled(at: 0))
        XCTAssertEqual(settle.progress(at: 0), 1)
    }

    /// Random pinches, however they move, keep progress within 0…1 and end in one of the two
    /// outcomes, with the settle coming to rest at that outcome's end.
    func testRandomPinchesEndAtOneOfTheLevels() {
        var random = SplitMix64(seed: 0x1E7E1)
        for _ in 0..<200 {
            var pinch = LevelPinch(source: random.next() % 2 == 0 ? .pinch : .ctrlScroll)
            var time = 0.0
            for _ in 0..<Int(random.next() % 30 + 1) {
                time += Double(random.next() % 50 + 1) / 1000
                if pinch.source == .pinch {
                    pinch.update(scale: Double(random.next() % 1500) / 1000, time: time)
                } else {
                    pinch.scroll(deltaY: Double(Int(random.next() % 5) - 2), time: time)
                }
                XCTAssertTrue((0...1).contains(pinch.progress))
            }
            let target = pinch.outcome == .goUp ? 1.0 : 0.0
            let settle = LevelSettle(from: pinch.progress, velocity: pinch.progressVelocity, to: target, time: time)
            XCTAssertEqual(settle.progress(at: time + 5), target)
            XCTAssertTrue(settle.isSettled(at: time + 5))
        }
    }
}
