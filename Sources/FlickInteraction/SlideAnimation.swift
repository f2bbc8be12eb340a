/// A row sliding to rest on a spring, started with the release velocity.
///
/// Its start time is the first frame after it was created: event times and frame
/// times come from different clocks and are never compared.
struct SlideAnimation {
    let target: Double
    let initialDisplacement: Double
    let initialVelocity: Double
    let spring: Spring
    /// End as soon as the target is reached instead of overshooting, like a
    /// libadwaita spring animation with `clamp` set: every slide but the closing bounce.
    let stopsAtTarget: Bool
    private var startTime: Double?

    init(from offset: Double, to target: Double, velocity: Double, spring: Spring, stopsAtTarget: Bool) {
        self.target = target
        initialDisplacement = offset - target
        initialVelocity = velocity
        self.spring = spring
        self.stopsAtTarget = stopsAtTarget
    }

    /// The offset at frame time `time`, or nil once the slide has come to rest.
    mutating func offset(at time: Double, tuning: InteractionTuning) -> Double? {
        let start = startTime ?? time
        startTime = start
        let (x, v) = spring.state(after: max(0, time - start), from: initialDisplacement, velocity: initialVelocity)
        let crossed = stopsAtTarget && (x == 0 || (x < 0) != (initialDisplacement < 0))
        let resting = abs(x) < tuning.settleDistancePx && abs(v) < tuning.settleVelocityPxPerS
        return crossed || resting ? nil : target + x
    }
}
