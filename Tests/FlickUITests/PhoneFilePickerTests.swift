@preconcurrency import CGtk
import FlickCore
import Foundation
import XCTest
@testable import FlickUI

/// Issue 61: at a phone's size, where there is no portal, Import… (Ctrl+O) and Export List…
/// (Ctrl+E) choose in the phone's own picker inside the main window (`PhoneFilePicker`), as
/// GTK 4.8's own chooser needs about 623 px; on a desktop they keep GTK's chooser
/// (PhoneExportTests). A folder shows its folders, then its task files; a press opens a folder
/// or imports a file; Parent Folder goes back with the folder come out of focused; Export Here
/// writes into the folder shown. Nothing in the picker lies beyond the phone's 360 px.
final class PhoneFilePickerTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-picker-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Calendars"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".cache"), withIntermediateDirectories: true)
        try Self.gardenICS.write(to: folder.appendingPathComponent("Garden.ics"), atomically: true, encoding: .utf8)
        try "x".write(to: folder.appendingPathComponent("photo.jpg"), atomically: true, encoding: .utf8)
        try "x".write(to: folder.appendingPathComponent(String(repeating: "A long name ", count: 12) + ".ics"),
                      atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testAtAPhoneSizeImportChoosesInThePickerAndAPressedFileIsImported() throws {
        let folder: URL = self.folder
        try withWindow(["Renew the passport"]) { harness in
            let main = harness.window
            harness.makePhoneSized()
            harness.activate("win.import")

            XCTAssertNil(WidgetTree.window(over: main.window), "no chooser window over a phone's")
            XCTAssertTrue(main.phoneView.isShown)
            XCTAssertEqual(String(cString: gtk_window_get_title(cast(main.window))), "Import Tasks")
            let picker = try XCTUnwrap(PhoneFilePicker.shown)
            picker.open(folder)
            Self.waitForTheRows(of: picker, harness)
            let long = String(repeating: "A long name ", count: 12) + ".ics"
            XCTAssertEqual(Self.rowNames(picker), ["Calendars/", long, "Garden.ics"],
                           "folders first, then task files; hidden names and photos left out")
            Self.assertFits(main, harness)

            // Into a folder and out again: the folder come out of has the focus.
            try picker.activate(XCTUnwrap(picker.listing?.entries.first))
            Self.waitForTheRows(of: picker, harness)
            XCTAssertEqual(picker.folder.lastPathComponent, "Calendars")
            XCTAssertEqual(Self.rowNames(picker), [])
            picker.openParent()
            Self.waitForTheRows(of: picker, harness)
            let focus = try XCTUnwrap(gtk_window_get_focus(cast(main.window)))
            XCTAssertEqual(Self.name(of: focus), "Calendars/")

            try picker.activate(XCTUnwrap(picker.listing?.entries.last))
            harness.spin(0.2)
            XCTAssertFalse(main.phoneView.isShown, "choosing a file closes the picker")
            XCTAssertNil(PhoneFilePicker.shown)
            let garden = try XCTUnwrap(harness.store.exportedLists(ids: nil).first { $0.name == "Garden" })
            XCTAssertEqual(garden.items.map(\.title), ["Plant the tulips"])
        }
    }

    func testShowAllFilesShowsWhatIsNotATaskFile() throws {
        let folder: URL = self.folder
        try withWindow(["Renew the passport"]) { harness in
            let picker = try Self.importPicker(showing: folder, harness)
            let check = try XCTUnwrap(Self.descendant(of: picker.root) { WidgetTree.isA($0, gtk_check_button_get_type()) })
            gtk_widget_grab_focus(check)
            gtk_check_button_set_active(cast(check), 1)
            Self.waitForTheRows(of: picker, harness)
            XCTAssertTrue(Self.rowNames(picker).contains("photo.jpg"))
            XCTAssertEqual(gtk_window_get_focus(cast(harness.window.window)), check, "the focus stays where Space toggled")
            gtk_check_button_set_active(cast(check), 0)
            Self.waitForTheRows(of: picker, harness)
            XCTAssertFalse(Self.rowNames(picker).contains("photo.jpg"))
            harness.activate("win.go-up")
            XCTAssertFalse(harness.window.phoneView.isShown, "going up closes the picker, importing nothing")
        }
    }

    func testAtAPhoneSizeExportHereWritesTheListIntoTheFolderShown() throws {
        let folder: URL = self.folder
        try withWindow(["Renew the passport", "Book the dentist"]) { harness in
            let main = harness.window
            harness.makePhoneSized()
            harness.activate("win.export-list")

            XCTAssertNil(WidgetTree.window(over: main.window), "no chooser window over a phone's")
            XCTAssertEqual(String(cString: gtk_window_get_title(cast(main.window))), "Export “Groceries” to a Folder")
            let picker = try XCTUnwrap(PhoneFilePicker.shown)
            picker.open(folder)
            Self.waitForTheRows(of: picker, harness)
            XCTAssertEqual(Self.rowNames(picker), ["Calendars/"], "folders only")
            Self.assertFits(main, harness)
            let exportHere = try XCTUnwrap(Self.descendant(of: picker.root) {
                WidgetTree.isA($0, gtk_button_get_type()) && gtk_widget_has_css_class($0, "suggested-action") != 0
            })
            gtk_widget_activate(exportHere)
            harness.spin(0.5)  // GTK clicks an activated button 250 ms later.

            XCTAssertFalse(main.phoneView.isShown)
            let written = folder.appendingPathComponent("Groceries.ics")
            let text = try String(contentsOf: written, encoding: .utf8)
            XCTAssertEqual(text.components(separatedBy: "BEGIN:VTODO").count - 1, 2, "the list's two items")
            XCTAssertEqual(main.notice.text, "Exported 2 items to “Groceries.ics” in “\(folder.lastPathComponent)”.")

            // The next picker starts where the last one was.
            harness.activate("win.export-list")
            XCTAssertEqual(PhoneFilePicker.shown?.folder, folder.standardizedFileURL)
            harness.activate("win.go-up")
        }
    }

    func testAFolderThatCannotBeReadSaysWhy() throws {
        let folder: URL = self.folder
        try withWindow(["Renew the passport"]) { harness in
            harness.makePhoneSized()
            harness.activate("win.import")
            let picker = try XCTUnwrap(PhoneFilePicker.shown)
            picker.open(folder.appendingPathComponent("gone"))
            Self.waitForTheRows(of: picker, harness)
            XCTAssertEqual(Self.rowNames(picker), [])
            let status = try XCTUnwrap(Self.descendant(of: picker.root) {
                WidgetTree.isA($0, gtk_label_get_type()) && WidgetTree.labelText($0).hasPrefix("“gone” cannot be opened")
            })
            XCTAssertNotEqual(gtk_widget_get_visible(status), 0)
            picker.openParent()
            Self.waitForTheRows(of: picker, harness)
            XCTAssertEqual(Self.rowNames(picker).count, 3, "the folder above is shown again")
            harness.activate("win.go-up")
        }
    }

    func testAFolderIsReadOffTheMainThreadAndOnlyTheLastOpenedIsShown() throws {
        let folder: URL = self.folder
        let crowded = folder.appendingPathComponent("Crowded")
        try FileManager.default.createDirectory(at: crowded, withIntermediateDirectories: true)
        for index in 0..<3000 {
            FileManager.default.createFile(atPath: crowded.appendingPathComponent("List \(index).ics").path, contents: nil)
        }
        try withWindow(["Renew the passport"]) { harness in
            let picker = try Self.importPicker(showing: folder, harness)
            picker.open(crowded)
            XCTAssertTrue(picker.isReading)
            XCTAssertEqual(Self.rowNames(picker).count, 4, "open returns before the folder is read")
            // Opened while the crowded folder is read: its rows come, and the crowded folder's,
            // read after them, are dropped.
            picker.openParent()
            Self.waitForTheRows(of: picker, harness)
            harness.spin(1)
            XCTAssertEqual(picker.listing?.folder.path, folder.standardizedFileURL.path)
            XCTAssertEqual(Self.rowNames(picker).first, "Calendars/")
            XCTAssertEqual(Self.rowNames(picker).count, 4, "Calendars, Crowded and the two task files")
            harness.activate("win.go-up")
        }
    }

    // MARK: Helpers

    /// Import's picker at a phone's size, showing `folder` once it has been read.
    @MainActor
    private static func importPicker(showing folder: URL, _ harness: WindowHarness) throws -> PhoneFilePicker {
        harness.makePhoneSized()
        harness.activate("win.import")
        let picker = try XCTUnwrap(PhoneFilePicker.shown)
        picker.open(folder)
        waitForTheRows(of: picker, harness)
        return picker
    }

    /// Spins the loop until the folder opened last has been read and shown, at most 5 s.
    @MainActor
    private static func waitForTheRows(of picker: PhoneFilePicker, _ harness: WindowHarness) {
        let end = g_get_monotonic_time() + 5_000_000
        while picker.isReading, g_get_monotonic_time() < end { harness.spin(0.01) }
        XCTAssertFalse(picker.isReading, "the folder read within 5 s")
    }

    /// Nothing of the picker beyond the window's 360 px, and its rows and buttons 44 px tall.
    @MainActor
    private static func assertFits(_ main: MainWindow, _ harness: WindowHarness) {
        harness.spin(0.2)
        let surface = gtk_native_get_surface(OpaquePointer(main.window))
        XCTAssertEqual(gdk_surface_get_width(surface), 360, "the window kept a phone's width")
        XCTAssertEqual(PhoneFit.misfits(of: main.window, on: main.window), [])
        for row in WidgetTree.descendants(of: main.phoneView.root) where WidgetTree.isA(row, gtk_list_box_row_get_type()) {
            XCTAssertGreaterThanOrEqual(gtk_widget_get_height(row), 44, Self.name(of: row))
            XCTAssertLessThanOrEqual(gtk_widget_get_width(row), 360)
        }
    }

    /// The rows shown, each its name and, for a folder, "/": "Calendars/", "Garden.ics".
    @MainActor
    private static func rowNames(_ picker: PhoneFilePicker) -> [String] {
        WidgetTree.descendants(of: picker.root).filter {
            WidgetTree.isA($0, gtk_list_box_row_get_type()) && gtk_widget_is_visible($0) != 0
        }.map(name(of:))
    }

    @MainActor
    private static func name(of row: UnsafeMutablePointer<GtkWidget>) -> String {
        let parts = WidgetTree.descendants(of: row)
        let label = parts.first { WidgetTree.isA($0, gtk_label_get_type()) }.map(WidgetTree.labelText) ?? ""
        let folder = parts.contains { WidgetTree.isA($0, gtk_image_get_type()) && WidgetTree.iconName(of: $0) == "folder-symbolic" }
        return label + (folder ? "/" : "")
    }

    @MainActor
    private static func descendant(of widget: UnsafeMutablePointer<GtkWidget>,
                                   where matches: (UnsafeMutablePointer<GtkWidget>) -> Bool) -> UnsafeMutablePointer<GtkWidget>? {
        WidgetTree.descendants(of: widget).first(where: matches)
    }

    private static let gardenICS = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Flick tests//EN\r
        X-WR-CALNAME:Garden\r
        BEGIN:VTODO\r
        UID:picker-garden-1\r
        SUMMARY:Plant the tulips\r
        END:VTODO\r
        END:VCALENDAR\r

        """
}
