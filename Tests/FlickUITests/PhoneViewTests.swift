@preconcurrency import CGtk
import FlickCore
import XCTest
@testable import FlickUI

/// Issue 61: at a phone's size the details open inside the main window, over its pages, with
/// the header's title and back button; going up (the back button's action, Alt+Left, Escape)
/// closes them, saving what was typed as closing the details window did, and the item's row
/// has the focus again. Add Account opens there too, Enter in its fields going on to Connect.
/// At a desktop's size the details are a window, as before.
final class PhoneViewTests: XCTestCase {
    func testAtAPhoneSizeTheDetailsAreAViewThatGoingUpClosesKeepingTheEdit() throws {
        try withWindow(["Pay rent", "Water the plants"]) { harness in
            let main = harness.window
            let id = harness.document.wholeItems[1].id!
            harness.makePhoneSized()
            main.itemsPage.focus(id)
            harness.activate("win.details")

            let details = try XCTUnwrap(main.itemsPage.details)
            XCTAssertTrue(details.isView, "no second window on a phone")
            XCTAssertTrue(main.phoneView.isShown)
            XCTAssertEqual(Self.title(of: main), "Details")
            XCTAssertTrue(gtk_widget_get_visible(main.header.backButton) != 0, "the back button closes the view")
            // Its name, spoken and in its tooltip (`Widgets.setName(ofIconButton:to:)`), says where it goes.
            XCTAssertEqual(gtk_widget_get_tooltip_text(main.header.backButton).map { String(cString: $0) }, "Back to Groceries")
            let focus = try XCTUnwrap(gtk_window_get_focus(cast(main.window)))
            XCTAssertTrue(gtk_widget_is_ancestor(focus, main.phoneView.root) != 0, "the focus is in the view")
            XCTAssertEqual(gtk_widget_get_can_focus(main.pages.root), 0, "Tab does not reach the rows under it")
            XCTAssertFalse(Self.enabled("new-item", main), "Ctrl+N does not begin a row under the view")

            // Typed, not yet saved (no Enter): going up saves it, as the window's close did.
            gtk_editable_set_text(OpaquePointer(try XCTUnwrap(Self.titleEntry(in: main.phoneView.root))), "Water the ferns")
            harness.activate("win.go-up")

            XCTAssertFalse(main.phoneView.isShown)
            XCTAssertNil(main.itemsPage.details)
            XCTAssertEqual(try harness.document.fields(of: id).title, "Water the ferns")
            XCTAssertEqual(Self.title(of: main), "Groceries", "going up closed the view, not the list")
            XCTAssertEqual(main.pages.depth, 1)
            XCTAssertTrue(Self.enabled("new-item", main))
            XCTAssertEqual(gtk_widget_get_can_focus(main.pages.root), 1)
            let row = try XCTUnwrap(main.itemsPage.list.boundRows[id])
            let back = try XCTUnwrap(gtk_window_get_focus(cast(main.window)))
            // The list's item holding the row takes the focus (`GestureList.focus`).
            XCTAssertEqual(back, gtk_widget_get_parent(row.root), "the item's row has the focus again")
        }
    }

    func testOpeningAnotherItemsDetailsReplacesTheViewAndTheWindowClosingSavesIt() throws {
        try withWindow(["Pay rent", "Water the plants"]) { harness in
            let main = harness.window
            let ids = harness.document.wholeItems.map { $0.id! }
            harness.makePhoneSized()
            main.itemsPage.showDetails(ids[0])
            harness.spin(0.1)
            gtk_editable_set_text(OpaquePointer(try XCTUnwrap(Self.titleEntry(in: main.phoneView.root))), "Pay the rent")
            main.itemsPage.showDetails(ids[1])
            harness.spin(0.1)
            XCTAssertEqual(try harness.document.fields(of: ids[0]).title, "Pay the rent", "the first view's typing is kept")
            XCTAssertEqual(main.itemsPage.details?.itemID, ids[1])
            XCTAssertEqual(gtk_widget_get_first_child(main.phoneView.root).flatMap { gtk_widget_get_next_sibling($0) }, nil,
                           "one view at a time")

            gtk_editable_set_text(OpaquePointer(try XCTUnwrap(Self.titleEntry(in: main.phoneView.root))), "Water the ferns")
            main.saveTyping()  // What Ctrl+Q and the session's end do.
            XCTAssertEqual(try harness.document.fields(of: ids[1]).title, "Water the ferns")
        }
    }

    func testAtAPhoneSizeAddAccountIsAViewWhereEnterGoesOnAndGoingUpCancels() throws {
        try withWindow(["Pay rent"]) { harness in
            let main = harness.window
            let sync = SyncController(store: harness.store)
            main.installSyncActions { sync }
            harness.makePhoneSized()
            harness.activate("win.add-account")

            XCTAssertTrue(main.phoneView.isShown)
            XCTAssertEqual(Self.title(of: main), "Add Account")
            let address = try XCTUnwrap(Self.titleEntry(in: main.phoneView.root))
            let focus = try XCTUnwrap(gtk_window_get_focus(cast(main.window)))
            XCTAssertTrue(gtk_widget_is_ancestor(focus, address) != 0, "the address field has the focus")
            // Enter in a field is Connect, the main window's default while the view is shown:
            // nothing typed, it says what is missing.
            gtk_widget_activate_default(focus)  // What Enter in a field that activates the default does.
            harness.spin(0.4)  // A button activated shows itself pressed for 250 ms, then is clicked.
            XCTAssertNotNil(Self.shownError(in: main.phoneView.root), "Enter went on to Connect")

            harness.activate("win.go-up")
            XCTAssertFalse(main.phoneView.isShown)
            XCTAssertNil(gtk_window_get_default_widget(cast(main.window)), "Enter is the list's again")
            XCTAssertEqual(Self.title(of: main), "Groceries")
            let back = try XCTUnwrap(gtk_window_get_focus(cast(main.window)))
            XCTAssertTrue(gtk_widget_is_ancestor(back, main.itemsPage.list.root) != 0, "the list has the focus again")
        }
    }

    func testAtADesktopSizeTheDetailsAreAWindow() throws {
        try withWindow(["Pay rent"]) { harness in
            let main = harness.window
            main.itemsPage.showDetails(harness.document.wholeItems[0].id!)
            harness.spin(0.1)
            let details = try XCTUnwrap(main.itemsPage.details)
            XCTAssertFalse(details.isView)
            XCTAssertFalse(main.phoneView.isShown)
            XCTAssertTrue(Self.enabled("new-item", main))
            details.close()
            harness.spin(0.1)
        }
    }

    @MainActor
    private static func title(of main: MainWindow) -> String {
        String(cString: gtk_window_get_title(cast(main.window)))
    }

    @MainActor
    private static func enabled(_ action: String, _ main: MainWindow) -> Bool {
        g_action_group_get_action_enabled(OpaquePointer(main.window), action) != 0
    }

    @MainActor
    private static func shownError(in widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        if gtk_widget_get_visible(widget) != 0, gtk_widget_has_css_class(widget, "error") != 0 { return widget }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if let found = shownError(in: current) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }

    /// The details' first entry, the title's (Add Account's: the address).
    @MainActor
    private static func titleEntry(in widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        if gtk_widget_get_visible(widget) != 0, String(cString: gtk_widget_get_css_name(widget)) == "entry" { return widget }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if let found = titleEntry(in: current) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }
}

