/// Decides which gesture owns the pointer on one gesture list (one arbiter). Before
/// it, the row drag, the pulls, the lift and the pinches each read the others' flags to stay
/// out of their way; now each asks here before it starts and says when it has ended. A gesture
/// may take the pointer from another only where the hand can turn one into the other (a press
/// held becomes a lift, a second finger turns a drag into a pinch); the one taken from is told
/// to stop (`begin` returns it).
public struct GestureArbiter: Sendable, Equatable {
    /// The gesture that owns the pointer, or nil when the hands rest.
    public private(set) var owner: ListGesture?

    public init() {}

    /// Which gestures may take the pointer from the one that has it.
    /// - A press on a row not yet a slide becomes a lift (held), a pull (moved inwards at an
    ///   edge, which the pull's capture-phase drag sees first), a pinch or a pinch together (a
    ///   second finger).
    /// - A lifted row is put back by a pinch.
    /// - A pull is cancelled by a pinch: a second finger means the hand is pinching.
    /// - A pinch with no gap open closing past its jitter becomes the pinch together.
    /// - A pinch together (Ctrl+scroll's, with no release) ends when a pinch begins.
    /// - A touchpad swipe moves a row until the fingers lift: nothing takes it.
    public static let takeovers: [ListGesture: Set<ListGesture>] = [
        .slide: [.lift, .edgePull, .pinch, .levelPinch],
        .lift: [.pinch, .levelPinch],
        .edgePull: [.pinch, .levelPinch],
        .pinch: [.levelPinch],
        .levelPinch: [.pinch],
        .touchpadSwipe: [],
    ]

    /// Whether `gesture` may take the pointer now.
    public func mayBegin(_ gesture: ListGesture) -> Bool {
        guard let owner, owner != gesture else { return true }
        return Self.takeovers[owner, default: []].contains(gesture)
    }

    /// `gesture` takes the pointer if it may. The result says whether it did and, if it took it
    /// from another, which one (that one must stop: its row settles back, its gap closes).
    @discardableResult
    public mutating func begin(_ gesture: ListGesture) -> Grant {
        guard mayBegin(gesture) else { return .refused }
        let previous = owner
        owner = gesture
        guard let previous, previous != gesture else { return .granted(takenFrom: nil) }
        return .granted(takenFrom: previous)
    }

    /// Whether `gesture` owns the pointer.
    public func owns(_ gesture: ListGesture) -> Bool { owner == gesture }

    /// `gesture` has ended; the hands rest, unless another had taken the pointer from it.
    public mutating func end(_ gesture: ListGesture) {
        if owner == gesture { owner = nil }
    }

    /// Everything stops at once (a window opened over the list, the list was reloaded).
    public mutating func reset() {
        owner = nil
    }

    public enum Grant: Sendable, Equatable {
        case refused
        case granted(takenFrom: ListGesture?)

        public var isGranted: Bool { self != .refused }
    }
}
