@preconcurrency import CGtk
import Foundation
import XCTest
@testable import FlickUI

/// The window's size is remembered: saved on close, restored by the next window. Runs against
/// the real schema, compiled into a temporary folder, with the in-memory GSettings backend that
/// tools/with-display selects.
final class WindowStateTests: XCTestCase {
    private func compiledSchemaDirectory() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flick-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../data/io.github.flicktodo.Flick.gschema.xml").standardizedFileURL
        try FileManager.default.copyItem(at: schema, to: directory.appendingPathComponent(schema.lastPathComponent))
        let compile = Process()
        compile.executableURL = URL(fileURLWithPath: "/usr/bin/glib-compile-schemas")
        compile.arguments = ["--strict", directory.path]
        try compile.run()
        compile.waitUntilExit()
        XCTAssertEqual(compile.terminationStatus, 0)
        return directory.path
    }

    func testSizeSavedOnCloseIsRestoredByTheNextWindow() throws {
        XCTAssertEqual(ProcessInfo.processInfo.environment["GSETTINGS_BACKEND"], "memory",
                       "run through tools/with-display so no user settings are touched")
        let schemas = try compiledSchemaDirectory()
        try MainActor.assumeIsolated {
            _ = WindowHarness.application
            let first = WindowState(schemaDirectories: [schemas])
            XCTAssertTrue(first.isPersistent)
            let window = try XCTUnwrap(gtk_window_new())
            gtk_window_set_default_size(cast(window), 733, 511)
            first.save(window)
            gtk_window_destroy(cast(window))

            let second = WindowState(schemaDirectories: [schemas])
            let restored = try XCTUnwrap(gtk_window_new())
            second.restore(restored)
            var width: Int32 = 0
            var height: Int32 = 0
            gtk_window_get_default_size(cast(restored), &width, &height)
            XCTAssertEqual([width, height], [733, 511])
            gtk_window_destroy(cast(restored))
        }
    }
}
