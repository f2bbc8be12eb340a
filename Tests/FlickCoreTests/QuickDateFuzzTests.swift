import Foundation
import FuzzSupport
import XCTest
@testable import FlickCore

/// Issue 11, "bad input never crashes": whatever a title is, the quick-date parser in each
/// language answers at once, always the same, with a real date and a title left over, or nil.
final class QuickDateFuzzTests: XCTestCase {
    private static let languages: [(String, QuickDateWords)] = [
        ("en", .english), ("de", .german), ("fr", .french), ("es", .spanish), ("he", .hebrew),
    ]
    /// Zones with half-hour and 45-minute offsets, the date line, and daylight-saving changes.
    private static let zones = ["UTC", "Europe/Berlin", "America/St_Johns", "Asia/Kathmandu", "Pacific/Kiritimati",
                                "Pacific/Pago_Pago", "Australia/Lord_Howe", "America/Sao_Paulo", "Asia/Jerusalem"]
    /// Moments near edges: a leap day, New Year's Eve, a daylight-saving night, 1970, 2100.
    private static let moments: [TimeInterval] = [1_709_164_800, 1_798_761_599, 1_792_890_000, 1_774_745_400,
                                                  0, 4_102_444_799, 1_790_000_000]
    /// Words no language has, and odd text: numbers that are almost dates and times, controls,
    /// right-to-left and combining text, emoji.
    private static let oddWords = ["18:00", "6pm", "6:30p.m.", "12am", "13pm", "0:00", "24:00", "99:99", "18h", "18h30",
                                   "18.00", "24/12", "31/02", "29/2", "2026-12-24", "2026-02-30", "0000-01-01",
                                   "9999-12-31", "24.12.", "24.12.26", "1/1/99999999999999999999", "+1/+2", "-1/-2",
                                   "٢٤/١٢", "１８:００", "ב18:00", "ב־9", "@", "a", "am", "pm", "uhr", "",
                                   "\u{0}", "\u{1B}", "\u{202E}", "e\u{301}\u{302}", "👩‍👩‍👧‍👦", "\u{FEFF}", "Buy", "milk",
                                   ",", ";", "'", "’", String(repeating: "9", count: 40), String(repeating: "a", count: 3000)]
    private static let spaces = [" ", "  ", "\t", "\n", "\u{A0}", "\u{3000}", "\u{2028}", ""]

    func testRandomTitlesInEveryLanguage() {
        let result = FuzzCampaign("QuickDateFuzzTests", cases: 3000).run { _, random in
            let (language, words) = random.pick(Self.languages)
            let zone = TimeZone(identifier: random.pick(Self.zones))!
            let now = Date(timeIntervalSince1970: random.pick(Self.moments) + Double(random.below(86_400)))
            let parser = QuickDateParser(words: words, order: random.chance(0.5) ? .dayMonth : .monthDay, timeZone: zone)
            let title = Self.title(words, &random)
            let first = parser.parse(title, now: now)
            let second = parser.parse(title, now: now)
            guard first?.title == second?.title, first?.due == second?.due else {
                return "\(language): two answers for \(title.debugDescription)"
            }
            guard let (rest, due) = first else { return nil }
            if rest.isEmpty || !title.contains(rest) || rest.count >= title.count {
                return "\(language): \(title.debugDescription) left the title \(rest.debugDescription)"
            }
            if !Self.isRealDate(due) { return "\(language): \(title.debugDescription) is due on \(due), no real date" }
            return nil
        }
        XCTAssert(result.failures.isEmpty, result.report)
    }

    /// The same for a start date and a due date together (issue 59): the phrases read are the
    /// same each time, one of each kind at most, each leaving a shorter title that is not empty,
    /// on real days; a start is a day without a time.
    func testRandomTitlesWithStartWordsInEveryLanguage() {
        let result = FuzzCampaign("QuickDateFuzzTests.start", cases: 3000).run { _, random in
            let (language, words) = random.pick(Self.languages)
            let zone = TimeZone(identifier: random.pick(Self.zones))!
            let now = Date(timeIntervalSince1970: random.pick(Self.moments) + Double(random.below(86_400)))
            let parser = QuickDateParser(words: words, order: random.chance(0.5) ? .dayMonth : .monthDay, timeZone: zone)
            let title = Self.title(words, &random)
            let phrases = parser.phrases(title, now: now)
            guard phrases == parser.phrases(title, now: now) else { return "\(language): two answers for \(title.debugDescription)" }
            guard Set(phrases.map(\.kind)).count == phrases.count else {
                return "\(language): \(title.debugDescription) read twice as one kind: \(phrases)"
            }
            var before = title
            for phrase in phrases {
                let rest = phrase.titleLeft
                if rest.isEmpty || !before.contains(rest) || rest.count >= before.count {
                    return "\(language): \(before.debugDescription) left the title \(rest.debugDescription)"
                }
                if !Self.isRealDate(phrase.date) { return "\(language): \(title.debugDescription) says \(phrase.date)" }
                if phrase.kind == .start, phrase.date.hasTime { return "\(language): a start with a time, \(phrase.date)" }
                before = rest
            }
            return nil
        }
        XCTAssert(result.failures.isEmpty, result.report)
    }

    /// One to eight words: the language's own (in any case, some with accents), the others'
    /// and odd ones, with any kind of space between.
    private static func title(_ words: QuickDateWords, _ random: inout FuzzRandom) -> String {
        let own = words.today + words.tomorrow + words.nextWeek + words.weekdays.flatMap { $0 } + words.dateConnectors
            + words.timeConnectors + words.timeSuffixes + words.startConnectors
            + words.startPrefixes.flatMap { prefix in (words.tomorrow + words.nextWeek).map { prefix + $0 } }
        let others = languages.flatMap { $0.1.today + $0.1.tomorrow + $0.1.weekdays.flatMap { $0 } }
        var title = ""
        for _ in 0...random.below(8) {
            var word: String
            switch random.below(4) {
            case 0, 1: word = random.pick(own)
            case 2: word = random.pick(oddWords)
            default: word = random.pick(others)
            }
            if random.chance(0.2) { word = word.uppercased() }
            if random.chance(0.1) { word += random.pick(["\u{301}", "\u{308}", "\u{5B4}", "'", ","]) }
            if random.chance(0.1) { word = String(UnicodeScalar(UInt8(random.below(128)))) + word }
            title += random.pick(spaces) + word
        }
        return title
    }

    /// Whether `due` names a day of the Gregorian calendar and, if it has one, a time of day.
    private static func isRealDate(_ due: DueDate) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard (1...12).contains(due.month), let date = calendar.date(from: DateComponents(year: due.year, month: due.month, day: due.day)),
              calendar.component(.day, from: date) == due.day else { return false }
        if let hour = due.hour, let minute = due.minute { return (0...23).contains(hour) && (0...59).contains(minute) }
        return true
    }
}
