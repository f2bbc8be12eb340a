import FlickInteraction

/// Who carries out a pinch together on a gesture list: the window's `PageStack`, which shrinks
/// the level shown towards the one up as the pinch goes and lands there or springs back on
/// release.
@MainActor
protocol LevelPinchHandler: AnyObject {
    /// A pinch together began; false if going up is not possible now (the gesture then does
    /// nothing more).
    func levelPinchBegan() -> Bool
    /// The transition has come this far (0 the items, 1 the overview).
    func levelPinchMoved(progress: Double)
    /// The hand let go, moving at `velocity` (progress per second).
    func levelPinchEnded(_ outcome: LevelPinch.Outcome, progress: Double, velocity: Double)
}
