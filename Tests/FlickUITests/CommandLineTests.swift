@preconcurrency import CGtk
import XCTest
@testable import FlickUI

/// The command line's parts that need no second process: reading GApplication's options
/// dictionary, and `--add` reaching a real window through its document. (Uniqueness and the
/// forwarding between processes are tested end to end, in tests/e2e/test_desktop.py.)
final class CommandLineTests: XCTestCase {
    func testRequestIsReadFromTheOptionsDictionary() {
        MainActor.assumeIsolated {
            let options = g_variant_dict_new(nil)!
            defer { g_variant_dict_unref(options) }
            g_variant_dict_insert_value(options, "add", g_variant_new_string("Buy milk"))
            g_variant_dict_insert_value(options, "list", g_variant_new_boolean(1))
            CommandLineOptions.setDataDirectory("/tmp/flick data", in: options)
            let stray = strdup("stray")
            let strings: [UnsafePointer<CChar>?] = [UnsafePointer(stray), nil]
            g_variant_dict_insert_value(options, "", strings.withUnsafeBufferPointer { g_variant_new_strv($0.baseAddress, 1) })
            free(stray)

            let request = CommandLineOptions.request(from: options)
            XCTAssertEqual(request, CommandLineOptions.Request(
                showVersion: false, list: true, dataDirectory: "/tmp/flick data", addText: "Buy milk",
                extraArguments: ["stray"]))
        }
    }

    func testEmptyDictionaryAsksForNothing() {
        MainActor.assumeIsolated {
            let options = g_variant_dict_new(nil)!
            defer { g_variant_dict_unref(options) }
            XCTAssertEqual(CommandLineOptions.request(from: options), CommandLineOptions.Request())
        }
    }

    func testAddGoesThroughTheDocumentAndTheWindowShowsIt() throws {
        try MainActor.assumeIsolated {
            let harness = try WindowHarness(titles: ["milk", "eggs"])
            defer { harness.close() }
            XCTAssertTrue(FlickApplication.addItem(titled: "  Buy\toat milk\n", to: harness.window))
            harness.spin()
            XCTAssertEqual(try harness.storedItems(), ["Buy oat milk", "milk", "eggs"])
            XCTAssertEqual(harness.shownTitles(), ["Buy oat milk", "milk", "eggs"])
            XCTAssertEqual(harness.window.itemsPage.focusedItemID, harness.window.itemsPage.document.wholeItems[0].id, "the new item is focused")
            XCTAssertFalse(FlickApplication.addItem(titled: " \n ", to: harness.window), "nothing to add")
            XCTAssertEqual(try harness.storedItems().count, 3)
        }
    }

    func testAddCommitsAnEditInProgressFirst() throws {
        try MainActor.assumeIsolated {
            let harness = try WindowHarness(titles: ["milk"])
            defer { harness.close() }
            harness.activate("win.new-item")
            XCTAssertEqual(harness.window.itemsPage.list.editor.target, .newItem(at: 0))
            gtk_editable_set_text(OpaquePointer(harness.window.itemsPage.list.editor.entry), "half typ")  // Typed, not yet saved.
            XCTAssertTrue(FlickApplication.addItem(titled: "From the command line", to: harness.window))
            harness.spin()
            XCTAssertFalse(harness.window.isEditing)
            XCTAssertEqual(try harness.storedItems(), ["From the command line", "half typ", "milk"])
            XCTAssertEqual(harness.shownTitles(), ["From the command line", "half typ", "milk"])
        }
    }
}
