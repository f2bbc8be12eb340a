/// Pinching together on a list's items to go up to the lists overview (DESIGN 2.7). It follows
/// the gesture's scale (1 when the pinch began, smaller as the fingers close, or as Ctrl+scroll
/// steps down), says how far the transition has come, and decides on release whether the items
/// land on the overview or spring back. The view draws the progress and carries out the outcome.
public struct LevelPinch: Sendable {
    public enum Outcome: Sendable, Equatable {
        case goUp
        case springBack
    }

    /// Where the scale comes from: a touchscreen or touchpad pinch has a speed; wheel steps
    /// come in bursts whose speed means nothing, so only the distance counts.
    public enum Source: Sendable, Equatable {
        case pinch
        case ctrlScroll
    }

    public let source: Source
    private let tuning: InteractionTuning
    public private(set) var scale = 1.0
    private var velocity: VelocityTracker

    public init(source: Source, tuning: InteractionTuning = .init()) {
        self.source = source
        self.tuning = tuning
        velocity = VelocityTracker(windowS: tuning.velocityWindowS)
    }

    /// Whether a pinch whose scale is now `scale` is pinching together, far enough to be
    /// a gesture.
    public static func begins(atScale scale: Double, tuning: InteractionTuning = .init()) -> Bool {
        scale < 1 - tuning.levelPinchStartScaleDrop
    }

    /// The gesture's scale now; never below 0 and, once pinched together, never above 1.
    public mutating func update(scale newScale: Double, time: Double) {
        scale = min(1, max(0, newScale))
        velocity.add(time: time, position: scale)
    }

    /// One Ctrl+scroll step of `deltaY` units (down is positive, and shrinks).
    public mutating func scroll(deltaY: Double, time: Double) {
        update(scale: scale - deltaY * tuning.ctrlScrollScalePerUnit, time: time)
    }

    /// How far the transition to the overview has come: 0 at scale 1, 1 at the landing scale
    /// and below.
    public var progress: Double {
        let span = 1 - tuning.levelPinchLandScale
        guard span > 0 else { return 1 }
        return min(1, max(0, (1 - scale) / span))
    }

    /// The progress's speed (per second), positive towards the overview; 0 for wheel steps.
    public var progressVelocity: Double {
        guard source == .pinch else { return 0 }
        let span = 1 - tuning.levelPinchLandScale
        return span > 0 ? -velocity.velocity / span : 0
    }

    /// What a release now does: land at or past the landing scale, or when the fingers were
    /// still closing fast; otherwise spring back.
    public var outcome: Outcome {
        // Within rounding of the landing scale counts: four wheel steps of 0.1 make 0.6000…01.
        if scale <= tuning.levelPinchLandScale + 1e-9 { return .goUp }
        if source == .pinch, -velocity.velocity > tuning.levelPinchLandVelocity { return .goUp }
        return .springBack
    }
}
