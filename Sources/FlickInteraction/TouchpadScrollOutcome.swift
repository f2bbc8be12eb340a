/// What one touchpad scroll event did on a gesture list (`ListHands.touchpadScrolled`): whether
/// it is used up (GTK's scrolled window must not scroll by it), what the pull and the row draw,
/// and how far to scroll the list by hand for the events held back while the scroll's axis was
/// being decided (GTK never saw them).
public struct TouchpadScrollOutcome<ID: Hashable & Sendable>: Sendable, Equatable {
    public var consumed: Bool
    public var pull: [EdgePullGesture.Effect]
    public var row: [InteractionEffect<ID>]
    /// Pixels to scroll the list by now, down positive (the content moves up).
    public var scrollListBy: Double

    public init(consumed: Bool, pull: [EdgePullGesture.Effect] = [], row: [InteractionEffect<ID>] = [],
                scrollListBy: Double = 0) {
        self.consumed = consumed
        self.pull = pull
        self.row = row
        self.scrollListBy = scrollListBy
    }
}
