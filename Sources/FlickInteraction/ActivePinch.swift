/// A pinch (or Ctrl+scroll) that is opening a gap at a valid row boundary.
struct ActivePinch {
    /// What drives the gap; each source has its own update events.
    enum Source {
        /// Two touch points, with their vertical positions at the start.
        case touch(upperStartY: Double, lowerStartY: Double)
        case touchpad
        case ctrlScroll
    }

    let source: Source
    let boundaryIndex: Int
    /// Gap height in logical pixels, never negative.
    var height = 0.0

    var isCtrlScroll: Bool {
        if case .ctrlScroll = source { return true }
        return false
    }
}
