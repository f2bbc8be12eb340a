/// Something the hand let go of going back to rest over a fixed time, eased out: the list
/// after a pull, from the distance it was pulled to nothing.
///
/// Like `GapAnimation`, it starts at the first frame it is advanced to; frame times in seconds.
public struct SettleBack: Sendable, Equatable {
    public let distance: Double
    public let duration: Double
    /// How far it still is from rest.
    public private(set) var offset: Double
    private var startTime: Double?

    public init(from distance: Double, duration: Double) {
        self.distance = distance
        self.duration = duration
        offset = distance
    }

    /// Moves to frame time `time`; returns false once at rest (`offset` 0).
    public mutating func advance(to time: Double) -> Bool {
        let start = startTime ?? time
        startTime = start
        let progress = duration > 0 ? (time - start) / duration : 1
        offset = progress >= 1 ? 0 : distance * (1 - Easing.easeOutCubic(progress))
        return progress < 1
    }
}
