import XCTest
@testable import FlickCore

/// Repeats typed at the end of a title (issue 59), in each language, written as RRULE.
final class QuickRepeatParserTests: XCTestCase {
    private func read(_ title: String, _ words: QuickRepeatWords = .english) -> (String, String)? {
        QuickRepeatParser(words: words).parse(title).map { ($0.title, $0.rule.rrule) }
    }

    private func assertRead(_ title: String, _ words: QuickRepeatWords = .english, as expected: (String, String),
                            file: StaticString = #filePath, line: UInt = #line) {
        let result = read(title, words)
        XCTAssertEqual(result?.0, expected.0, title, file: file, line: line)
        XCTAssertEqual(result?.1, expected.1, title, file: file, line: line)
    }

    // MARK: English

    func testEnglishFrequencies() {
        assertRead("Take the pills daily", as: ("Take the pills", "FREQ=DAILY"))
        assertRead("Take the pills every day", as: ("Take the pills", "FREQ=DAILY"))
        assertRead("Call grandma weekly", as: ("Call grandma", "FREQ=WEEKLY"))
        assertRead("Pay rent monthly", as: ("Pay rent", "FREQ=MONTHLY"))
        assertRead("Check the smoke alarm YEARLY", as: ("Check the smoke alarm", "FREQ=YEARLY"))
        assertRead("Renew the domain every year", as: ("Renew the domain", "FREQ=YEARLY"))
    }

    func testEnglishIntervals() {
        assertRead("Gym every 2 weeks", as: ("Gym", "FREQ=WEEKLY;INTERVAL=2"))
        assertRead("Gym every two weeks", as: ("Gym", "FREQ=WEEKLY;INTERVAL=2"))
        assertRead("Water the cactus every other week", as: ("Water the cactus", "FREQ=WEEKLY;INTERVAL=2"))
        assertRead("Haircut every 6 months", as: ("Haircut", "FREQ=MONTHLY;INTERVAL=6"))
        assertRead("Feed the fish every 3 days", as: ("Feed the fish", "FREQ=DAILY;INTERVAL=3"))
        assertRead("Check the tyres every 1 month", as: ("Check the tyres", "FREQ=MONTHLY"))
    }

