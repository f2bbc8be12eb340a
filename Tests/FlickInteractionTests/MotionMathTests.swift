import XCTest
@testable import FlickInteraction

/// The building blocks: velocity estimate, springs, easing.
final class MotionMathTests: XCTestCase {
    func testVelocityIsZeroWithFewerThanTwoSamples() {
        var tracker = VelocityTracker(windowS: 0.15)
        XCTAssertEqual(tracker.velocity, 0)
        tracker.add(time: 1, position: 50)
        XCTAssertEqual(tracker.velocity, 0)
    }

    func testVelocityIsZeroWithoutTimeBetweenSamples() {
        var tracker = VelocityTracker(windowS: 0.15)
        tracker.add(time: 1, position: 0)
        tracker.add(time: 1, position: 50)
        XCTAssertEqual(tracker.velocity, 0)
    }

    func testVelocityCountsOnlyTheRecentWindow() {
        var tracker = VelocityTracker(windowS: 0.15)
        for step in 0...100 {
            let t = Double(step) / 100
            tracker.add(time: t, position: t < 0.8 ? 100 * t : 80 + 1000 * (t - 0.8))
        }
        XCTAssertEqual(tracker.velocity, 1000, accuracy: 1e-6)
    }

    func testVelocityStartsOverWhenTimeRunsBackwards() {
        var tracker = VelocityTracker(windowS: 0.15)
        tracker.add(time: 10, position: 0)
        tracker.add(time: 10.1, position: 100)
        tracker.add(time: 2, position: 0)
        XCTAssertEqual(tracker.velocity, 0)
        tracker.add(time: 2.1, position: -20)
        XCTAssertEqual(tracker.velocity, -200, accuracy: 1e-9)
    }

    func testSpringStartsWithItsInitialState() {
        for ratio in [1.0, 0.7] {
            let spring = Spring(dampingRatio: ratio, angularFrequency: 24)
            let start = spring.state(after: 0, from: -120, velocity: 900)
            XCTAssertEqual(start.displacement, -120, accuracy: 1e-9)
            XCTAssertEqual(start.velocity, 900, accuracy: 1e-9)
            let h = 1e-6
            let slope = (spring.state(after: h, from: -120, velocity: 900).displacement - start.displacement) / h
            XCTAssertEqual(slope, 900, accuracy: 0.1, "velocity is the derivative of displacement")
        }
    }

    func testCriticallyDampedSpringFromRestDoesNotOvershoot() {
        let spring = Spring(dampingRatio: 1, angularFrequency: 24)
        let samples = (0...120).map { spring.state(after: Double($0) / 120, from: 200, velocity: 0).displacement }
        XCTAssertGreaterThanOrEqual(samples.min() ?? -1, 0)
        XCTAssertLessThan(spring.state(after: 0.35, from: 200, velocity: 0).displacement, 0.5, "the 0.35 s snap")
    }

    func testUnderDampedSpringOvershootsAFewPercent() {
        let spring = Spring(dampingRatio: 0.7, angularFrequency: 24)
        let overshoot = (0...240).map { spring.state(after: Double($0) / 240, from: -200, velocity: 0).displacement }.max() ?? 0
        XCTAssertEqual(overshoot / 200, 0.046, accuracy: 0.005, "e^(−ζπ/√(1−ζ²)) for ζ = 0.7")
    }

    func testEaseInOutCubic() {
        XCTAssertEqual(Easing.easeInOutCubic(0), 0)
        XCTAssertEqual(Easing.easeInOutCubic(0.5), 0.5)
        XCTAssertEqual(Easing.easeInOutCubic(1), 1)
        XCTAssertEqual(Easing.easeInOutCubic(0.25), 0.0625)
        XCTAssertEqual(Easing.easeInOutCubic(0.75), 0.9375)
        XCTAssertEqual(Easing.easeInOutCubic(2), 1)
    }

    func testEaseOutCubicStartsFastAndEndsAtRest() {
        XCTAssertEqual(Easing.easeOutCubic(0), 0)
        XCTAssertEqual(Easing.easeOutCubic(0.5), 0.875)
        XCTAssertEqual(Easing.easeOutCubic(1), 1)
        XCTAssertEqual(Easing.easeOutCubic(-1), 0)
        XCTAssertEqual(Easing.easeOutCubic(3), 1)
    }

    func testASettleBackStartsAtItsFirstFrameAndComesToRestAtItsDuration() {
        var settle = SettleBack(from: -80, duration: 0.2)
        XCTAssertTrue(settle.advance(to: 10.0), "the first frame is its start")
        XCTAssertEqual(settle.offset, -80)
        XCTAssertTrue(settle.advance(to: 10.1))
        XCTAssertEqual(settle.offset, -10, accuracy: 1e-9, "half way in time, seven eighths of the way back")
        XCTAssertFalse(settle.advance(to: 10.21), "the first frame past its duration")
        XCTAssertEqual(settle.offset, 0)
        var instant = SettleBack(from: 50, duration: 0)
        XCTAssertFalse(instant.advance(to: 1))
        XCTAssertEqual(instant.offset, 0)
    }
}
