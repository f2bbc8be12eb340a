import Foundation
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
