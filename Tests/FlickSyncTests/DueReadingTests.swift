import FlickCore
import XCTest
@testable import FlickSync

/// DUE as Flick reads it: a day alone, or a wall clock in an IANA zone; UTC, floating and zones
/// only a VTIMEZONE defines come as wall clocks of the local zone (DESIGN 6 "Dates").
final class DueReadingTests: XCTestCase {
    private func due(_ properties: String, zone: TimeZone = ICS.berlin) throws -> DueDate? {
        try ICS.only(ICS.todo(properties)).fields(localZone: zone).due
    }

    private func outlookDue(_ value: String, zone: TimeZone) throws -> DueDate? {
        let text = ICS.calendar(ICS.outlookBerlinZone
            + "\nBEGIN:VTODO\nUID:o-1\nDUE;TZID=W. Europe Standard Time:\(value)\nEND:VTODO")
        return try ICS.only(text).fields(localZone: zone).due
    }

    func testDateIsADayWithoutTimeOrZone() throws {
        let read = try XCTUnwrap(try due("DUE;VALUE=DATE:20260301"))
        XCTAssertEqual(read, DueDate(year: 2026, month: 3, day: 1))
        XCTAssertFalse(read.hasTime)
        XCTAssertNil(read.timeZone)
    }

    func testBareDateWithoutValueParameterIsADay() throws {
        XCTAssertEqual(try due("DUE:20260301"), DueDate(year: 2026, month: 3, day: 1))
    }

    func testFloatingTimeIsThatWallClockInTheLocalZone() throws {
        XCTAssertEqual(try due("DUE:20260301T180000", zone: ICS.newYork),
                       DueDate(year: 2026, month: 3, day: 1, hour: 18, minute: 0, timeZone: "America/New_York"))
        XCTAssertEqual(try due("DUE:20260301T180000", zone: ICS.berlin),
                       DueDate(year: 2026, month: 3, day: 1, hour: 18, minute: 0, timeZone: "Europe/Berlin"))
    }

    func testUTCTimeIsConvertedToTheLocalWallClock() throws {
        XCTAssertEqual(try due("DUE:20260301T170000Z", zone: ICS.berlin),
                       DueDate(year: 2026, month: 3, day: 1, hour: 18, minute: 0, timeZone: "Europe/Berlin"))
        // Across midnight: 03:30 UTC is the evening before in New York.
        XCTAssertEqual(try due("DUE:20260301T033000Z", zone: ICS.newYork),
                       DueDate(year: 2026, month: 2, day: 28, hour: 22, minute: 30, timeZone: "America/New_York"))
    }

    func testSecondsAreDropped() throws {
        XCTAssertEqual(try due("DUE:20260301T170059Z"),
                       DueDate(year: 2026, month: 3, day: 1, hour: 18, minute: 0, timeZone: "Europe/Berlin"))
    }

    func testIANATimeZoneKeepsItsWallClockAndZone() throws {
        // Not converted to the local zone: an item due at 18:00 in New York stays so.
        XCTAssertEqual(try due("DUE;TZID=America/New_York:20260301T180000", zone: ICS.berlin),
                       DueDate(year: 2026, month: 3, day: 1, hour: 18, minute: 0, timeZone: "America/New_York"))
    }

    func testQuotedTZIDIsReadWithoutItsQuotes() throws {
        XCTAssertEqual(try due("DUE;TZID=\"Europe/Berlin\":20260301T180000", zone: ICS.newYork),
                       DueDate(year: 2026, month: 3, day: 1, hour: 18, minute: 0, timeZone: "Europe/Berlin"))
    }

    func testLibicalPrefixedTZIDIsThePlainIANAZone() throws {
        XCTAssertEqual(try due("DUE;TZID=/freeassociation.sourceforge.net/Europe/Berlin:20260301T180000", zone: ICS.newYork),
                       DueDate(year: 2026, month: 3, day: 1, hour: 18, minute: 0, timeZone: "Europe/Berlin"))
    }

    func testMozillaPrefixedTZIDIsThePlainIANAZone() throws {
        XCTAssertEqual(try due("DUE;TZID=/mozilla.org/20050126_1/America/New_York:20260301T180000"),
                       DueDate(year: 2026, month: 3, day: 1, hour: 18, minute: 0, timeZone: "America/New_York"))
    }

    func testPrefixedTZIDWithItsLibicalVTimezoneIsStillTheIANAZone() throws {
        let zone = try XCTUnwrap(ICalendarWriter.builtinDefinition("/freeassociation.sourceforge.net/Europe/Berlin"))
        let text = ICS.calendar(zone.replacingOccurrences(of: "\r\n", with: "\n")
            + "BEGIN:VTODO\nUID:p-1\nDUE;TZID=/freeassociation.sourceforge.net/Europe/Berlin:20260701T180000\nEND:VTODO")
        XCTAssertEqual(try ICS.only(text).fields(localZone: ICS.newYork).due,
                       DueDate(year: 2026, month: 7, day: 1, hour: 18, minute: 0, timeZone: "Europe/Berlin"))
    }

    func testNonIANAZoneIsConvertedThroughItsVTimezone() throws {
        // Winter: UTC+1, so 18:00 there is 17:00 UTC, 18:00 in Berlin and 12:00 in New York.
        XCTAssertEqual(try outlookDue("20260115T180000", zone: ICS.berlin),
                       DueDate(year: 2026, month: 1, day: 15, hour: 18, minute: 0, timeZone: "Europe/Berlin"))
        XCTAssertEqual(try outlookDue("20260115T180000", zone: ICS.newYork),
                       DueDate(year: 2026, month: 1, day: 15, hour: 12, minute: 0, timeZone: "America/New_York"))
        XCTAssertEqual(try outlookDue("20260115T180000", zone: ICS.utcZone),
                       DueDate(year: 2026, month: 1, day: 15, hour: 17, minute: 0, timeZone: ICS.utcZone.identifier))
    }

    func testNonIANAZoneFollowsItsDaylightSavingRules() throws {
        // Summer: UTC+2, so 18:00 there is 16:00 UTC.
        XCTAssertEqual(try outlookDue("20260715T180000", zone: ICS.utcZone),
                       DueDate(year: 2026, month: 7, day: 15, hour: 16, minute: 0, timeZone: ICS.utcZone.identifier))
        XCTAssertEqual(try outlookDue("20260715T180000", zone: ICS.berlin),
                       DueDate(year: 2026, month: 7, day: 15, hour: 18, minute: 0, timeZone: "Europe/Berlin"))
    }

    func testVTimezoneAfterTheTodoStillDefinesItsZone() throws {
        let text = ICS.calendar("BEGIN:VTODO\nUID:o-2\nDUE;TZID=W. Europe Standard Time:20260115T180000\nEND:VTODO\n"
            + ICS.outlookBerlinZone)
        XCTAssertEqual(try ICS.only(text).fields(localZone: ICS.utcZone).due,
                       DueDate(year: 2026, month: 1, day: 15, hour: 17, minute: 0, timeZone: ICS.utcZone.identifier))
    }

    func testOnlyDueIsTheDueDate() throws {
        XCTAssertNil(try due("DTSTART;VALUE=DATE:20260301"))
        XCTAssertNil(try due("SUMMARY:no dates"))
    }

    func testTheFirstDueCounts() throws {
        XCTAssertEqual(try due("DUE;VALUE=DATE:20260301\nDUE;VALUE=DATE:20260305"), DueDate(year: 2026, month: 3, day: 1))
    }
}
