import Foundation
import GestureShim
import XCTest
@testable import FlickUI

/// "Run in the background and start at login" is an autostart entry that the switch writes and
/// removes; its Exec line runs this program without a shell, quoted as the specification asks.
final class BackgroundPreferenceTests: XCTestCase {
    private var config: URL!

    override func setUp() {
        config = FileManager.default.temporaryDirectory.appendingPathComponent("flick-autostart-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: config)
    }

    func testTheSwitchWritesAndRemovesTheAutostartEntry() throws {
        let preference = BackgroundPreference(environment: ["XDG_CONFIG_HOME": config.path], executablePath: "/usr/bin/flick")
        XCTAssertFalse(preference.isOn)
        try preference.set(true)
        XCTAssertTrue(preference.isOn)
        let written = try String(contentsOf: config.appendingPathComponent("autostart/io.github.flicktodo.Flick.desktop"),
                                 encoding: .utf8)
        XCTAssertTrue(written.hasPrefix("[Desktop Entry]\n"))
        XCTAssertTrue(written.contains("\nExec=/usr/bin/flick --background\n"), written)
        XCTAssertTrue(written.contains("\nX-GNOME-Autostart-enabled=true\n"))
        try preference.set(false)
        XCTAssertFalse(preference.isOn)
        try preference.set(false)  // Already off: nothing to remove, no error.
    }

    func testAProgramPathWithSpacesOrReservedCharactersIsQuoted() {
        XCTAssertEqual(BackgroundPreference.quoted("/usr/bin/flick"), "/usr/bin/flick")
        XCTAssertEqual(BackgroundPreference.quoted("/opt/my apps/flick"), "\"/opt/my apps/flick\"")
        XCTAssertEqual(BackgroundPreference.quoted("/opt/$HOME/100%/flick"), "\"/opt/\\\\$HOME/100%%/flick\"")
    }
}

/// The Background portal's request path and answers (issue 58), and an autostart entry Flick
/// wrote told from the portal's at the same path.
final class BackgroundPortalTests: XCTestCase {
    func testTheRequestPathIsTheUniqueNameWithoutItsColonAndWithUnderscoresAndTheToken() {
        XCTAssertEqual(BackgroundPortal.handlePath(uniqueName: ":1.42", token: "flick_7_1"),
                       "/org/freedesktop/portal/desktop/request/1_42/flick_7_1")
    }

    func testResponsesBecomeAnswers() {
        XCTAssertEqual(BackgroundPortal.answer(response: 0, background: true, autostart: true), .allowed(autostart: true))
        XCTAssertEqual(BackgroundPortal.answer(response: 0, background: true, autostart: false), .allowed(autostart: false))
        XCTAssertEqual(BackgroundPortal.answer(response: 0, background: nil, autostart: nil), .allowed(autostart: false))
        XCTAssertEqual(BackgroundPortal.answer(response: 0, background: false, autostart: false), .refused)
        XCTAssertEqual(BackgroundPortal.answer(response: 1, background: false, autostart: false), .refused)
        XCTAssertEqual(BackgroundPortal.answer(response: 2, background: nil, autostart: nil), .refused)
    }

    /// libportal says only whether what was asked was granted (autostart when asked).
    func testLibportalOutcomesBecomeAnswers() {
        func answer(_ outcome: FlickBackgroundOutcome, autostart: Bool, error: String? = nil) -> BackgroundPortal.Answer {
            BackgroundPortal.answer(outcome, askedAutostart: autostart, dbusError: error, message: "why")
        }
        XCTAssertEqual(answer(FLICK_BACKGROUND_GRANTED, autostart: true), .allowed(autostart: true))
        XCTAssertEqual(answer(FLICK_BACKGROUND_GRANTED, autostart: false), .allowed(autostart: false))
        XCTAssertEqual(answer(FLICK_BACKGROUND_NOT_GRANTED, autostart: true), .allowed(autostart: false))
        XCTAssertEqual(answer(FLICK_BACKGROUND_NOT_GRANTED, autostart: false), .refused)
        XCTAssertEqual(answer(FLICK_BACKGROUND_REFUSED, autostart: true), .refused)
        XCTAssertEqual(answer(FLICK_BACKGROUND_CALL_FAILED, autostart: true, error: "org.freedesktop.DBus.Error.ServiceUnknown"),
                       .noPortal)
        XCTAssertEqual(answer(FLICK_BACKGROUND_CALL_FAILED, autostart: true, error: "org.freedesktop.portal.Error.Failed"),
                       .failed("why"))
        XCTAssertEqual(answer(FLICK_BACKGROUND_CALL_FAILED, autostart: true), .failed("why"))
    }

    func testOnlyTheEntryFlickWroteIsRemovedForThePortal() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("flick-autostart-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: config) }
        let preference = BackgroundPreference(environment: ["XDG_CONFIG_HOME": config.path], executablePath: "/usr/bin/flick")
        try preference.set(true)
        XCTAssertTrue(preference.hasOwnEntry)
        try preference.removeOwnEntry()
        XCTAssertFalse(preference.isOn)
        // The portal's own entry, named after the application's id as Flick's is.
        try Data("[Desktop Entry]\nType=Application\nName=io.github.flicktodo.Flick\nExec=/usr/bin/flick --background\n".utf8)
            .write(to: preference.entryURL)
        XCTAssertFalse(preference.hasOwnEntry)
        try preference.removeOwnEntry()
        XCTAssertTrue(preference.isOn, "the portal's entry stays")
    }

    func testWithoutAPortalTheEntryIsWrittenAsBefore() throws {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("flick-autostart-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: config) }
        MainActor.assumeIsolated {
            let preference = BackgroundPreference(environment: ["XDG_CONFIG_HOME": config.path], executablePath: "/usr/bin/flick")
            XCTAssertEqual(preference.outcome(of: .noPortal, askedFor: true), .init(isOn: true))
            XCTAssertTrue(preference.hasOwnEntry)
            XCTAssertEqual(preference.outcome(of: .refused, askedFor: true).isOn, false)
            XCTAssertFalse(preference.hasEntry, "refused by the desktop: Flick's own entry does not start it either")
            XCTAssertEqual(preference.commandLine, ["/usr/bin/flick", "--background"])
        }
    }
}
