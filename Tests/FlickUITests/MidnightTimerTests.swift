@testable import FlickUI
import Foundation
import XCTest

final class MidnightTimerTests: XCTestCase {
    private func instant(_ text: String) -> Date {
        try! Date(text, strategy: .iso8601)
    }

    func testTheNextMidnightIsTheZonesOwn() {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        XCTAssertEqual(MidnightTimer.nextMidnight(after: instant("2026-11-29T14:00:00Z"), in: berlin),
                       instant("2026-11-29T23:00:00Z"))
        let auckland = TimeZone(identifier: "Pacific/Auckland")!
        XCTAssertEqual(MidnightTimer.nextMidnight(after: instant("2026-11-29T14:00:00Z"), in: auckland),
                       instant("2026-11-30T11:00:00Z"))
    }

    func testAtMidnightItIsTheNextOne() {
        let utc = TimeZone(identifier: "UTC")!
        XCTAssertEqual(MidnightTimer.nextMidnight(after: instant("2026-11-29T00:00:00Z"), in: utc),
                       instant("2026-11-30T00:00:00Z"))
    }

    func testADayBeginningAtOneIsWaitedForUntilOne() {
        // São Paulo's clocks went from 23:59:59 on 3 November 2018 to 01:00 on the 4th (UTC-2).
        let saoPaulo = TimeZone(identifier: "America/Sao_Paulo")!
        XCTAssertEqual(MidnightTimer.nextMidnight(after: instant("2018-11-03T20:00:00Z"), in: saoPaulo),
                       instant("2018-11-04T03:00:00Z"))
    }

    func testDaylightSavingsLongDayEndsAtItsMidnight() {
        // Berlin's 25 October 2026 is 25 hours long.
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        XCTAssertEqual(MidnightTimer.nextMidnight(after: instant("2026-10-24T22:30:00Z"), in: berlin),
                       instant("2026-10-25T23:00:00Z"))
    }
}
