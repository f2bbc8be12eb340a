/// Timing curves for animations that have a fixed duration.
enum Easing {
    /// Cubic ease-in-out: slow start, slow end; `progress` is clamped to 0…1.
    static func easeInOutCubic(_ progress: Double) -> Double {
        let p = min(max(progress, 0), 1)
        if p < 0.5 {
            return 4 * p * p * p
        }
        let q = -2 * p + 2
        return 1 - q * q * q / 2
    }

    /// Cubic ease-out: fast start, slow end, as a thing let go comes to rest; `progress` is
    /// clamped to 0…1.
    static func easeOutCubic(_ progress: Double) -> Double {
        let q = 1 - min(max(progress, 0), 1)
        return 1 - q * q * q
    }
}
