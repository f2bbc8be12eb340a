/// Which way a touchpad's two-finger scroll goes, decided once for the whole scroll,
/// the way a row drag is: on the movement its first events add up to, never on one event.
///
/// A hand never starts level: libinput sends both axes of a two-finger scroll until the fingers
/// have kept to one axis for a while, so the first events of a sideways swipe carry a little
/// vertical movement, and a vertical scroll a little sideways. Judged one event at a time, that
/// vertical part started a pull at the list's edge and the swipe never moved its row. Here the
/// events are held back until they add up to `claimDistancePx`; then the scroll is sideways
/// (a row swipe), vertical (the list scrolls, or pulls at its edge), or, while its direction
/// stays between the two, neither until it leaves the diagonal.
public struct TouchpadScrollAxis: Sendable, Equatable {
    /// What the scroll has been decided to be.
    public enum Axis: Sendable, Equatable {
        case undecided
        case sideways
        case vertical
    }

    /// What one scroll event does, once the decision has seen it.
    public enum Step: Sendable, Equatable {
        /// Not decided yet: the event moves nothing (it is kept for the decision).
        case held
        /// A sideways scroll: `dx` is what the row moves by now, the events held back included
        /// on the event that decided it. Its vertical part moves nothing.
        case sideways(dx: Double)
        /// A vertical scroll: `dy` is what to scroll or pull by now, the held events included on
        /// the event that decided it, of which `heldBefore` came before this event (what GTK's
        /// own scrolling of this event leaves out).
        case vertical(dy: Double, heldBefore: Double)
    }

    public private(set) var axis = Axis.undecided
    /// The movement of the events held back so far (undecided), in pixels.
    public private(set) var heldDX = 0.0
    public private(set) var heldDY = 0.0
    private let tuning: InteractionTuning

    public init(tuning: InteractionTuning = .init()) {
        self.tuning = tuning
    }

    /// A scroll event of (dx, dy) pixels: adds it to the decision and says what it does.
    public mutating func scrolled(dx: Double, dy: Double) -> Step {
        switch axis {
        case .sideways: return .sideways(dx: dx)
        case .vertical: return .vertical(dy: dy, heldBefore: 0)
        case .undecided: break
        }
        heldDX += dx
        heldDY += dy
        axis = Self.axis(ofMovement: heldDX, heldDY, tuning: tuning)
        switch axis {
        case .undecided: return .held
        case .sideways: return .sideways(dx: heldDX)
        case .vertical: return .vertical(dy: heldDY, heldBefore: heldDY - dy)
        }
    }

    /// The fingers lifted, or new ones came down: the next scroll is decided afresh.
    public mutating func reset() {
        self = TouchpadScrollAxis(tuning: tuning)
    }

    /// The axis of a movement of (dx, dy) from where the fingers came down: none before it has
    /// gone `claimDistancePx` (the row drag's "about 8 px"), and none while it is nearer the
    /// diagonal than `touchpadAxisRatio` allows: a hand going at 45° has not said which it means.
    public static func axis(ofMovement dx: Double, _ dy: Double, tuning: InteractionTuning = .init()) -> Axis {
        guard (dx * dx + dy * dy).squareRoot() >= tuning.claimDistancePx else { return .undecided }
        if abs(dx) >= abs(dy) * tuning.touchpadAxisRatio { return .sideways }
        if abs(dy) >= abs(dx) * tuning.touchpadAxisRatio { return .vertical }
        return .undecided
    }
}
