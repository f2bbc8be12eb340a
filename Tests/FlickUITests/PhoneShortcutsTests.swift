@preconcurrency import CGtk
import XCTest
@testable import FlickUI

/// Issue 61: over a phone-sized window, Ctrl+? opens the shortcuts as one column of the
/// window's width (`PhoneShortcutsWindow`), listing what the desktop's GtkShortcutsWindow lists,
/// group by group: the same titles, keys, gestures' descriptions and icons, read from the
/// widgets each window built.
final class PhoneShortcutsTests: XCTestCase {
    func testOverAPhoneTheShortcutsAreOneColumnWithEveryEntryOfTheDesktopWindow() throws {
        try withWindow(["a"]) { harness in
            let main = harness.window.window
            gtk_window_set_default_size(cast(main), 360, 640)
            harness.spin(0.5)
            XCTAssertTrue(PhoneWidth.isNarrow(main))
            ShortcutsWindow.present(over: main)
            harness.spin(0.3)
            let phone = try XCTUnwrap(WidgetTree.window(over: main))
            defer { gtk_window_destroy(cast(phone)) }
            XCTAssertFalse(WidgetTree.isA(phone, gtk_shortcuts_window_get_type()), "GtkShortcutsWindow is 1,596 px wide")
            XCTAssertEqual(String(cString: gtk_window_get_title(cast(phone))), "Keyboard Shortcuts", "what Orca says first")
            let focused = try XCTUnwrap(gtk_window_get_focus(cast(phone)))
            let firstRow = WidgetTree.descendants(of: phone).first { WidgetTree.isA($0, gtk_list_box_row_get_type()) }
            XCTAssertEqual(focused, firstRow, "then the first shortcut, read with its keys")

            // Down past a group's last row goes on to the next group, Up back (GtkListBox stops there).
            let lists = WidgetTree.descendants(of: phone).filter { WidgetTree.isA($0, gtk_list_box_get_type()) }
            XCTAssertEqual(lists.count, ShortcutTable.groups.count)
            XCTAssertNotEqual(gtk_widget_keynav_failed(lists[0], GTK_DIR_DOWN), 0)
            XCTAssertEqual(gtk_window_get_focus(cast(phone)), gtk_widget_get_first_child(lists[1]))
            XCTAssertNotEqual(gtk_widget_keynav_failed(lists[1], GTK_DIR_UP), 0)
            XCTAssertEqual(gtk_window_get_focus(cast(phone)), gtk_widget_get_last_child(lists[0]))
            _ = gtk_widget_keynav_failed(lists[0], GTK_DIR_UP)
            XCTAssertEqual(gtk_window_get_focus(cast(phone)), gtk_widget_get_last_child(lists[0]), "above the first group, nothing")

            let desktop = try Self.desktopEntries()
            XCTAssertEqual(desktop.count, ShortcutTable.groups.map(\.shortcuts.count).reduce(0, +), "the desktop window read whole")
            let shown = Self.phoneEntries(phone)
            // GtkShortcutsWindow puts its groups in columns by their height: Editing came after General.
            XCTAssertEqual(Dictionary(grouping: shown, by: Self.group), Dictionary(grouping: desktop, by: Self.group))
            var groups: [String] = []
            for entry in shown where groups.last != Self.group(entry) { groups.append(Self.group(entry)) }
            XCTAssertEqual(groups, ShortcutTable.groups.map(\.title), "the groups in the table's order, once each")

            let scrolled = try XCTUnwrap(WidgetTree.descendants(of: phone).first { WidgetTree.isA($0, gtk_scrolled_window_get_type()) })
            var horizontal = GTK_POLICY_AUTOMATIC
            gtk_scrolled_window_get_policy(OpaquePointer(scrolled), &horizontal, nil)
            XCTAssertEqual(horizontal, GTK_POLICY_NEVER, "it scrolls up and down only")
            XCTAssertLessThanOrEqual(gtk_widget_get_width(scrolled), try XCTUnwrap(DialogWindow.contentWidth(of: main)))
        }
    }

    /// As on the desktop, the shortcuts can be searched: only those holding every word typed
    /// stay, with their groups' headings; nothing found says so; the search closed shows them
    /// all again.
    func testTypingSearchesTheShortcuts() throws {
        try withWindow(["a"]) { harness in
            let main = harness.window.window
            gtk_window_set_default_size(cast(main), 360, 640)
            harness.spin(0.5)
            ShortcutsWindow.present(over: main)
            harness.spin(0.3)
            let phone = try XCTUnwrap(WidgetTree.window(over: main))
            defer { gtk_window_destroy(cast(phone)) }
            let all = Self.shownTitles(phone)
            let entry = try XCTUnwrap(WidgetTree.descendants(of: phone).first { WidgetTree.isA($0, gtk_search_entry_get_type()) })
            let nothingFound = try XCTUnwrap(WidgetTree.descendants(of: phone).first {
                WidgetTree.isA($0, gtk_label_get_type()) && WidgetTree.labelText($0) == "No Results Found" })
            XCTAssertEqual(gtk_widget_is_visible(nothingFound), 0)
            let searchButton = try XCTUnwrap(WidgetTree.descendants(of: phone).first { WidgetTree.isA($0, gtk_toggle_button_get_type()) })
            gtk_toggle_button_set_active(cast(searchButton), 1)
            harness.spin(0.1)

            gtk_editable_set_text(OpaquePointer(entry), "UNDO")
            harness.spin(0.3)
            let found = Self.shownTitles(phone)
            XCTAssertFalse(found.isEmpty)
            XCTAssertTrue(found.allSatisfy { $0.title.localizedCaseInsensitiveContains("undo") }, "\(found)")
            XCTAssertLessThan(Set(found.map(\.group)).count, ShortcutTable.groups.count, "groups with no undo hidden")

            gtk_editable_set_text(OpaquePointer(entry), "zzz qqq")
            harness.spin(0.3)
            XCTAssertTrue(Self.shownTitles(phone).isEmpty)
            XCTAssertNotEqual(gtk_widget_is_visible(nothingFound), 0)

            gtk_toggle_button_set_active(cast(searchButton), 0)
            harness.spin(0.2)
            XCTAssertEqual(Self.shownTitles(phone).map(\.title), all.map(\.title), "the search closed: every shortcut again")
            XCTAssertEqual(gtk_widget_is_visible(nothingFound), 0)
        }
    }

