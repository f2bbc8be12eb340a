import Foundation
import XCTest
@testable import FlickUI

/// Counts in notices, rows and messages are grouped in thousands as the user's locale writes
/// them ("Cleared 1,428 completed items"), not "1428". The machine may have no locale but C, so
/// German and English are compiled into a temporary folder with localedef (the `locales`
/// package's sources) and found through LOCPATH (`CompiledLocales`).
final class CountTextTests: XCTestCase {
    private var locales: CompiledLocales?
    private var savedNumeric: String?

    override func setUpWithError() throws {
        locales = try CompiledLocales(["de_DE", "en_US"])
        savedNumeric = setlocale(LC_NUMERIC, nil).map { String(cString: $0) }
    }

    override func tearDownWithError() throws {
        setlocale(LC_NUMERIC, savedNumeric ?? "C")
        locales?.remove()
    }

    private func counts(in locale: String) throws -> [String] {
        XCTAssertNotNil(setlocale(LC_NUMERIC, locale), "the locale \(locale) is found")
        return [0, 7, 999, 1428, 1_234_567].map(countText)
    }

    func testCountsAreGroupedAsTheLocaleWritesThem() throws {
        XCTAssertEqual(try counts(in: "de_DE.UTF-8"), ["0", "7", "999", "1.428", "1.234.567"])
        XCTAssertEqual(try counts(in: "en_US.UTF-8"), ["0", "7", "999", "1,428", "1,234,567"])
        XCTAssertEqual(try counts(in: "C"), ["0", "7", "999", "1428", "1234567"], "no grouping in C")
    }
}
