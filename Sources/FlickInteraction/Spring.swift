#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A damped harmonic oscillator solved in closed form, so a frame's position depends
/// only on the time since the start and never accumulates integration error.
///
/// Displacement x is measured from the target: x'' + 2ζω·x' + ω²·x = 0.
struct Spring: Sendable, Equatable {
    /// ζ in (0, 1]: 1 is critically damped (no overshoot from rest), below 1 bounces.
    let dampingRatio: Double
    /// ω in radians per second.
    let angularFrequency: Double

    init(dampingRatio: Double, angularFrequency: Double) {
        precondition(dampingRatio > 0 && dampingRatio <= 1, "only critical and under-damping are used")
        precondition(angularFrequency > 0)
        self.dampingRatio = dampingRatio
        self.angularFrequency = angularFrequency
    }

    /// Displacement and velocity `t` seconds after starting at `x0` with velocity `v0`.
    func state(after t: Double, from x0: Double, velocity v0: Double) -> (displacement: Double, velocity: Double) {
        let ω = angularFrequency
        let ζ = dampingRatio
        if ζ == 1 {
            let b = v0 + ω * x0
            let decay = exp(-ω * t)
            return ((x0 + b * t) * decay, (v0 - ω * b * t) * decay)
        }
        let ωd = ω * (1 - ζ * ζ).squareRoot()
        let decay = exp(-ζ * ω * t)
        let c = cos(ωd * t)
        let s = sin(ωd * t)
        let x = decay * (x0 * c + (v0 + ζ * ω * x0) / ωd * s)
        let v = decay * (v0 * c - (ζ * ω * v0 + ω * ω * x0) / ωd * s)
        return (x, v)
    }
}
