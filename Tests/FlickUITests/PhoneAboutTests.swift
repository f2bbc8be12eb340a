@preconcurrency import CGtk
import XCTest
@testable import FlickUI

/// Issue 61: About Flick is GtkAboutDialog over a desktop-sized window and, over a phone-sized
/// one, a column of the window's width (`PhoneAboutWindow`); both say `AboutFacts`.
final class PhoneAboutTests: XCTestCase {
    func testTheDesktopDialogAndThePhoneColumnSayTheSameFacts() throws {
        try withWindow(["a"]) { harness in
            let main = harness.window.window
            let facts = AboutFacts.flick
            AboutDialog.present(over: main)
            harness.spin(0.3)
            let dialog = try XCTUnwrap(WidgetTree.window(over: main))
            XCTAssertTrue(WidgetTree.isA(dialog, gtk_about_dialog_get_type()), "GtkAboutDialog at 480 px")
            XCTAssertEqual(Self.dialogFacts(dialog), [facts.name, facts.version, facts.comments, facts.website,
                                                      facts.websiteLabel, facts.copyright, facts.iconName])
            XCTAssertEqual(gtk_about_dialog_get_license_type(OpaquePointer(dialog)), facts.licence)
            gtk_window_destroy(cast(dialog))

            gtk_window_set_default_size(cast(main), 360, 640)
            harness.spin(0.5)
            AboutDialog.present(over: main)
            harness.spin(0.3)
            let phone = try XCTUnwrap(WidgetTree.window(over: main))
            defer { gtk_window_destroy(cast(phone)) }
            XCTAssertFalse(WidgetTree.isA(phone, gtk_about_dialog_get_type()), "GtkAboutDialog is 420 px at least")
            XCTAssertEqual(String(cString: gtk_window_get_title(cast(phone))), "About Flick")
            let texts = Self.texts(phone)
            for fact in [facts.name, facts.version, facts.comments, facts.copyright, "Created by"] + facts.authors {
                XCTAssertTrue(texts.contains(fact), fact)
            }
            XCTAssertNil(facts.translators, "no catalogue in the tests: \"translator-credits\" untranslated")
            XCTAssertFalse(texts.contains("Translated by"), "no translators to name")
            XCTAssertEqual(Self.links(phone), ["\(facts.websiteLabel) → \(facts.website)",
                                               "\(facts.licenceName) → \(facts.licenceURL)"])
            XCTAssertEqual(Self.icons(phone), [facts.iconName])
            XCTAssertLessThanOrEqual(gtk_widget_get_width(gtk_window_get_child(cast(phone))),
                                     try XCTUnwrap(DialogWindow.contentWidth(of: main)), "no wider than the window")
        }
    }

    func testTranslatorsAreNamedWhereTheLanguageNamesThem() throws {
        try withWindow(["a"]) { harness in
            let main = harness.window.window
            gtk_window_set_default_size(cast(main), 360, 640)
            harness.spin(0.5)
            var facts = AboutFacts.flick
            facts.translators = "Ana\nBo"
            let phone = PhoneAboutWindow.present(facts, over: main)
            defer { gtk_window_destroy(cast(phone)) }
            let texts = Self.texts(phone)
            XCTAssertTrue(texts.contains("Translated by"))
            XCTAssertTrue(texts.contains("Ana\nBo"))
        }
    }

    @MainActor
    private static func dialogFacts(_ dialog: UnsafeMutablePointer<GtkWidget>) -> [String] {
        let about = OpaquePointer(dialog)
        let read: [(OpaquePointer) -> UnsafePointer<CChar>?] = [
            gtk_about_dialog_get_program_name, gtk_about_dialog_get_version, gtk_about_dialog_get_comments,
            gtk_about_dialog_get_website, gtk_about_dialog_get_website_label, gtk_about_dialog_get_copyright,
            gtk_about_dialog_get_logo_icon_name,
        ]
        return read.map { $0(about).map { String(cString: $0) } ?? "" }
    }

    /// The texts of the labels outside buttons (the header's title left out).
    @MainActor
    private static func texts(_ window: UnsafeMutablePointer<GtkWidget>) -> [String] {
        WidgetTree.descendants(of: gtk_window_get_child(cast(window))).filter {
            WidgetTree.isA($0, gtk_label_get_type()) && !WidgetTree.isA(gtk_widget_get_parent($0), gtk_button_get_type())
        }.map(WidgetTree.labelText)
    }

    @MainActor
    private static func links(_ window: UnsafeMutablePointer<GtkWidget>) -> [String] {
        WidgetTree.descendants(of: window).filter { WidgetTree.isA($0, gtk_link_button_get_type()) }.map { button in
            let label = String(cString: gtk_button_get_label(cast(button)))
            return "\(label) → \(String(cString: gtk_link_button_get_uri(OpaquePointer(button))))"
        }
    }

    @MainActor
    private static func icons(_ window: UnsafeMutablePointer<GtkWidget>) -> [String] {
        WidgetTree.descendants(of: gtk_window_get_child(cast(window))).filter { WidgetTree.isA($0, gtk_image_get_type()) }
            .compactMap(WidgetTree.iconName(of:))
    }
}
