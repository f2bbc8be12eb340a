@preconcurrency import CGtk
import FlickCore
import Foundation
import XCTest
@testable import FlickUI

/// Issue 61: GTK's own save dialog, which a phone without the file chooser portal gets, is at
/// least 433 px wide (its Name row), so at a phone's size Export List… (Ctrl+E) asks for a
/// folder instead (in the phone's picker: PhoneFilePickerTests), titled after the list, and
/// writes "<list>.ics" there, then "<list> (2).ics" (never over a file), and the notice says
/// the file and the folder. On a desktop Export asks where to save, and Import for files, in
/// GTK's chooser, as before.
final class PhoneExportTests: XCTestCase {
    func testExportIntoAFolderNeverWritesOverAFileAndADesktopAsksWhereToSave() throws {
        try withWindow(["Renew the passport", "Book the dentist"]) { harness in
            let main = harness.window
            XCTAssertEqual(try Self.chooser(after: "win.export-list", harness), GTK_FILE_CHOOSER_ACTION_SAVE, "a desktop's")
            XCTAssertEqual(try Self.chooser(after: "win.import", harness, title: "Import Tasks"), GTK_FILE_CHOOSER_ACTION_OPEN)

            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flick-export-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let id = try XCTUnwrap(main.itemsPage.currentListID)
            for _ in 0..<2 { main.fileTransfers?.export(listIDs: [id], into: folder, fileName: "Groceries.ics") }

            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(),
                           ["Groceries (2).ics", "Groceries.ics"])
            let text = try String(contentsOf: folder.appendingPathComponent("Groceries.ics"), encoding: .utf8)
            XCTAssertEqual(text.components(separatedBy: "BEGIN:VTODO").count - 1, 2, "the list's two items")
            XCTAssertEqual(main.notice.text, "Exported 2 items to “Groceries (2).ics” in “\(folder.lastPathComponent)”.")
        }
    }

    /// The file chooser `action` opened over the window (GTK's own, where there is no portal),
    /// by its action; it is closed again.
    @MainActor
    private static func chooser(after action: String, _ harness: WindowHarness,
                                title: String = "Export List") throws -> GtkFileChooserAction {
        harness.activate(action)
        let dialog = try XCTUnwrap(WidgetTree.window(over: harness.window.window), "a chooser over the window")
        defer {
            gtk_window_close(cast(dialog))  // As Escape: the chooser answers Cancel and lets go of itself.
            harness.spin(0.05)
        }
        XCTAssertEqual(gtk_window_get_title(cast(dialog)).map { String(cString: $0) }, title)
        // GtkFileChooser's property: its getter is deprecated from GTK 4.10 on.
        var action = GValue()
        g_value_init(&action, gtk_file_chooser_action_get_type())
        defer { g_value_unset(&action) }
        g_object_get_property(UnsafeMutablePointer(OpaquePointer(dialog)), "action", &action)
        return GtkFileChooserAction(rawValue: UInt32(g_value_get_enum(&action)))
    }
}
