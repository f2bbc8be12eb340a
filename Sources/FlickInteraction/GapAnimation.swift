/// A gap released below the insert threshold closing over a fixed time, ease-in-out.
///
/// Like `SlideAnimation`, it starts at the first frame after it was created.
struct GapAnimation {
    let boundaryIndex: Int
    let initialHeight: Double
    private(set) var height: Double
    private var startTime: Double?

    init(boundaryIndex: Int, height: Double) {
        self.boundaryIndex = boundaryIndex
        initialHeight = height
        self.height = height
    }

    /// Moves to frame time `time`; returns false once the gap has closed.
    mutating func advance(to time: Double, duration: Double) -> Bool {
        let start = startTime ?? time
        startTime = start
        let progress = duration > 0 ? (time - start) / duration : 1
        guard progress < 1 else { return false }
        height = initialHeight * (1 - Easing.easeInOutCubic(progress))
        return true
    }
}
