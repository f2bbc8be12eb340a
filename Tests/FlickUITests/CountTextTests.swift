import Foundation
import XCTest
@testable import FlickUI

/// Counts in notices, rows and messages are grouped in thousands as the user's locale writes
/// them ("Cleared 1,428 completed items"), not "1428". The machine may have no locale but C, so
/// German and English are compiled into a temporary folder with localedef (the `locales`
/// package's sources) and found through LOCPATH.
final class CountTextTests: XCTestCase {
    private var folder: URL!
    private var savedNumeric: String?

    override func setUpWithError() throws {
        guard FileManager.default.fileExists(atPath: "/usr/bin/localedef"),
              FileManager.default.fileExists(atPath: "/usr/share/i18n/locales/de_DE") else {
            throw XCTSkip("needs localedef and the locales package's sources")
        }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-locales-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["de_DE", "en_US"] { try compile(name) }
        savedNumeric = setlocale(LC_NUMERIC, nil).map { String(cString: $0) }
        setenv("LOCPATH", folder.path, 1)
    }

    override func tearDownWithError() throws {
        unsetenv("LOCPATH")
        setlocale(LC_NUMERIC, savedNumeric ?? "C")
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    private func compile(_ name: String) throws {
        let localedef = Process()
        localedef.executableURL = URL(fileURLWithPath: "/usr/bin/localedef")
        localedef.arguments = ["-i", name, "-f", "UTF-8", folder.appendingPathComponent("\(name).UTF-8").path]
        try localedef.run()
        localedef.waitUntilExit()
        XCTAssertEqual(localedef.terminationStatus, 0, "localedef \(name)")
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
