/// Estimates the speed of a one-dimensional movement from timestamped positions.
///
/// The velocity is the slope between the oldest and the newest sample inside the
/// window that ends at the newest sample, as libadwaita's swipe tracker does: it
/// follows the end of the gesture and ignores how it started.
public struct VelocityTracker: Sendable {
    private struct Sample: Sendable {
        let time: Double
        let position: Double
    }

    /// How far back samples count, in seconds.
    public let windowS: Double
    private var samples: [Sample] = []

    public init(windowS: Double) {
        self.windowS = windowS
    }

    /// Adds a position at a time (seconds, one clock for all samples). A sample older
    /// than the newest one starts over: the clock cannot run backwards within one
    /// gesture, so the earlier samples belong to something else.
    public mutating func add(time: Double, position: Double) {
        if let last = samples.last, time < last.time {
            samples.removeAll()
        }
        samples.append(Sample(time: time, position: position))
        let oldest = time - windowS
        if let keep = samples.firstIndex(where: { $0.time >= oldest }), keep > 0 {
            samples.removeFirst(keep)
        }
    }

    /// Units per second; 0 with fewer than two samples or no time between them.
    public var velocity: Double {
        guard let first = samples.first, let last = samples.last, last.time > first.time else {
            return 0
        }
        return (last.position - first.position) / (last.time - first.time)
    }
}