    func testEnglishWeekdays() {
        assertRead("Water plants every Friday", as: ("Water plants", "FREQ=WEEKLY;BYDAY=FR"))
        assertRead("Gym every Monday and Thursday", as: ("Gym", "FREQ=WEEKLY;BYDAY=MO,TH"))
        assertRead("Gym every mon, wed and fri", as: ("Gym", "FREQ=WEEKLY;BYDAY=MO,WE,FR"))
        assertRead("Standup every weekday", as: ("Standup", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"))
        assertRead("Team call every 2 weeks on Tuesday", as: ("Team call", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU"))
        assertRead("Market every Sunday", as: ("Market", "FREQ=WEEKLY;BYDAY=SU"))
    }

    func testEnglishDaysOfTheMonth() {
        assertRead("Rent monthly on the 1st", as: ("Rent", "FREQ=MONTHLY;BYMONTHDAY=1"))
        assertRead("Invoice every month on the 15th", as: ("Invoice", "FREQ=MONTHLY;BYMONTHDAY=15"))
        assertRead("Backup every 3 months on the 2nd", as: ("Backup", "FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=2"))
        assertRead("Rent on the 1st of every month", as: ("Rent", "FREQ=MONTHLY;BYMONTHDAY=1"))
        XCTAssertNil(read("Rent monthly on the 32nd"), "there is no 32nd")
        XCTAssertNil(read("Rent weekly on the 1st"), "a day of the month is for a monthly rule")
    }

    func testWhatIsNotARepeat() {
        XCTAssertNil(read("Read Every Day Is a Gift"), "only the end counts")
        XCTAssertNil(read("every Friday"), "the title would be empty")
        XCTAssertNil(read("Daily"))
        XCTAssertNil(read("Buy a weekly planner"))
        XCTAssertNil(read("Call mum Friday"), "a weekday alone is a date, not a repeat")
        XCTAssertNil(read("Gym every"))
        XCTAssertNil(read("Gym every Monday and"))
        XCTAssertNil(read("Rent monthly 15"), "a number alone after a frequency is not a day of the month")
        XCTAssertNil(read("Gym every 0 weeks"))
        XCTAssertNil(read("Gym every 100 weeks"))
        XCTAssertNil(read("Gym every 2 fortnights"))
    }

    // MARK: Other languages

    func testGerman() {
        assertRead("Blumen gießen jeden Freitag", .german, as: ("Blumen gießen", "FREQ=WEEKLY;BYDAY=FR"))
        assertRead("Tabletten täglich", .german, as: ("Tabletten", "FREQ=DAILY"))
        assertRead("Sport alle 2 Wochen", .german, as: ("Sport", "FREQ=WEEKLY;INTERVAL=2"))
        assertRead("Sport jede zweite Woche", .german, as: ("Sport", "FREQ=WEEKLY;INTERVAL=2"))
        assertRead("Miete monatlich am 1.", .german, as: ("Miete", "FREQ=MONTHLY;BYMONTHDAY=1"))
        assertRead("Miete am 1. jedes Monats", .german, as: ("Miete", "FREQ=MONTHLY;BYMONTHDAY=1"))
        assertRead("Standup werktags", .german, as: ("Standup", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"))
        assertRead("Sport jeden Montag und Donnerstag", .german, as: ("Sport", "FREQ=WEEKLY;BYDAY=MO,TH"))
        assertRead("Steuern JÄHRLICH", .german, as: ("Steuern", "FREQ=YEARLY"))
        XCTAssertNil(read("Jeden Tag ein Apfel", .german))
        XCTAssertNil(read("täglich", .german))
    }

    func testFrench() {
        assertRead("Arroser les plantes tous les vendredis", .french, as: ("Arroser les plantes", "FREQ=WEEKLY;BYDAY=FR"))
        assertRead("Arroser les plantes chaque vendredi", .french, as: ("Arroser les plantes", "FREQ=WEEKLY;BYDAY=FR"))
        assertRead("Médicaments tous les jours", .french, as: ("Médicaments", "FREQ=DAILY"))
        assertRead("Sport toutes les 2 semaines", .french, as: ("Sport", "FREQ=WEEKLY;INTERVAL=2"))
        assertRead("Sport tous les lundis et jeudis", .french, as: ("Sport", "FREQ=WEEKLY;BYDAY=MO,TH"))
        assertRead("Loyer tous les mois le 1er", .french, as: ("Loyer", "FREQ=MONTHLY;BYMONTHDAY=1"))
        assertRead("Loyer le 1er de chaque mois", .french, as: ("Loyer", "FREQ=MONTHLY;BYMONTHDAY=1"))
        assertRead("Réunion en semaine", .french, as: ("Réunion", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"))
        assertRead("Impôts chaque année", .french, as: ("Impôts", "FREQ=YEARLY"))
        XCTAssertNil(read("Tous les jours sont beaux", .french))
    }

    func testSpanish() {
        assertRead("Regar las plantas cada viernes", .spanish, as: ("Regar las plantas", "FREQ=WEEKLY;BYDAY=FR"))
        assertRead("Regar las plantas todos los viernes", .spanish, as: ("Regar las plantas", "FREQ=WEEKLY;BYDAY=FR"))
        assertRead("Pastillas todos los días", .spanish, as: ("Pastillas", "FREQ=DAILY"))
        assertRead("Gimnasio cada 2 semanas", .spanish, as: ("Gimnasio", "FREQ=WEEKLY;INTERVAL=2"))
        assertRead("Gimnasio cada lunes y jueves", .spanish, as: ("Gimnasio", "FREQ=WEEKLY;BYDAY=MO,TH"))
        assertRead("Alquiler cada mes el día 1", .spanish, as: ("Alquiler", "FREQ=MONTHLY;BYMONTHDAY=1"))
        assertRead("Alquiler el día 1 de cada mes", .spanish, as: ("Alquiler", "FREQ=MONTHLY;BYMONTHDAY=1"))
        assertRead("Reunión entre semana", .spanish, as: ("Reunión", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"))
        assertRead("Impuestos cada año", .spanish, as: ("Impuestos", "FREQ=YEARLY"))
        XCTAssertNil(read("Informe mensual", .spanish), "an adjective: a monthly report")
        XCTAssertNil(read("Comprar el diario", .spanish), "a newspaper")
    }

    func testHebrew() {
        assertRead("להשקות עציצים כל יום שישי", .hebrew, as: ("להשקות עציצים", "FREQ=WEEKLY;BYDAY=FR"))
        assertRead("להשקות עציצים בכל שישי", .hebrew, as: ("להשקות עציצים", "FREQ=WEEKLY;BYDAY=FR"))
        assertRead("כדורים כל יום", .hebrew, as: ("כדורים", "FREQ=DAILY"))
        assertRead("חדר כושר כל שבועיים", .hebrew, as: ("חדר כושר", "FREQ=WEEKLY;INTERVAL=2"))
        assertRead("חדר כושר כל 3 שבועות", .hebrew, as: ("חדר כושר", "FREQ=WEEKLY;INTERVAL=3"))
        assertRead("חדר כושר כל יום שני וחמישי", .hebrew, as: ("חדר כושר", "FREQ=WEEKLY;BYDAY=MO,TH"))
        assertRead("שכר דירה כל חודש ב־1", .hebrew, as: ("שכר דירה", "FREQ=MONTHLY;BYMONTHDAY=1"))
        assertRead("שכר דירה כל חודש ב-1 לחודש", .hebrew, as: ("שכר דירה", "FREQ=MONTHLY;BYMONTHDAY=1"))
        assertRead("ישיבה בימי חול", .hebrew, as: ("ישיבה", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"))
        XCTAssertNil(read("דוח חודשי", .hebrew), "an adjective: a monthly report")
        XCTAssertNil(read("כל יום", .hebrew), "the title would be empty")
    }

    func testLanguagesByCode() {
        XCTAssertEqual(QuickRepeatWords.forLanguage("de_AT").every, QuickRepeatWords.german.every)
        XCTAssertEqual(QuickRepeatWords.forLanguage("iw").every, QuickRepeatWords.hebrew.every)
        XCTAssertEqual(QuickRepeatWords.forLanguage("pt").every, QuickRepeatWords.english.every)
    }
}
