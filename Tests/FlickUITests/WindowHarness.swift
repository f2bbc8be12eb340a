@preconcurrency import CGtk
import FlickCore
import GRDB
import Foundation
import XCTest
@testable import FlickUI

/// A real Flick window on the test display, built on a prepared database in a private
/// directory. GTK tests need a display: without one they fail rather than skip.
@MainActor
final class WindowHarness {
    static let application: UnsafeMutablePointer<GtkApplication> = {
        precondition(ProcessInfo.processInfo.environment["DISPLAY"] != nil,
                     "GTK tests need a display: run them through tools/with-display (make check)")
        precondition(gtk_init_check() != 0, "GTK could not open the display")
        AppStyle.install()
        let application = gtk_application_new("io.github.flicktodo.FlickTests", G_APPLICATION_NON_UNIQUE)!
        g_application_register(UnsafeMutablePointer(OpaquePointer(application)), nil, nil)
        return application
    }()

    let directory: URL
    let store: TodoStore
    let document: ListDocument
    let window: MainWindow

    init(titles: [String], listName: String = "Groceries") throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("flick-ui-\(UUID().uuidString)")
        store = try TodoStore(databaseURL: directory.appendingPathComponent("flick.sqlite"))
        let list = try store.createList(name: listName, titles: titles)
        document = try XCTUnwrap(store.document(listID: list.id))
        window = MainWindow(application: Self.application, store: store, lists: try store.listsDocument(), document: document,
                            windowState: WindowState(schemaDirectories: []))
        window.present()
        spin()
    }

    func close() {
        gtk_window_destroy(cast(window.window))
        spin(0.05)
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs the GLib main loop for a while so GTK lays out, binds rows and runs timeouts.
    func spin(_ seconds: Double = 0.25) {
        spinMainLoop(seconds)
    }

    /// Gives the window a phone's size, 360 x 640, where it carries the class `narrow`.
    func makePhoneSized() {
        gtk_window_set_default_size(cast(window.window), 360, 640)
        spin(0.5)
        XCTAssertTrue(PhoneWidth.isNarrow(window.window))
    }

    func activate(_ action: String) {
        // The window exposes its actions without the "win." prefix that menus use.
        let name = action.hasPrefix("win.") ? String(action.dropFirst(4)) : action
        g_action_group_activate_action(OpaquePointer(window.window), name, nil)
        spin(0.1)
    }

    func select(_ position: Int) {
        window.itemsPage.list.model.select(position)
        spin(0.05)
    }

    /// (title, completed) in order, read through a second connection as another process would.
    func storedItems() throws -> [String] {
        try store.queue.read { db in
            try Row.fetchAll(db, sql: "SELECT title, completed FROM item ORDER BY rank").map { row in
                let title: String = row["title"]
                let completed: Bool = row["completed"]
                return completed ? "✓ " + title : title
            }
        }
    }

    /// The titles of the rows on screen, top to bottom.
    func shownTitles() -> [String] {
        let rows = window.itemsPage.list.boundRows.values.compactMap { row -> (Float, String)? in
            var bounds = graphene_rect_t()
            guard gtk_widget_compute_bounds(row.root, window.itemsPage.list.listView, &bounds) != 0,
                  gtk_widget_get_mapped(row.root) != 0 else { return nil }
            return (bounds.origin.y, row.shownTitle)
        }
        return rows.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// Puts `text` into the editor and commits it as Enter does.
    func typeIntoEditor(_ text: String) throws {
        XCTAssertTrue(window.isEditing, "nothing is being edited")
        XCTAssertNotNil(window.itemsPage.list.editor.host, "the editor is not in a row on screen")
        gtk_editable_set_text(OpaquePointer(window.itemsPage.list.editor.entry), text)
        // What the entry's `activate` (Enter) does; the end-to-end tests press the real key.
        window.itemsPage.list.editor.commit()
        spin(0.1)
    }
}

