@preconcurrency import CGtk
import FlickCore
import XCTest
@testable import FlickUI

/// Issue 61: at a phone's size a date's calendar opens in place below its button
/// (`InlineCalendar`), with the popover's rules: the day moved to is taken when it closes,
/// here by pressing the button again or closing the details. The button follows the window's width live: widened, the
/// details' buttons take their popover back; narrowed again, the calendar is in place again.
/// (Enter, Escape and the arrows, by real keys, are in the phone tour, tests/e2e/phone_screens.py.)
final class InlineCalendarTests: XCTestCase {
    func testAtAPhoneSizeTheCalendarOpensInPlaceTakesTheDayWhenClosedAndFollowsTheWidth() throws {
        try withWindow(["Renew the passport"]) { harness in
            let id = harness.document.wholeItems[0].id!
            let dateButton = try Self.dueButton(harness, id: id, width: 360, height: 640)
            XCTAssertTrue(dateButton.isInline)
            let button = try XCTUnwrap(Self.shownButton(of: dateButton))
            // Alt+D presses the button shown, as it presses the menu button on a desktop; GTK
            // clicks an activated button a moment later.
            let label = try XCTUnwrap(Self.label("_Due", in: harness))
            XCTAssertEqual(gtk_label_get_mnemonic_widget(OpaquePointer(label)), dateButton.root, "Alt+D leads to the date")
            _ = gtk_widget_mnemonic_activate(dateButton.root, 0)
            harness.spin(0.3)
            XCTAssertTrue(dateButton.isOpen, "Alt+D opened the calendar")
            let calendar = try XCTUnwrap(Self.calendar(of: dateButton))
            XCTAssertEqual(gtk_window_get_focus(cast(harness.window.window)), calendar, "the arrows move the day at once")
            Self.select(calendar, year: 2027, month: 3, day: 15)
            XCTAssertNil(try harness.document.fields(of: id).due, "a day moved to is not taken yet")

            gtk_widget_activate(button)
            harness.spin(0.3)
            XCTAssertFalse(dateButton.isOpen)
            let due = try XCTUnwrap(try harness.document.fields(of: id).due, "closed, the calendar gave its day")
            XCTAssertEqual([due.year, due.month, due.day], [2027, 3, 15])
            XCTAssertEqual(gtk_window_get_focus(cast(harness.window.window)), button, "the focus back on the button")

            // One window for both (each costs a second of make check): the width followed.
            gtk_window_set_default_size(cast(harness.window.window), 800, 640)
            harness.spin(0.3)
            XCTAssertFalse(dateButton.isInline, "widened, the popover is back")
            let menuButton = try XCTUnwrap(Self.shownButton(of: dateButton))
            XCTAssertTrue(WidgetTree.isA(menuButton, gtk_menu_button_get_type()))
            let popover = try XCTUnwrap(gtk_menu_button_get_popover(OpaquePointer(menuButton)))
            XCTAssertEqual(gtk_popover_get_child(popover), calendar)

            gtk_window_set_default_size(cast(harness.window.window), 640, 360)
            harness.spin(0.3)
            XCTAssertTrue(dateButton.isInline, "held sideways, in place again")
            let inPlace = try XCTUnwrap(Self.shownButton(of: dateButton))
            XCTAssertFalse(WidgetTree.isA(inPlace, gtk_menu_button_get_type()))

            // Open, a day moved to, and the details closed (the back button): it closes as a
            // popover does, taking the day.
            gtk_widget_activate(inPlace)
            harness.spin(0.3)
            Self.select(calendar, year: 2027, month: 4, day: 1)
            harness.activate("win.go-up")
            XCTAssertFalse(harness.window.phoneView.isShown)
            let taken = try XCTUnwrap(try harness.document.fields(of: id).due)
            XCTAssertEqual([taken.year, taken.month, taken.day], [2027, 4, 1])
        }
    }

    /// The details of `id` opened in a window of `width` x `height`, and their due date's button.
    @MainActor
    private static func dueButton(_ harness: WindowHarness, id: Int64, width: Int32, height: Int32) throws -> DateButton {
        gtk_window_set_default_size(cast(harness.window.window), width, height)
        harness.spin(0.3)
        harness.window.itemsPage.showDetails(id)
        harness.spin(0.1)
        return try XCTUnwrap(harness.window.itemsPage.details?.dueEditor.dateButton)
    }

    /// The one of `dateButton`'s buttons that is shown: the menu button, or the button of the
    /// calendar in place.
    @MainActor
    private static func shownButton(of dateButton: DateButton) -> UnsafeMutablePointer<GtkWidget>? {
        var child = gtk_widget_get_first_child(dateButton.root)
        while let current = child {
            if WidgetTree.isA(current, gtk_button_get_type()) || WidgetTree.isA(current, gtk_menu_button_get_type()),
               gtk_widget_get_visible(current) != 0 { return current }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }

    @MainActor
    private static func calendar(of dateButton: DateButton) -> UnsafeMutablePointer<GtkWidget>? {
        WidgetTree.descendants(of: dateButton.root).first { WidgetTree.isA($0, gtk_calendar_get_type()) }
    }

    /// The details' label with the mnemonic `mnemonic` ("_Due").
    @MainActor
    private static func label(_ mnemonic: String, in harness: WindowHarness) -> UnsafeMutablePointer<GtkWidget>? {
        WidgetTree.descendants(of: harness.window.phoneView.root)
            .first { WidgetTree.isA($0, gtk_label_get_type()) && String(cString: gtk_label_get_label(OpaquePointer($0))) == mnemonic }
    }

    /// What the arrows do: `calendar` moved to the day (GTK's day-selected).
    @MainActor
    private static func select(_ calendar: UnsafeMutablePointer<GtkWidget>, year: Int32, month: Int32, day: Int32) {
        let zone = g_time_zone_new_local()!
        defer { g_time_zone_unref(zone) }
        let date = g_date_time_new(zone, year, month, day, 12, 0, 0)!
        defer { g_date_time_unref(date) }
        gtk_calendar_select_day(OpaquePointer(calendar), date)
    }
}
