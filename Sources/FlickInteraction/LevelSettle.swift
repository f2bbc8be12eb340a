#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The level transition coming to rest after a pinch, or running on its own for the keyboard
/// and the back button (DESIGN 2.7): progress 0 shows a list's items, 1 the lists overview. A
/// critically damped spring carries it from where the hand left it, with the hand's speed,
/// to its target without overshoot; with animations off it is there at once.
public struct LevelSettle: Sendable, Equatable {
    public let target: Double
    private let start: Double
    private let startVelocity: Double
    private let startTime: Double
    private let spring: Spring?

    /// Starts at `time` from `progress` moving at `velocity` (progress per second).
    public init(from progress: Double, velocity: Double, to target: Double, time: Double,
                animationsEnabled: Bool = true, tuning: InteractionTuning = .init()) {
        self.target = target
        start = progress
        startVelocity = velocity
        startTime = time
        spring = animationsEnabled
            ? Spring(dampingRatio: 1, angularFrequency: tuning.levelSettleAngularFrequency) : nil
    }

    /// The progress at `time`, kept within 0…1.
    public func progress(at time: Double) -> Double {
        guard let spring, !isSettled(at: time) else { return target }
        let state = spring.state(after: max(0, time - startTime), from: start - target, velocity: startVelocity)
        return min(1, max(0, target + state.displacement))
    }

    /// Whether the transition is at rest: within a thousandth of the target and all but still.
    public func isSettled(at time: Double) -> Bool {
        guard let spring else { return true }
        let state = spring.state(after: max(0, time - startTime), from: start - target, velocity: startVelocity)
        return abs(state.displacement) < 0.001 && abs(state.velocity) < 0.01
    }
}
