/// A property both sides changed differently since they last agreed: the later change was
/// kept, and this says what the other one was, so the user can see what was replaced.
public struct FieldConflict: Sendable, Equatable {
    public enum Field: String, Sendable {
        case title, notes, completion, due, repeatRule, reminder, order, priority, tags, parent, start
    }

    public var field: Field
    /// Whether Flick's own change was the one replaced (else the server's).
    public var replacedLocal: Bool
    /// The replaced value, in words for a notice ("Buy milk", "completed", "none").
    public var replacedValue: String
}
