/// How one row looks right now; what a row widget shows when it is (re)bound.
public struct RowAppearance: Sendable, Equatable {
    /// Horizontal translation of the front view in logical pixels, positive to the
    /// right on screen (RTL already applied).
    public let offset: Double
    /// Whether the row's back view (menu and completion cue) must be shown. It is
    /// hidden whenever the row is closed and at offset 0, so neither keyboard focus
    /// nor a screen reader reaches a menu that is not open.
    public let isBackRevealed: Bool
    /// How far the completion cue is armed: offset / (W/2) on the completion side,
    /// clamped to 0…1; releasing at 1 (after projection) toggles completion.
    public let completionProgress: Double
    /// How far the postpone cue is armed: 0 at the open menu's edge, 1 at the postpone line
    /// beyond it (`InteractionTuning.postponeBeyondMenuPx`); releasing at 1 postpones.
    public let postponeProgress: Double

    public init(offset: Double, isBackRevealed: Bool, completionProgress: Double, postponeProgress: Double = 0) {
        self.offset = offset
        self.isBackRevealed = isBackRevealed
        self.completionProgress = completionProgress
        self.postponeProgress = postponeProgress
    }

    /// A row that is closed and still.
    static let closed = RowAppearance(offset: 0, isBackRevealed: false, completionProgress: 0)
}
