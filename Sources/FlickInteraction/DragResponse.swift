/// The answer to a drag update: the decision about the sequence and the effects
/// to apply, since one update can both claim a drag and move rows.
public struct DragResponse<ID: Hashable & Sendable>: Sendable, Equatable {
    public let decision: DragDecision
    public let effects: [InteractionEffect<ID>]
}
