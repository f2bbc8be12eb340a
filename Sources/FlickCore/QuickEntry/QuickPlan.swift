/// What `QuickPlanParser` read from the end of a title: a due date, a repeat rule, a start date,
/// or several of them, as the steps that take them off the title one at a time. Applied in order, each step one edit,
/// undoing them one by one gives back the title as typed, one part at a time.
public struct QuickPlan: Sendable, Equatable {
    public enum Step: Sendable, Equatable {
        /// Sets the due date and leaves the title as `title`.
        case due(DueDate, title: String)
        /// Sets the repeat rule and leaves the title as `title`.
        case repeats(RepeatRule, title: String)
        /// Sets the start date ("not before") and leaves the title as `title`.
        case start(DueDate, title: String)
    }

    /// In the order they are applied: the phrase typed last is taken off first.
    public var steps: [Step]
    /// Whether the due date is the rule's first occurrence because no date was typed: it is
    /// then a step of its own that leaves the title as it was.
    public var dueIsFirstOccurrence: Bool

    public init(steps: [Step], dueIsFirstOccurrence: Bool = false) {
        self.steps = steps
        self.dueIsFirstOccurrence = dueIsFirstOccurrence
    }

    /// The title once every step is applied.
    public var title: String? {
        steps.last.map { step in
            switch step {
            case let .due(_, title), let .repeats(_, title), let .start(_, title): return title
            }
        }
    }

    public var due: DueDate? {
        steps.lazy.compactMap { step -> DueDate? in
            if case let .due(due, _) = step { return due }
            return nil
        }.first
    }

    public var start: DueDate? {
        steps.lazy.compactMap { step -> DueDate? in
            if case let .start(start, _) = step { return start }
            return nil
        }.first
    }

    public var rule: RepeatRule? {
        steps.lazy.compactMap { step -> RepeatRule? in
            if case let .repeats(rule, _) = step { return rule }
            return nil
        }.first
    }
}
