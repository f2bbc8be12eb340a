import Foundation

/// Reads a due date (`QuickDateParser`) and a repeat (`QuickRepeatParser`) from the end of a
/// title, in either order: "Water plants every Friday", "Standup every weekday 9:00", "Pay rent
/// tomorrow monthly". A repeat needs a due date to advance from, so:
/// - with no date typed, the item is due on the rule's first occurrence from today on (the next
///   Friday, today for a daily rule, the next 1st); that is a step of its own, before the
///   rule's, so that undoing never leaves a rule with no date to advance from: the first Ctrl+Z
///   takes the rule off (and gives back "every Friday" in the title), the next the date;
/// - a date or time typed with it is moved to the rule's first occurrence from that day on, if
///   it is not one ("every weekday 9:00" typed on a Friday evening is due Monday at 9:00, not
///   Saturday), so that the series starts where it says. A date typed before the repeat
///   ("Dentist 4/12 every 6 months") comes off the title after it, the title being read from
///   its end: the first Ctrl+Z gives back the date's words, the next the repeat's.
/// Without a repeat it reads what `QuickDateParser` reads, unless the date's phrase is the end
/// of a repeat's that cannot be read: "every Friday" alone is a title, not "every" due Friday.
public struct QuickPlanParser: Sendable {
    public let dates: QuickDateParser
    public let repeats: QuickRepeatParser

    public init(dates: QuickDateParser, repeats: QuickRepeatParser) {
        self.dates = dates
        self.repeats = repeats
    }

    /// Date phrases are short: "la semana que viene a las 18:00" is the longest.
    private static let longestDate = 8

    /// The steps that take a trailing start date, due date and repeat off the title, or nil if
    /// it ends in none. A start phrase is looked for first, at the end and then before a due
    /// date's or a repeat's phrase ("Report from Monday by Friday", "Gym every 2 weeks from
    /// Monday"): else its date would be read as the due date with its start word left in the
    /// title ("Plan trip from"). A repeat typed with a start begins on the start's day.
    public func parse(_ title: String, now: Date) -> QuickPlan? {
        if let (left, start) = dates.parseStart(title, now: now) {
            var plan = dueAndRepeat(left, now: now, from: start) ?? QuickPlan(steps: [])
            plan.steps.insert(.start(start, title: left), at: 0)
            return plan
        }
        guard var plan = dueAndRepeat(title, now: now, from: nil) else { return nil }
        if let rest = plan.title, let (left, start) = dates.parseStart(rest, now: now) {
            plan.steps.append(.start(start, title: left))
        }
        return plan
    }

    /// A trailing due date and repeat; a repeat with no date begins on its first occurrence from
    /// `start` on (today without one).
    private func dueAndRepeat(_ title: String, now: Date, from start: DueDate?) -> QuickPlan? {
        if let (rest, rule) = repeats.parse(title) {
            guard let (first, due) = dates.parse(rest, now: now) else {
                return firstOccurrence(of: rule, typed: title, rest: rest, now: now, from: start)
            }
            return QuickPlan(steps: [.repeats(rule, title: rest), .due(rule.firstOccurrence(onOrAfter: due), title: first)])
        }
        if let read = dateAfterRepeat(title, now: now) {
            return QuickPlan(steps: [.due(read.rule.firstOccurrence(onOrAfter: read.due), title: read.withoutDate),
                                     .repeats(read.rule, title: read.withoutBoth)])
        }
        guard let (rest, due) = dates.parse(title, now: now), !repeats.endsInEvery(rest) else { return nil }
        return QuickPlan(steps: [.due(due, title: rest)])
    }

    /// A rule with no date typed: due on its first occurrence from today on, the title left as
    /// typed, then the rule, which takes its phrase off.
    private func firstOccurrence(of rule: RepeatRule, typed: String, rest: String, now: Date,
                                 from start: DueDate?) -> QuickPlan {
        let today = DueDate.today(in: dates.timeZone, now: now)
        let day = rule.firstOccurrence(onOrAfter: start.map { $0.dayNumber > today.dayNumber ? $0 : today } ?? today)
        return QuickPlan(steps: [.due(day, title: typed), .repeats(rule, title: rest)], dueIsFirstOccurrence: true)
    }

    /// "Call mum every Friday 18:00": the shortest run of last words that is a date phrase on
    /// its own, after a repeat phrase. Not simply the date parser's reading of the whole title,
    /// which would take "Friday 18:00" and leave "Call mum every".
    private func dateAfterRepeat(_ title: String, now: Date)
        -> (withoutDate: String, due: DueDate, rule: RepeatRule, withoutBoth: String)? {
        let tokens = TitleWords.ranges(in: title)
        guard tokens.count >= 3 else { return nil }
        for length in 1...min(Self.longestDate, tokens.count - 2) {
            let cut = tokens[tokens.count - length].lowerBound
            let head = title[..<cut].trimmingCharacters(in: .whitespaces)
            guard let (withoutBoth, rule) = repeats.parse(head),
                  let (left, due) = dates.parse("x " + title[cut...], now: now), left == "x" else { continue }
            return (head, due, rule, withoutBoth)
        }
        return nil
    }
}
