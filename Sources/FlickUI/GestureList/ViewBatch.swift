import FlickInteraction

/// The effects in a row for one view, gathered from the hands' answer (`InteractionDriver.apply`)
/// until an effect for another view comes: only one of the four is ever filled.
@MainActor
struct ViewBatch {
    private(set) var rows: [InteractionEffect<Int64>] = []
    private(set) var pulls: [EdgePullGesture.Effect] = []
    private(set) var pinches: [PinchGesture<Int64>.Effect] = []
    private(set) var lifts: [LiftGesture<Int64>.Effect] = []

    mutating func add(row effect: InteractionEffect<Int64>, flushing carryOut: (ViewBatch) -> Void) {
        if !(pulls.isEmpty && pinches.isEmpty && lifts.isEmpty) { flush(carryOut) }
        rows.append(effect)
    }

    mutating func add(pull effect: EdgePullGesture.Effect, flushing carryOut: (ViewBatch) -> Void) {
        if !(rows.isEmpty && pinches.isEmpty && lifts.isEmpty) { flush(carryOut) }
        pulls.append(effect)
    }

    mutating func add(pinch effect: PinchGesture<Int64>.Effect, flushing carryOut: (ViewBatch) -> Void) {
        if !(rows.isEmpty && pulls.isEmpty && lifts.isEmpty) { flush(carryOut) }
        pinches.append(effect)
    }

    mutating func add(lift effect: LiftGesture<Int64>.Effect, flushing carryOut: (ViewBatch) -> Void) {
        if !(rows.isEmpty && pulls.isEmpty && pinches.isEmpty) { flush(carryOut) }
        lifts.append(effect)
    }

    /// Hands what is gathered to `carryOut` and starts empty.
    mutating func flush(_ carryOut: (ViewBatch) -> Void) {
        guard !(rows.isEmpty && pulls.isEmpty && pinches.isEmpty && lifts.isEmpty) else { return }
        carryOut(self)
        self = ViewBatch()
    }
}
