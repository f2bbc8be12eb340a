import Foundation
import XCTest
@testable import FlickCore

/// Quick dates typed at the end of a title (issue 9), against a fixed clock: Friday 20 November
/// 2026, 10:00 in Berlin, unless a test says otherwise.
final class QuickDateParserTests: XCTestCase {
    private let berlin = TimeZone(identifier: "Europe/Berlin")!

    private func moment(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 10, _ minute: Int = 0,
                        in zone: TimeZone? = nil) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone ?? berlin
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
    }

    private var friday: Date { moment(2026, 11, 20) }

    private func parse(_ title: String, _ words: QuickDateWords = .english, order: QuickDateParser.DateOrder = .dayMonth,
                       now: Date? = nil) -> (String, DueDate)? {
        QuickDateParser(words: words, order: order, timeZone: berlin).parse(title, now: now ?? friday)
            .map { ($0.title, $0.due) }
    }

    private func date(_ year: Int, _ month: Int, _ day: Int) -> DueDate {
        DueDate(year: year, month: month, day: day)
    }

    private func dateTime(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) -> DueDate {
        DueDate(year: year, month: month, day: day, hour: hour, minute: minute, timeZone: "Europe/Berlin")
    }

    // MARK: English

    func testEnglishRelativeDays() {
        XCTAssertEqual(parse("Pay rent tomorrow")?.0, "Pay rent")
        XCTAssertEqual(parse("Pay rent tomorrow")?.1, date(2026, 11, 21))
        XCTAssertEqual(parse("Water plants today")?.1, date(2026, 11, 20))
        XCTAssertEqual(parse("Plan the sprint next week")?.1, date(2026, 11, 23), "next week is its Monday")
        XCTAssertEqual(parse("Plan the sprint next week")?.0, "Plan the sprint")
    }

    func testEnglishWeekdaysAndTimes() {
        XCTAssertEqual(parse("Call mum fri 18:00")?.0, "Call mum")
        XCTAssertEqual(parse("Call mum fri 18:00")?.1, dateTime(2026, 11, 27, 18, 0), "today's weekday means next week's")
        XCTAssertEqual(parse("Dentist on Monday at 9:30am")?.1, dateTime(2026, 11, 23, 9, 30))
        XCTAssertEqual(parse("Dentist on Monday at 9:30am")?.0, "Dentist")
        XCTAssertEqual(parse("Gym sunday 6 pm")?.1, dateTime(2026, 11, 22, 18, 0))
        XCTAssertEqual(parse("Lunch 12pm")?.1, dateTime(2026, 11, 20, 12, 0), "noon today, still ahead")
        XCTAssertEqual(parse("Check the backup 9:00")?.1, dateTime(2026, 11, 21, 9, 0), "a time already past is tomorrow's")
    }

    func testNumericDatesInTheLocalesOrder() {
        XCTAssertEqual(parse("Report 24/12")?.1, date(2026, 12, 24))
        XCTAssertEqual(parse("Report 12/24", order: .monthDay)?.1, date(2026, 12, 24))
        XCTAssertNil(parse("Report 12/24"), "day 12 of month 24 does not exist")
        XCTAssertEqual(parse("Renew passport 3/2")?.1, date(2027, 2, 3), "a date past this year is next year's")
        XCTAssertEqual(parse("Renew passport 3/2/2026")?.1, date(2026, 2, 3), "a year said is kept, even past")
        XCTAssertEqual(parse("Taxes 2027-05-31")?.1, date(2027, 5, 31))
        XCTAssertNil(parse("Party 31/11"), "there is no 31 November")
        XCTAssertEqual(parse("Party 29/2", now: moment(2027, 3, 1))?.1, date(2028, 2, 29), "the next 29 February")
    }

    func testMidnightAndTheEndOfAMonth() {
        XCTAssertEqual(parse("Deploy tomorrow 0:00")?.1, dateTime(2026, 11, 21, 0, 0))
        XCTAssertEqual(parse("Deploy tomorrow 12am")?.1, dateTime(2026, 11, 21, 0, 0))
        XCTAssertEqual(parse("Deploy 00:00")?.1, dateTime(2026, 11, 21, 0, 0), "midnight has passed today")
        XCTAssertEqual(parse("Rent tomorrow", now: moment(2026, 1, 31))?.1, date(2026, 2, 1))
        XCTAssertEqual(parse("Rent tomorrow", now: moment(2026, 12, 31))?.1, date(2027, 1, 1))
    }

    func testADaylightSavingChangeKeepsTheWallClockTime() throws {
        // Saturday 28 March 2026: Berlin moves its clocks forward that night.
        let due = try XCTUnwrap(parse("Brunch tomorrow 11:00", now: moment(2026, 3, 28, 20))?.1)
        XCTAssertEqual(due, dateTime(2026, 3, 29, 11, 0))
        // 11:00 CEST is 09:00 UTC (a day earlier, 11:00 CET was 10:00 UTC).
        let utc = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: try XCTUnwrap(due.instant))
        XCTAssertEqual(utc.hour, 9)
    }

    func testWhatIsNotADate() {
        XCTAssertNil(parse("Buy 5"), "a bare number is not a time")
        XCTAssertNil(parse("tomorrow"), "the title would be empty")
        XCTAssertNil(parse("Tomorrow never dies, read it"), "only the end counts")
        XCTAssertNil(parse("Call at 25:00"))
        XCTAssertNil(parse("Enjoy the sun"), "short weekday forms that are words are left out")
        XCTAssertNil(parse("Mach es so", .german))
        XCTAssertNil(parse("Appeler Sam", .french))
        XCTAssertNil(parse("Aller à la mer", .french))
        XCTAssertNil(parse("Viaje al mar", .spanish))
    }

    // MARK: Other languages

    func testGerman() {
        XCTAssertEqual(parse("Miete zahlen morgen", .german)?.0, "Miete zahlen")
        XCTAssertEqual(parse("Miete zahlen morgen", .german)?.1, date(2026, 11, 21))
        XCTAssertEqual(parse("Mama anrufen am Freitag um 18 Uhr", .german)?.1, dateTime(2026, 11, 27, 18, 0))
        XCTAssertEqual(parse("Mama anrufen am Freitag um 18 Uhr", .german)?.0, "Mama anrufen")
        XCTAssertEqual(parse("Bericht 24.12.", .german)?.1, date(2026, 12, 24))
        XCTAssertEqual(parse("Planen nächste Woche", .german)?.1, date(2026, 11, 23))
    }

    func testFrench() {
        XCTAssertEqual(parse("Payer le loyer demain", .french)?.0, "Payer le loyer")
        XCTAssertEqual(parse("Appeler maman vendredi à 18h", .french)?.1, dateTime(2026, 11, 27, 18, 0))
        XCTAssertEqual(parse("Rapport le 24/12", .french)?.0, "Rapport")
        XCTAssertEqual(parse("Réunion aujourd’hui 14h30", .french)?.1, dateTime(2026, 11, 20, 14, 30))
        XCTAssertEqual(parse("Planifier la semaine prochaine", .french)?.0, "Planifier")
    }

    func testSpanish() {
        XCTAssertEqual(parse("Pagar el alquiler mañana", .spanish)?.0, "Pagar el alquiler")
        XCTAssertEqual(parse("Pagar el alquiler MANANA", .spanish)?.1, date(2026, 11, 21))
        XCTAssertEqual(parse("Llamar a mamá el viernes a las 18:00", .spanish)?.1, dateTime(2026, 11, 27, 18, 0))
        XCTAssertEqual(parse("Llamar a mamá el viernes a las 18:00", .spanish)?.0, "Llamar a mamá")
        XCTAssertEqual(parse("Informe 24/12", .spanish)?.1, date(2026, 12, 24))
        XCTAssertEqual(parse("Miércoles miércoles", .spanish)?.1, date(2026, 11, 25))
    }

    func testHebrew() {
        XCTAssertEqual(parse("לשלם שכר דירה מחר", .hebrew)?.0, "לשלם שכר דירה")
        XCTAssertEqual(parse("לשלם שכר דירה מחר", .hebrew)?.1, date(2026, 11, 21))
        XCTAssertEqual(parse("להתקשר לאמא ביום שישי ב־18:00", .hebrew)?.1, dateTime(2026, 11, 27, 18, 0))
        XCTAssertEqual(parse("להתקשר לאמא ביום שישי ב־18:00", .hebrew)?.0, "להתקשר לאמא")
        XCTAssertEqual(parse("דוח 24/12", .hebrew)?.1, date(2026, 12, 24))
    }

    func testTheLanguageIsChosenByItsCode() {
        XCTAssertEqual(QuickDateWords.forLanguage("de_AT.UTF-8").tomorrow, ["morgen"])
        XCTAssertEqual(QuickDateWords.forLanguage("he").tomorrow, ["מחר"])
        XCTAssertEqual(QuickDateWords.forLanguage("pt_BR").tomorrow, QuickDateWords.english.tomorrow)
    }
}
