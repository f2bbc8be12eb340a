/// What the UI has been told: the state after each input is compared with the one the last
/// input left, to emit only the effects that changed something.
struct PublishedState<ID: Hashable & Sendable> {
    /// The rows that are not closed and at rest (those moving, and the open one): a few at
    /// most, so an array searched in order, which costs less per event than a dictionary's
    /// hashing and allocation did (`make bench`, the controller's drag stream).
    var rows: [(id: ID, appearance: RowAppearance)]
    var gap: PinchGap?

    func appearance(of id: ID) -> RowAppearance? {
        rows.first { $0.id == id }?.appearance
    }

    /// The effects that turn `old` into `self`. A row's back view is revealed before
    /// it moves and hidden after it has come back.
    func effects(since old: PublishedState) -> [InteractionEffect<ID>] {
        var effects: [InteractionEffect<ID>] = []
        for (id, was) in old.rows {
            Self.append(from: was, to: appearance(of: id) ?? .closed, of: id, to: &effects)
        }
        for (id, now) in rows where old.appearance(of: id) == nil {
            Self.append(from: .closed, to: now, of: id, to: &effects)
        }
        if gap != old.gap { effects.append(.gap(gap)) }
        return effects
    }

    private static func append(from was: RowAppearance, to now: RowAppearance, of id: ID,
                               to effects: inout [InteractionEffect<ID>]) {
        if now.isBackRevealed && !was.isBackRevealed { effects.append(.menuRevealed(id, true)) }
        if now.offset != was.offset { effects.append(.rowOffset(id, now.offset)) }
        if now.completionProgress != was.completionProgress {
            effects.append(.completionCue(id, progress: now.completionProgress))
        }
        if now.postponeProgress != was.postponeProgress {
            effects.append(.postponeCue(id, progress: now.postponeProgress))
        }
        if was.isBackRevealed && !now.isBackRevealed { effects.append(.menuRevealed(id, false)) }
    }
}
