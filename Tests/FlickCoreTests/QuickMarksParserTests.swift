import Foundation
import XCTest
@testable import FlickCore

/// A priority and tags typed at the end of a title (issue 32): "Buy milk !high #errands".
final class QuickMarksParserTests: XCTestCase {
    private func parse(_ title: String, _ words: QuickMarksWords = .english) -> QuickMarks? {
        QuickMarksParser(words: words).parse(title)
    }

    private func marks(_ title: String, priority: Int? = nil, tags: [String] = []) -> QuickMarks {
        QuickMarks(title: title, priority: priority, tags: tags)
    }

    // MARK: English

    func testTagsAndAPriorityAtTheEnd() {
        XCTAssertEqual(parse("Buy milk tomorrow !high #errands #home"),
                       marks("Buy milk tomorrow", priority: 1, tags: ["errands", "home"]))
        XCTAssertEqual(parse("Buy milk #errands !low"), marks("Buy milk", priority: 9, tags: ["errands"]))
        XCTAssertEqual(parse("Buy milk !medium"), marks("Buy milk", priority: 5))
        XCTAssertEqual(parse("Buy milk !med"), marks("Buy milk", priority: 5))
        XCTAssertEqual(parse("Buy milk #home"), marks("Buy milk", tags: ["home"]))
    }

    func testADigitIsICalendarsOwnNumber() {
        XCTAssertEqual(parse("Fix the roof !1")?.priority, 1)
        XCTAssertEqual(parse("Fix the roof !3")?.priority, 3)
        XCTAssertEqual(parse("Fix the roof !9")?.priority, 9)
        XCTAssertNil(parse("Fix the roof !0"), "0 is iCalendar's none: not a mark")
        XCTAssertNil(parse("Fix the roof !10"), "one digit only")
        XCTAssertNil(parse("Fix the roof !٣"), "ASCII digits only")
        XCTAssertNil(parse("Fix the roof !"))
        XCTAssertNil(parse("Fix the roof !!"))
        XCTAssertEqual(parse("Fix the roof !0 #home"), marks("Fix the roof !0", tags: ["home"]),
                       "what is not a mark ends the run: the marks after it still count")
    }

    func testCaseAndAccentsAreFolded() {
        XCTAssertEqual(parse("Buy milk !HIGH")?.priority, 1)
        XCTAssertEqual(parse("Buy milk !Low")?.priority, 9)
        XCTAssertEqual(parse("Milch kaufen !Niédrig", .german)?.priority, 9)
        XCTAssertEqual(parse("Acheter du lait !MOYENNE", .french)?.priority, 5)
        XCTAssertEqual(parse("Comprar leche !Ālta", .spanish)?.priority, 1)
        XCTAssertEqual(parse("Buy milk #Home #Errands")?.tags, ["Home", "Errands"], "a tag keeps the case typed")
    }

    // MARK: Other languages

    func testGerman() {
        XCTAssertEqual(parse("Milch kaufen morgen !hoch #einkauf", .german),
                       marks("Milch kaufen morgen", priority: 1, tags: ["einkauf"]))
        XCTAssertEqual(parse("Milch kaufen !mittel", .german)?.priority, 5)
        XCTAssertEqual(parse("Milch kaufen !niedrig", .german)?.priority, 9)
        XCTAssertEqual(parse("Milch kaufen #Büro", .german)?.tags, ["Büro"])
    }

    func testFrench() {
        for (word, priority) in [("haute", 1), ("haut", 1), ("moyenne", 5), ("moyen", 5), ("basse", 9), ("bas", 9)] {
            XCTAssertEqual(parse("Payer le loyer !\(word)", .french), marks("Payer le loyer", priority: priority), word)
        }
        XCTAssertEqual(parse("Payer le loyer demain #maison", .french),
                       marks("Payer le loyer demain", tags: ["maison"]))
    }

