import FlickCore
import Foundation
import XCTest
@testable import FlickUI

/// The due chip's words (issue 9), against Friday 20 November 2026, 10:00 in Berlin, in the
/// English (UK), German and US locales.
final class DueChipTests: XCTestCase {
    private let berlin = TimeZone(identifier: "Europe/Berlin")!
    private var now: Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = berlin
        return calendar.date(from: DateComponents(year: 2026, month: 11, day: 20, hour: 10))!
    }

    private func chip(_ due: DueDate, _ locale: String = "en_GB") -> DueChip.Label {
        DueChip.label(for: due, now: now, timeZone: berlin, locale: Locale(identifier: locale))
    }

    private func date(_ year: Int, _ month: Int, _ day: Int) -> DueDate {
        DueDate(year: year, month: month, day: day)
    }

    func testNearDaysHaveNames() {
        XCTAssertEqual(chip(date(2026, 11, 20)), .init(text: "Today", isOverdue: false))
        XCTAssertEqual(chip(date(2026, 11, 21)), .init(text: "Tomorrow", isOverdue: false))
        XCTAssertEqual(chip(date(2026, 11, 19)), .init(text: "Yesterday", isOverdue: true))
        XCTAssertEqual(chip(date(2026, 11, 25)).text, "Wed")
        XCTAssertEqual(chip(date(2026, 11, 25), "de_DE").text, "Mi")
    }

    func testFartherDaysShowTheDateAndAnotherYearItsYear() {
        XCTAssertEqual(chip(date(2026, 12, 12)).text, "12 Dec")
        XCTAssertEqual(chip(date(2026, 12, 12), "en_US").text, "Dec 12")
        XCTAssertEqual(chip(date(2027, 1, 3)).text, "3 Jan 2027")
        XCTAssertEqual(chip(date(2026, 11, 1)), .init(text: "1 Nov", isOverdue: true))
    }

    func testATimeIsShownAndMakesTodayOverdueOncePassed() {
        let morning = DueDate(year: 2026, month: 11, day: 20, hour: 9, minute: 30, timeZone: "Europe/Berlin")
        XCTAssertEqual(chip(morning), .init(text: "Today 09:30", isOverdue: true))
        let evening = DueDate(year: 2026, month: 11, day: 20, hour: 18, minute: 0, timeZone: "Europe/Berlin")
        XCTAssertEqual(chip(evening), .init(text: "Today 18:00", isOverdue: false))
        // ICU puts a narrow no-break space before the AM/PM marker.
        XCTAssertEqual(chip(evening, "en_US").text, "Today 6:00\u{202F}PM")
    }

    /// Issue 29: a task due 14:00 in Chicago showed "2:00 PM" to a user in Berlin, where it is
    /// due at 20:00. The user's clock, and the zone's own beside it.
    func testATimeInAnotherZoneIsShownOnTheUsersClockWithTheZonesBesideIt() {
        let chicago = DueDate(year: 2026, month: 11, day: 20, hour: 14, minute: 0, timeZone: "America/Chicago")
        XCTAssertEqual(chip(chicago), .init(text: "Today 21:00 (14:00 Chicago)", isOverdue: false))
        let lateInChicago = DueDate(year: 2026, month: 11, day: 20, hour: 22, minute: 0, timeZone: "America/Chicago")
        XCTAssertEqual(chip(lateInChicago).text, "Tomorrow 05:00 (22:00 Chicago)", "the day on the user's clock")
        let utc = DueDate(year: 2026, month: 11, day: 20, hour: 9, minute: 0, timeZone: "UTC")
        XCTAssertEqual(chip(utc).text, "Today 10:00 (09:00 UTC)")
        let london = DueDate(year: 2026, month: 11, day: 20, hour: 10, minute: 0, timeZone: "Europe/Paris")
        XCTAssertEqual(chip(london).text, "Today 10:00", "the same clock: no zone named")
    }
}
