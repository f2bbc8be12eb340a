import XCTest
@testable import FlickSync

/// DURATION values (RFC 5545 §3.3.6) as VALARM triggers use them.
final class DurationValueTests: XCTestCase {
    func testMinutesBeforeIsNegative() {
        XCTAssertEqual(DurationValue.seconds("-PT15M"), -900)
    }

    func testZeroSeconds() {
        XCTAssertEqual(DurationValue.seconds("PT0S"), 0)
    }

    func testDaysAndHours() {
        XCTAssertEqual(DurationValue.seconds("-P1DT2H"), -93_600)
    }

    func testWeeks() {
        XCTAssertEqual(DurationValue.seconds("P2W"), 1_209_600)
    }

    func testExplicitPlusWithHoursAndMinutes() {
        XCTAssertEqual(DurationValue.seconds("+PT1H30M"), 5_400)
    }

    func testNumberWithoutUnitIsRefused() {
        XCTAssertNil(DurationValue.seconds("-PT15"))
    }

    func testPAloneIsRefused() {
        XCTAssertNil(DurationValue.seconds("P"))
    }

    func testTWithoutTimeIsRefused() {
        XCTAssertNil(DurationValue.seconds("PT"))
    }

    func testMissingPIsRefused() {
        XCTAssertNil(DurationValue.seconds("15M"))
    }

    func testHoursBeforeTIsRefused() {
        XCTAssertNil(DurationValue.seconds("P1H"))
    }

    func testTextOfFifteenMinutesBefore() {
        XCTAssertEqual(DurationValue.text(seconds: -900), "-PT15M")
    }

    func testTextOfZero() {
        XCTAssertEqual(DurationValue.text(seconds: 0), "PT0S")
    }

    func testTextOfADayAndTwoHoursBefore() {
        XCTAssertEqual(DurationValue.text(seconds: -93_600), "-P1DT2H")
    }

    func testTextReadsBackAsTheSameSeconds() {
        for seconds in [-900, 0, -93_600, 5_400, -86_400, 61] {
            XCTAssertEqual(DurationValue.seconds(DurationValue.text(seconds: seconds)), seconds, "\(seconds)")
        }
    }
}