    func testSpanish() {
        for (word, priority) in [("alta", 1), ("alto", 1), ("media", 5), ("medio", 5), ("baja", 9), ("bajo", 9)] {
            XCTAssertEqual(parse("Pagar el alquiler !\(word)", .spanish), marks("Pagar el alquiler", priority: priority), word)
        }
        XCTAssertEqual(parse("Pagar el alquiler mañana #casa !alta", .spanish),
                       marks("Pagar el alquiler mañana", priority: 1, tags: ["casa"]))
    }

    func testHebrew() {
        for (word, priority) in [("גבוהה", 1), ("גבוה", 1), ("בינונית", 5), ("בינוני", 5), ("נמוכה", 9), ("נמוך", 9)] {
            XCTAssertEqual(parse("לשלם שכר דירה !\(word)", .hebrew), marks("לשלם שכר דירה", priority: priority), word)
        }
        XCTAssertEqual(parse("לשלם שכר דירה מחר #בית", .hebrew), marks("לשלם שכר דירה מחר", tags: ["בית"]))
    }

    func testEnglishWordsWorkInEveryLanguage() {
        for words in [QuickMarksWords.german, .french, .spanish, .hebrew] {
            XCTAssertEqual(parse("Task !high", words)?.priority, 1)
            XCTAssertEqual(parse("Task !med", words)?.priority, 5)
            XCTAssertEqual(parse("Task !low", words)?.priority, 9)
        }
        XCTAssertNil(parse("Task !hoch"), "a language's words only in that language")
        XCTAssertNil(parse("Task !alta", .german))
    }

    func testTheLanguageIsChosenByItsCode() {
        XCTAssertEqual(QuickMarksWords.forLanguage("de").high, ["hoch"])
        XCTAssertEqual(QuickMarksWords.forLanguage("fr_CA").low, ["basse", "bas"])
        XCTAssertEqual(QuickMarksWords.forLanguage("es_MX.UTF-8").medium, ["media", "medio"])
        XCTAssertEqual(QuickMarksWords.forLanguage("he_IL.UTF-8").high, ["גבוהה", "גבוה"])
        XCTAssertEqual(QuickMarksWords.forLanguage("iw").high, ["גבוהה", "גבוה"])
        XCTAssertEqual(QuickMarksWords.forLanguage("pt_BR").high, ["high"])
        XCTAssertEqual(QuickMarksWords.forLanguage("").high, ["high"])
    }

    // MARK: Order and repeats

    func testTheLastPriorityTypedWins() {
        XCTAssertEqual(parse("Buy milk !low !high")?.priority, 1)
        XCTAssertEqual(parse("Buy milk !high #home !low")?.priority, 9)
        XCTAssertEqual(parse("Buy milk !2 !7")?.priority, 7)
    }

    func testTagsKeepTheirOrderAndRepeatsAreKeptOnce() {
        XCTAssertEqual(parse("Buy milk #b #a #c")?.tags, ["b", "a", "c"])
        XCTAssertEqual(parse("Buy milk #home #errands #Home")?.tags, ["home", "errands"], "first spelling kept")
        XCTAssertEqual(parse("Buy milk #home !high #work")?.tags, ["home", "work"])
    }

    // MARK: What is not a mark

    func testWhatIsLeftMustNotBeEmpty() {
        XCTAssertNil(parse("#home"))
        XCTAssertNil(parse("!high"))
        XCTAssertNil(parse("!high #home #work"))
        XCTAssertNil(parse("   #home  "))
    }

    func testATitleWithoutMarksAtTheEnd() {
        XCTAssertNil(parse("Buy milk"))
        XCTAssertNil(parse("Read #1 on the list"), "only the end counts")
        XCTAssertNil(parse("Wow! high time"))
        XCTAssertNil(parse("Buy milk !high tomorrow"), "a mark before other words is text")
        XCTAssertNil(parse("Buy milk!high"), "a mark is a word of its own")
        XCTAssertNil(parse("Learn C#"))
    }

