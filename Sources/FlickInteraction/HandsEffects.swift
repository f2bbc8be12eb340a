/// What the hands' inputs with no gesture of their own bring about, gesture by gesture: time
/// passing (`ListInput.timeReached`, `ListHands.advance(to:)`) ends a wheel pull, Ctrl+scroll's
/// pinch or carries a held row up; a reset (`ListInput.listReadAgain`, `ListHands.reset()`)
/// stops everything at once. `ListHands.handle` answers them as `ListEffect`s, part by part.
struct HandsEffects<ID: Hashable & Sendable>: Sendable, Equatable {
    public var list: [InteractionEffect<ID>] = []
    public var pull: [EdgePullGesture.Effect] = []
    public var pinch: [PinchGesture<ID>.Effect] = []
    public var lift: [LiftGesture<ID>.Effect] = []

    public init(list: [InteractionEffect<ID>] = [], pull: [EdgePullGesture.Effect] = [],
                pinch: [PinchGesture<ID>.Effect] = [], lift: [LiftGesture<ID>.Effect] = []) {
        self.list = list
        self.pull = pull
        self.pinch = pinch
        self.lift = lift
    }

    public var isEmpty: Bool { list.isEmpty && pull.isEmpty && pinch.isEmpty && lift.isEmpty }
}
