@preconcurrency import CGtk
import FlickCore
import FlickSync
import XCTest
@testable import FlickUI

/// Issue 61: the dialogs the phone-size tour (tests/e2e/test_phone_size.py) cannot bring about
/// in a second, each opened over a main window of 360 x 640 and of 640 x 360, must fit it
/// (`PhoneFit`: within the screen, nothing cut off or scrolling sideways, 44 px buttons); each
/// leaves its picture in `PhoneShot.folder`. Their words are the longest they meet: an account
/// typed as a whole CalDAV address without a space to wrap at, a program's message in Details.
final class PhoneDialogsTests: XCTestCase {
    /// A whole calendar address, as Fastmail's help has one typed: 88 characters, no space.
    private static let account = (url: "https://caldav.fastmail.com/dav/calendars/user/alexandra.konstantinopoulou@fastmail.com/",
                                  user: "alexandra.konstantinopoulou@fastmail.com")

    /// One window for all of them, held upright and then sideways: each resize costs half a
    /// second of layout, and `make check` has few to spare.
    func testEveryDialogTheTourCannotShowFitsAPhoneUprightAndSideways() throws {
        try withWindow(["a"]) { harness in
            let dialogs = try Self.dialogs(harness)
            for (width, height) in [(Int32(360), Int32(640)), (640, 360)] {
                let main = harness.window.window
                gtk_window_set_default_size(cast(main), width, height)
                harness.spin(0.4)
                XCTAssertTrue(PhoneWidth.isNarrow(main))
                for (name, present) in dialogs {
                    try Self.assertFits(name, present, over: main, size: "\(width)x\(height)", harness)
                }
            }
        }
    }

    /// Each dialog with the longest words it meets, by the name of its picture.
    @MainActor
    private static func dialogs(_ harness: WindowHarness) throws -> [(String, (UnsafeMutablePointer<GtkWidget>) -> Void)] {
        let account = try harness.store.addAccount(url: Self.account.url, user: Self.account.user)
        for name in ["Household", "Work", "Shopping for the Holidays"] {
            _ = try harness.store.addCalendarList(name: name, accountID: account.id, url: Self.account.url + name, readOnly: false)
        }
        let sync = SyncController(store: harness.store)
        let missing = MissingItems(missing: 12, known: 14, titles: ["Renew the passport", "Book the dentist", "Call grandma"])
        // A program's own words in Details, opened: they break anywhere.
        let details = "SQLite error 14: unable to open database file (/home/alexandra.konstantinopoulou/.local/share/"
            + "io.github.flicktodo.Flick/flick.sqlite-wal)"
        return [
            ("remove-account", { RemoveAccountDialog.present(over: $0, store: harness.store, sync: sync) { _ in } }),
            ("password", { PasswordDialog.present(over: $0, account: account) { _ in } }),
            ("missing-items", { MissingItemsDialog.present(listName: "Household", missing: missing, over: $0) { _ in } }),
            // The longest answers a question has (FlickApplication+Backups), in French (po/fr.po):
            // side by side they need more than a phone's width.
            ("backup-question", {
                QuestionDialog.present(heading: "Flick Could Not Read Its List", body: details,
                                       keep: .init(mnemonic: "_Commencer avec la nouvelle liste", name: "Commencer avec la nouvelle liste"),
                                       use: .init(mnemonic: "_Ouvrir la sauvegarde", name: "Ouvrir la sauvegarde"), over: $0) {}
            }),
            ("message-details", { main in
                MessageWindow.present(heading: "Nothing Was Imported", body: "“tasks.ics” could not be read: it is not an iCalendar file.",
                                      details: details, over: main)
                let expander = WidgetTree.window(over: main).flatMap { window in
                    WidgetTree.descendants(of: window).first { WidgetTree.isA($0, gtk_expander_get_type()) } }
                expander.map { gtk_expander_set_expanded(OpaquePointer($0), 1) }
            }),
        ]
    }

    /// Opens the dialog `present` makes over `main`: it must fit it, and its picture is saved
    /// as `name`-`size`.png.
    @MainActor
    private static func assertFits(_ name: String, _ present: (UnsafeMutablePointer<GtkWidget>) -> Void,
                                   over main: UnsafeMutablePointer<GtkWidget>, size: String, _ harness: WindowHarness) throws {
        present(main)
        harness.spin(0.2)
        let dialog = try XCTUnwrap(WidgetTree.window(over: main), "\(name) opened over the window")
        XCTAssertEqual(PhoneFit.misfits(of: dialog, on: main), [], "\(name) at \(size)")
        XCTAssertNotNil(PhoneShot.save(dialog, over: main, as: "\(name)-\(size)"), "\(name)'s picture")
        gtk_window_destroy(cast(dialog))
        harness.spin(0.05)
    }
}
