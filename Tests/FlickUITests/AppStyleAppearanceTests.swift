@preconcurrency import CGtk
import XCTest
@testable import FlickUI

/// What the desktop asks (`DesktopAppearance`) reaches GTK's settings and Flick's windows, and
/// giving it up brings back what GTK had (tests/e2e/test_desktop_appearance.py sees the colours).
final class AppStyleAppearanceTests: XCTestCase {
    func testReducedMotionTurnsGTKsAnimationsOffAndBackOn() throws {
        try withWindow(["a"]) { harness in
            XCTAssertTrue(InteractionDriver.animationsEnabled)
            AppStyle.follow(DesktopAppearance(animations: false))
            XCTAssertFalse(InteractionDriver.animationsEnabled, "moves jump to their end")
            AppStyle.follow(DesktopAppearance())
            XCTAssertTrue(InteractionDriver.animationsEnabled)
            _ = harness
        }
    }

    func testTheStyleClassesFollowOnEveryWindow() throws {
        try withWindow(["a"]) { harness in
            let window = harness.window.window
            AppStyle.follow(DesktopAppearance(colorScheme: .preferDark, highContrast: true))
            XCTAssertTrue(gtk_widget_has_css_class(window, "dark") != 0)
            XCTAssertTrue(gtk_widget_has_css_class(window, "high-contrast") != 0)
            AppStyle.follow(DesktopAppearance())
            XCTAssertFalse(gtk_widget_has_css_class(window, "dark") != 0)
            XCTAssertFalse(gtk_widget_has_css_class(window, "high-contrast") != 0)
        }
    }
}
