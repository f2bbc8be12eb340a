@testable import FlickCore
import Foundation
import XCTest

final class SetAsideStampTests: XCTestCase {
    private let moment = Date(timeIntervalSince1970: 1_795_802_700.6)  // 2026-11-27 18:05:00.6 UTC

    func testTheStampIsTheUTCSecond() {
        XCTAssertEqual(SetAsideStamp.text(for: moment), "20261127T180500Z")
    }

    func testANameGivesBackItsSecond() {
        let name = "flick.sqlite.unreadable-\(SetAsideStamp.text(for: moment))-3"
        XCTAssertEqual(SetAsideStamp.date(in: name), Date(timeIntervalSince1970: 1_795_802_700))
        XCTAssertEqual(SetAsideStamp.range(in: name).map { String(name[$0]) }, "20261127T180500Z")
    }

    func testTheFirstStampInANameCounts() {
        let name = "ü-20250101T000000Z.20261127T180500Z"
        XCTAssertEqual(SetAsideStamp.range(in: name).map { String(name[$0]) }, "20250101T000000Z")
    }

    func testNamesWithoutAWholeStampHaveNone() {
        for name in ["flick.sqlite", "flick.sqlite.unreadable-20261127T18050Z", "x-20261127t180500Z",
                     "x-2026112xT180500Z", "20261127T180500", ""] {
            XCTAssertNil(SetAsideStamp.range(in: name), name)
            XCTAssertNil(SetAsideStamp.date(in: name), name)
        }
    }
}