    /// The group and title of each shortcut row shown, with its group's heading shown too.
    @MainActor
    private static func shownTitles(_ window: UnsafeMutablePointer<GtkWidget>) -> [(group: String, title: String)] {
        var shown: [(group: String, title: String)] = []
        var groupTitle = ""
        for widget in WidgetTree.descendants(of: window) {
            if WidgetTree.isA(widget, gtk_label_get_type()), gtk_widget_has_css_class(widget, "heading") != 0 {
                groupTitle = gtk_widget_is_visible(widget) != 0 ? WidgetTree.labelText(widget) : ""
            }
            guard WidgetTree.isA(widget, gtk_list_box_row_get_type()), gtk_widget_is_visible(widget) != 0 else { continue }
            let title = WidgetTree.descendants(of: widget).first { WidgetTree.isA($0, gtk_label_get_type()) }.map(WidgetTree.labelText)
            shown.append((groupTitle, title ?? ""))
        }
        return shown
    }

    private static func group(_ entry: String) -> String {
        entry.components(separatedBy: " | ")[0]
    }

    /// "group | title | keys | how | icon" for each shortcut of GtkShortcutsWindow as built
    /// from `ShortcutsWindow.xml()` (its search page holds copies, left out).
    @MainActor
    private static func desktopEntries() throws -> [String] {
        let builder = try XCTUnwrap(gtk_builder_new_from_string(ShortcutsWindow.xml(), -1))
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        let object = try XCTUnwrap(gtk_builder_get_object(builder, "shortcuts"))
        let window = UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkWidget.self)
        defer { gtk_window_destroy(cast(window)) }
        var entries: [String] = []
        for group in WidgetTree.descendants(of: window) where WidgetTree.isA(group, gtk_shortcuts_group_get_type()) {
            let groupTitle = WidgetTree.string(group, "title") ?? ""
            for shortcut in WidgetTree.descendants(of: group) where WidgetTree.isA(shortcut, gtk_shortcuts_shortcut_get_type()) {
                let image = WidgetTree.descendants(of: shortcut).first { WidgetTree.isA($0, gtk_image_get_type()) }
                let icon = image.flatMap { gtk_widget_get_visible($0) != 0 ? WidgetTree.iconName(of: $0) : nil }
                let accelerator = WidgetTree.string(shortcut, "accelerator") ?? ""
                entries.append([groupTitle, WidgetTree.string(shortcut, "title") ?? "", icon == nil ? accelerator : "",
                                WidgetTree.string(shortcut, "subtitle") ?? "", icon ?? ""].joined(separator: " | "))
            }
        }
        return entries
    }

    /// The same for the phone's column: a heading names the group; in a row, the first label
    /// is the title and a dim one says how, the keys are its GtkShortcutLabels', the icon its image's.
    @MainActor
    private static func phoneEntries(_ window: UnsafeMutablePointer<GtkWidget>) -> [String] {
        var entries: [String] = []
        var groupTitle = ""
        for widget in WidgetTree.descendants(of: window) {
            if WidgetTree.isA(widget, gtk_label_get_type()), gtk_widget_has_css_class(widget, "heading") != 0 {
                groupTitle = WidgetTree.labelText(widget)
            }
            guard WidgetTree.isA(widget, gtk_list_box_row_get_type()) else { continue }
            let inside = WidgetTree.descendants(of: widget)
            let labels = inside.filter { WidgetTree.isA($0, gtk_label_get_type()) && gtk_widget_get_parent($0).map {
                !WidgetTree.isA($0, gtk_shortcut_label_get_type()) } ?? true }.map(WidgetTree.labelText).filter { $0 != "/" }
            let keys = inside.filter { WidgetTree.isA($0, gtk_shortcut_label_get_type()) }
                .map { String(cString: gtk_shortcut_label_get_accelerator(OpaquePointer($0))) }
            let icon = inside.first { WidgetTree.isA($0, gtk_image_get_type()) }.flatMap(WidgetTree.iconName(of:))
            entries.append([groupTitle, labels.first ?? "", keys.joined(separator: " "), labels.dropFirst().first ?? "",
                            icon ?? ""].joined(separator: " | "))
        }
        return entries
    }
}
