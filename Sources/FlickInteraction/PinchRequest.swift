/// What a pinch needs done in the window before it can go on, which the window may refuse:
/// asked as an effect (`PinchGesture.Effect.request`), answered as an input
/// (`ListInput.answered`). The pure code then never calls into the window mid-decision: the
/// step that asked is held (`ListHands`) and taken again with the answer.
public enum PinchRequest: Sendable, Equatable {
    /// A gap is about to open: a title being typed is saved (the gap takes its place) and open
    /// rows close. Refused when the title cannot be saved (its row keeps the editor).
    case makeRoomForGap
    /// A pinch together is about to begin: the transition up starts. Refused where there is
    /// nowhere to go, or a title being typed cannot be saved.
    case startGoingUp

    /// The answers a held step has had so far; nil: not asked yet.
    public struct Answers: Sendable, Equatable {
        public var roomForGap: Bool?
        public var goingUp: Bool?

        public init(roomForGap: Bool? = nil, goingUp: Bool? = nil) {
            self.roomForGap = roomForGap
            self.goingUp = goingUp
        }

        /// These answers with `request` answered `granted`.
        public func with(_ request: PinchRequest, _ granted: Bool) -> Answers {
            var answered = self
            switch request {
            case .makeRoomForGap: answered.roomForGap = granted
            case .startGoingUp: answered.goingUp = granted
            }
            return answered
        }
    }
}
