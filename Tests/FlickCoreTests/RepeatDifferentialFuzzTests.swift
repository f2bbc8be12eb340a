import FuzzSupport
import XCTest
@testable import FlickCore

/// Flick's next occurrences against libical's own expansion, for random rules of every part
/// (`RandomRecurrence`): completing a repeating task, and Upcoming's rows, must land on the days
/// every other client computes, or the wrong day is synced to all of them. Flick steps the rules
/// it writes itself and gives the rest to libical (`RepeatRule.occurrences`), so this checks both
/// its own stepping and how it hands a rule and a due date to libical and reads the answer.
///
/// Upcoming shows the series from the due date, which must be libical's. Completing moves the
/// due date (and DTSTART) to the next occurrence and starts the series there, as tasks.org does:
/// that chain must be the one libical computes from each written DTSTART, which is what every
/// other client reads. The two differ where libical's own series does (seen: BYWEEKNO across
/// the turn of a year, WKST other than Monday with an INTERVAL).
///
/// 10,000 rules in `make check`; `make stress` runs ten times as many from a new seed (its
/// `--filter Fuzz`, FLICK_FUZZ_SCALE).
///
/// Each task starts on an occurrence of its rule (RFC 5545 §3.8.5.3: a series whose start its
/// rule does not name is undefined; COUNT counts the start either way).
final class RepeatDifferentialFuzzTests: XCTestCase {
    /// Four occurrences within four years of the start are enough to see a rule's pattern.
    private static let years: Int32 = 4
    private static let limit = 4

    func testFlickAgreesWithLibicalOnRandomRules() {
        let result = FuzzCampaign("RepeatDifferentialFuzzTests", cases: 10_000).run { _, random in
            let task = RandomRecurrence(&random)
            guard let start = LibicalReference.series(task.rule, from: task.anchor, limit: 1,
                                                      through: task.anchor.dayNumber + 100_000)?.first else { return nil }
            return Self.difference(task.wholeRule, start: start)
        }
        XCTAssertTrue(result.failures.isEmpty, result.report)
    }

    /// What Flick and libical disagree on for this rule from `start`, or nil.
    private static func difference(_ rrule: String, start: DueDate) -> String? {
        guard let rule = RepeatRule(rrule: rrule) else { return "Flick cannot read \(rrule)" }
        let end = start.dayNumber + years * 10_000
        guard let expected = LibicalReference.series(rrule, from: start, limit: limit + 1, through: end)?
            .filter({ $0.isLater(than: start) }).prefix(limit) else { return "libical cannot read \(rrule)" }
        let upcoming = rule.occurrences(after: start, through: end, limit: limit)
        if upcoming != Array(expected) {
            return "\(rrule) from \(describe(start)): Upcoming \(upcoming.map(describe)), libical \(expected.map(describe))"
        }
        let completed = completions(of: rule, from: start, count: expected.count, through: end)
        let restarted = LibicalReference.restarts(rrule, from: start, count: expected.count, through: end)
        if completed != restarted {
            return "\(rrule) from \(describe(start)): completed \(completed.map(describe)), libical \(restarted.map(describe))"
        }
        return nil
    }

    /// The due dates completing the task again and again reaches, as the list does it: each
    /// completion starts the series anew at the next occurrence with one fewer to go.
    private static func completions(of rule: RepeatRule, from start: DueDate, count: Int, through end: Int32) -> [DueDate] {
        var rule = rule, due = start, reached: [DueDate] = []
        while reached.count < count, let next = rule.next(after: due), next.dayNumber <= end {
            reached.append(next)
            rule = rule.countingOneDone
            due = next
        }
        return reached
    }

    private static func describe(_ due: DueDate) -> String {
        LibicalReference.text(of: due) + (due.timeZone.map { " " + $0 } ?? "")
    }
}
