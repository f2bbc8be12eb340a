/// What the UI has been told: compared before and after each input to emit only
/// the effects that changed something.
struct PublishedState<ID: Hashable & Sendable> {
    var rows: [ID: RowAppearance]
    var gap: PinchGap?

    /// The effects that turn `old` into `self`. A row's back view is revealed before
    /// it moves and hidden after it has come back.
    func effects(since old: PublishedState) -> [InteractionEffect<ID>] {
        var effects: [InteractionEffect<ID>] = []
        for id in Set(old.rows.keys).union(rows.keys) {
            let was = old.rows[id] ?? .closed
            let now = rows[id] ?? .closed
            if now.isBackRevealed && !was.isBackRevealed { effects.append(.menuRevealed(id, true)) }
            if now.offset != was.offset { effects.append(.rowOffset(id, now.offset)) }
            if now.completionProgress != was.completionProgress {
                effects.append(.completionCue(id, progress: now.completionProgress))
            }
            if was.isBackRevealed && !now.isBackRevealed { effects.append(.menuRevealed(id, false)) }
        }
        if gap != old.gap { effects.append(.gap(gap)) }
        return effects
    }
}