    func testTagsNeedALetter() {
        XCTAssertNil(parse("Call #3"))
        XCTAssertNil(parse("Room #101"))
        XCTAssertNil(parse("Taxes #2024"))
        XCTAssertNil(parse("Buy milk #"))
        XCTAssertNil(parse("Buy milk ##"))
        XCTAssertEqual(parse("Call #3 #work"), marks("Call #3", tags: ["work"]))
        XCTAssertEqual(parse("Taxes #2024-q4")?.tags, ["2024-q4"])
        XCTAssertEqual(parse("Taxes #v2")?.tags, ["v2"])
    }

    func testWhatATagMayHoldInside() {
        XCTAssertEqual(parse("Plan #home-office #to_do #work/q4 #v1.2")?.tags, ["home-office", "to_do", "work/q4", "v1.2"])
        XCTAssertNil(parse("Plan #home."), "a full stop after a tag ends a sentence: not a tag")
        XCTAssertNil(parse("Plan #-home"))
        XCTAssertNil(parse("Plan #home,"))
        XCTAssertNil(parse("Plan #a#b"))
        XCTAssertNil(parse("Plan #🏠"))
        XCTAssertNil(parse("Plan #️⃣"), "the keycap emoji is not a #")
    }

    func testADateAtTheEndStaysInTheTitle() throws {
        let marked = try XCTUnwrap(parse("Call mum fri 18:00 !high #family"))
        XCTAssertEqual(marked, marks("Call mum fri 18:00", priority: 1, tags: ["family"]))
        let berlin = try XCTUnwrap(TimeZone(identifier: "Europe/Berlin"))
        let dated = QuickDateParser(words: .english, order: .dayMonth, timeZone: berlin)
            .parse(marked.title, now: Date(timeIntervalSince1970: 1_795_165_200))
        XCTAssertEqual(dated?.title, "Call mum", "the date parser reads what the marks leave")
    }

    func testSpacesBetweenAndAroundMarks() {
        XCTAssertEqual(parse("Buy milk \t !high\u{00A0}#home\n"), marks("Buy milk", priority: 1, tags: ["home"]))
        XCTAssertEqual(parse("  Buy   milk   #home  "), marks("Buy   milk", tags: ["home"]), "spaces inside the title are kept")
    }

    func testOddInputNeverCrashes() {
        let odd = ["", " ", "   \t\n ", "!", "#", "! #", "\0", "Buy\0 #home", "Buy #ho\0me", "#\0", "!\0",
                   "👩‍👩‍👧‍👦 #🏠 !🔥", "e\u{301} #e\u{301}", "\u{202E} #home", "\u{FEFF}#home",
                   String(repeating: "a ", count: 20_000) + "#home",
                   String(repeating: "#tag ", count: 20_000),
                   "Buy " + String(repeating: "#t", count: 50_000),
                   String(repeating: "!high ", count: 10_000)]
        for title in odd {
            let first = parse(title)
            XCTAssertEqual(first, parse(title), title.debugDescription)
            if let first {
                XCTAssertFalse(first.title.isEmpty, title.debugDescription)
                XCTAssertTrue(title.contains(first.title), title.debugDescription)
            }
        }
        XCTAssertEqual(parse("Buy\0 #home"), marks("Buy\0", tags: ["home"]))
        XCTAssertEqual(parse("e\u{301} #e\u{301}"), marks("e\u{301}", tags: ["e\u{301}"]))
        XCTAssertEqual(parse(String(repeating: "a ", count: 20_000) + "#home")?.tags, ["home"])
        XCTAssertNil(parse(String(repeating: "#tag ", count: 20_000)), "marks alone, no title left")
        XCTAssertEqual(parse("Tag" + String(repeating: " #tag", count: 20_000))?.tags, ["tag"])
        XCTAssertNil(parse("Buy #ho\0me"))
    }
}
