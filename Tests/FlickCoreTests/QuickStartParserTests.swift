import Foundation
import XCTest
@testable import FlickCore

/// Start dates typed at the end of a title (issue 59), in the five languages of quick dates,
/// against a fixed clock: Friday 20 November 2026, 10:00 in Berlin.
final class QuickStartParserTests: XCTestCase {
    private let berlin = TimeZone(identifier: "Europe/Berlin")!

    private var friday: Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = berlin
        return calendar.date(from: DateComponents(year: 2026, month: 11, day: 20, hour: 10))!
    }

    private let monday = DueDate(year: 2026, month: 11, day: 23)
    private let saturday = DueDate(year: 2026, month: 11, day: 21)
    private let nextFriday = DueDate(year: 2026, month: 11, day: 27)

    private func start(_ title: String, _ words: QuickDateWords) -> (String, DueDate)? {
        QuickDateParser(words: words, order: .dayMonth, timeZone: berlin).parseStart(title, now: friday)
            .map { ($0.title, $0.start) }
    }

    private func phrases(_ title: String, _ words: QuickDateWords = .english) -> [QuickDatePhrase] {
        QuickDateParser(words: words, order: .dayMonth, timeZone: berlin).phrases(title, now: friday)
    }

    private func check(_ title: String, _ words: QuickDateWords, title expected: String, _ day: DueDate,
                       file: StaticString = #filePath, line: UInt = #line) {
        let read = start(title, words)
        XCTAssertEqual(read?.0, expected, title, file: file, line: line)
        XCTAssertEqual(read?.1, day, title, file: file, line: line)
    }

    func testEnglish() {
        check("Plan trip from Monday", .english, title: "Plan trip", monday)
        check("Renovate starts next week", .english, title: "Renovate", monday)
        check("Renovate starting on Monday", .english, title: "Renovate", monday)
        check("Taxes not before tomorrow", .english, title: "Taxes", saturday)
        check("Paint the fence from 27/11", .english, title: "Paint the fence", nextFriday)
    }

    func testGerman() {
        check("Steuer ab Montag", .german, title: "Steuer", monday)
        check("Umzug planen ab nächster Woche", .german, title: "Umzug planen", monday)
        check("Streichen beginnt am Montag", .german, title: "Streichen", monday)
        check("Reifen wechseln frühestens morgen", .german, title: "Reifen wechseln", saturday)
    }

    func testFrench() {
        check("Voyage à partir de lundi", .french, title: "Voyage", monday)
        check("Peinture dès demain", .french, title: "Peinture", saturday)
        check("Déménagement commence la semaine prochaine", .french, title: "Déménagement", monday)
        check("Impôts pas avant lundi", .french, title: "Impôts", monday)
    }

    func testSpanish() {
        check("Viaje desde el lunes", .spanish, title: "Viaje", monday)
        check("Pintar a partir de mañana", .spanish, title: "Pintar", saturday)
        check("Mudanza empieza la próxima semana", .spanish, title: "Mudanza", monday)
        check("Impuestos a partir del lunes", .spanish, title: "Impuestos", monday)
    }

    /// Hebrew writes "from" as a prefix of the date's first word.
    func testHebrew() {
        check("לצבוע את הגדר ממחר", .hebrew, title: "לצבוע את הגדר", saturday)
        check("לתכנן טיול מיום שני", .hebrew, title: "לתכנן טיול", monday)
        check("מעבר דירה מהשבוע הבא", .hebrew, title: "מעבר דירה", monday)
        check("מסים החל ממחר", .hebrew, title: "מסים", saturday)
        check("מסים לא לפני יום שני", .hebrew, title: "מסים", monday)
        XCTAssertNil(start("להתקשר מחר", .hebrew), "tomorrow alone is a due date, its מ is the word's own")
    }

    /// A date without a start word is no start; a start word alone is no phrase; the title
    /// must keep a word.
    func testWhatIsNoStart() {
        XCTAssertNil(start("Pay rent tomorrow", .english))
        XCTAssertNil(start("Start the engine", .english))
        XCTAssertNil(start("from Monday", .english))
        XCTAssertNil(start("Bake a cake des", .french))
    }

    /// A start phrase is read before a due date's, each once, the last one first; each is a
    /// step of its own in quick entry.
    func testAStartAndADueDateInOneTitle() {
        XCTAssertEqual(phrases("Report from Monday by Friday"), [
            QuickDatePhrase(kind: .due, date: nextFriday, titleLeft: "Report from Monday"),
            QuickDatePhrase(kind: .start, date: monday, titleLeft: "Report"),
        ])
        XCTAssertEqual(phrases("Report by Friday from Monday"), [
            QuickDatePhrase(kind: .start, date: monday, titleLeft: "Report by Friday"),
            QuickDatePhrase(kind: .due, date: nextFriday, titleLeft: "Report"),
        ])
        XCTAssertEqual(phrases("Plan trip from Monday"), [QuickDatePhrase(kind: .start, date: monday, titleLeft: "Plan trip")],
                       "not a due date with \"from\" left in the title")
        XCTAssertEqual(phrases("Call mum tomorrow").map(\.kind), [.due])
        XCTAssertEqual(phrases("Report from Monday from Tuesday").count, 1, "one start")
    }
}
