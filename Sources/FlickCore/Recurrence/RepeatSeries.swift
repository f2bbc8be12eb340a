/// A repeating task's whole series (RFC 5545 §3.8.5): the occurrences its rule names, without
/// those an EXDATE takes out, with those an RDATE adds. Completing the task moves it to the
/// series' next occurrence; Upcoming shows the series' occurrences.
///
/// Flick moves a repeating task's due date (and DTSTART) to the occurrence after the one done,
/// as tasks.org does, so the rule counts from the new due date. After an RDATE that is not one
/// of the rule's days, a rule that takes its day from DTSTART (`FREQ=WEEKLY` without BYDAY)
/// counts from the RDATE's day: RDATE in a task is rare (no client we know writes one from its
/// editor), and the rule is kept as it came.
public struct RepeatSeries: Sendable, Equatable {
    public var rule: RepeatRule
    public var exceptions: RepeatExceptions

    public init(rule: RepeatRule, exceptions: RepeatExceptions = .none) {
        self.rule = rule
        self.exceptions = exceptions
    }

    /// The occurrence after `due` and the rule as it reads from there: COUNT lower by every
    /// occurrence of the rule passed (an excluded one too: COUNT counts the rule's occurrences
    /// before EXDATE takes any out, RFC 5545 §3.8.5.1), and by none for an RDATE before the
    /// rule's next, which becomes the series' start and so its first counted occurrence. Nil
    /// when the series has no occurrence after `due`.
    public func next(after due: DueDate) -> (due: DueDate, rule: RepeatRule)? {
        // Each EXDATE takes out at most one of the rule's occurrences.
        let ruled = rule.occurrences(after: due, through: .max, limit: exceptions.excluded.count + 1)
        let fromRule = ruled.firstIndex { !exceptions.excludes($0) }
        let added = nextAdded(after: due)
        if let added, fromRule.map({ ruled[$0].isLater(than: added) }) ?? true {
            let passed = ruled.prefix { !$0.isLater(than: added) }.count
            return (added, rule.countingDone(passed))
        }
        guard let fromRule else { return nil }
        return (ruled[fromRule], rule.countingDone(fromRule + 1))
    }

    /// The series' occurrences after `due`, up to `limit` and none after `lastDay` (yyyymmdd),
    /// in order.
    public func occurrences(after due: DueDate, through lastDay: Int32, limit: Int) -> [DueDate] {
        guard !exceptions.isEmpty else { return rule.occurrences(after: due, through: lastDay, limit: limit) }
        let ruled = rule.occurrences(after: due, through: lastDay, limit: limit + exceptions.excluded.count)
        let added = exceptions.added.filter { $0.isLater(than: due) && $0.dayNumber <= lastDay }
        let all = (ruled + added).filter { !exceptions.excludes($0) }.sorted { $1.isLater(than: $0) }
        var unique: [DueDate] = []
        for occurrence in all where unique.last.map({ !RepeatExceptions.isSameOccurrence($0, occurrence) }) ?? true {
            unique.append(occurrence)
        }
        return Array(unique.prefix(limit))
    }

    private func nextAdded(after due: DueDate) -> DueDate? {
        exceptions.added.filter { $0.isLater(than: due) && !exceptions.excludes($0) }
            .min { $1.isLater(than: $0) }
    }
}
