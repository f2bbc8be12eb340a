import Foundation
import FuzzSupport
import XCTest
@testable import FlickCore

/// Issue 11, "bad input never crashes", for repeats (issue 59): whatever a title is, reading a
/// due date and a repeat from it answers at once, always the same, with steps that each leave
/// a part of the title, a rule written as it reads back, and a due date the rule falls on.
final class QuickPlanFuzzTests: XCTestCase {
    private static let languages: [(String, QuickDateWords, QuickRepeatWords)] = [
        ("en", .english, .english), ("de", .german, .german), ("fr", .french, .french), ("es", .spanish, .spanish),
        ("he", .hebrew, .hebrew),
    ]
    private static let oddWords = ["0", "1", "2", "31", "32", "99", "100", "1st", "1.", "1er", "1º", "ב־1", "ב1", "-1",
                                   "18:00", "9am", "24/12", "&", ",", "", "\u{0}", "\u{202E}", "👩‍👩‍👧‍👦", "e\u{301}",
                                   "Buy", "milk", String(repeating: "7", count: 30)]

    func testRandomTitlesInEveryLanguage() {
        let result = FuzzCampaign("QuickPlanFuzzTests", cases: 1000).run { _, random in
            let (language, dateWords, repeatWords) = random.pick(Self.languages)
            let parser = QuickPlanParser(dates: QuickDateParser(words: dateWords, order: .dayMonth,
                                                                timeZone: TimeZone(identifier: "Europe/Berlin")!),
                                         repeats: QuickRepeatParser(words: repeatWords))
            let now = Date(timeIntervalSince1970: 1_790_000_000 + Double(random.below(400 * 86_400)))
            let title = Self.title(dateWords, repeatWords, &random)
            let plan = parser.parse(title, now: now)
            guard plan == parser.parse(title, now: now) else { return "\(language): two answers for \(title.debugDescription)" }
            guard let plan else { return nil }
            return Self.problem(with: plan, title: title).map { "\(language): \(title.debugDescription): \($0)" }
        }
        XCTAssert(result.failures.isEmpty, result.report)
    }

    /// What is wrong with the plan read from `title`, or nil.
    private static func problem(with plan: QuickPlan, title: String) -> String? {
        var before = title
        for step in plan.steps {
            let left: String
            switch step {
            case let .due(_, title), let .repeats(_, title), let .start(_, title): left = title
            }
            // Each step leaves the words before its phrase (the title's edges trimmed).
            if left.isEmpty || !before.contains(left) { return "a step leaves \(left.debugDescription)" }
            before = left
        }
        if before.count >= title.count { return "nothing taken off" }
        if let rule = plan.rule {
            if RepeatRule(rrule: rule.rrule) != rule { return "\(rule.rrule) does not read back the same" }
            guard let due = plan.due else { return "a rule with no due date" }
            if !rule.fallsOn(due) { return "due \(due), which \(rule.rrule) does not fall on" }
            if plan.dueIsFirstOccurrence, let start = plan.start, due.dayNumber < start.dayNumber {
                return "due \(due), before the start \(start) its repeat begins on"
            }
        }
        return nil
    }

    /// One to nine words: the language's own (in any case), and odd ones.
    private static func title(_ dates: QuickDateWords, _ repeats: QuickRepeatWords, _ random: inout FuzzRandom) -> String {
        let phrases = repeats.daily + repeats.weekly + repeats.monthly + repeats.yearly + repeats.every + repeats.days
            + repeats.weeks + repeats.months + repeats.years + Array(repeats.numbers.keys) + Array(repeats.twoOf.keys)
            + repeats.weekdays.flatMap { $0 } + repeats.and + repeats.workdays + repeats.onWeekday + repeats.onMonthDay
            + repeats.ofTheMonth + repeats.ofEveryMonth + dates.today + dates.tomorrow + dates.weekdays.flatMap { $0 }
            + dates.timeConnectors + dates.startConnectors
        var title = ""
        for _ in 0...random.below(9) {
            var word = random.chance(0.75) ? random.pick(phrases) : random.pick(oddWords)
            if random.chance(0.2) { word = word.uppercased() }
            if random.chance(0.1) { word = random.pick(repeats.prefixes + repeats.andPrefixes + ["x"]) + word }
            if random.chance(0.1) { word += random.pick(["st", ".", ",", "\u{301}"]) }
            title += random.pick([" ", "  ", "\t", "\u{A0}"]) + word
        }
        return title
    }
}
