@preconcurrency import CGtk
import FlickCore
import GRDB
import XCTest
@testable import FlickUI

/// Selecting items on a list's page (issue 60): selected rows framed and no taller, the
/// header's bar while there is a selection, one step for all of it with a notice naming the
/// count, and the selection kept through another writer's change but for the items it deleted.
final class SelectionPageTests: XCTestCase {
    @MainActor private static func ids(_ harness: WindowHarness, _ titles: [String]) -> [Int64] {
        titles.compactMap { title in harness.document.wholeItems.first { $0.title == title }?.id }
    }

    func testSelectedRowsAreFramedNoTallerAndTheHeaderShowsTheirBar() throws {
        try withWindow(["a", "b", "c", "d"]) { harness in
            let page = harness.window.itemsPage!
            let (a, b) = (Self.ids(harness, ["a"])[0], Self.ids(harness, ["b"])[0])
            XCTAssertNil(page.selectionBar)
            page.toggleSelection(of: b)
            harness.spin(0.1)
            let rowA = try XCTUnwrap(page.list.boundRows[a])
            let rowB = try XCTUnwrap(page.list.boundRows[b])
            XCTAssertEqual(gtk_widget_has_css_class(rowB.front, "selected-item"), 1)
            XCTAssertEqual(gtk_widget_has_css_class(rowA.front, "selected-item"), 0)
            XCTAssertEqual(gtk_widget_get_height(rowB.root), gtk_widget_get_height(rowA.root), "no taller")
            let bar = try XCTUnwrap(page.selectionBar)
            XCTAssertEqual(gtk_widget_get_root(bar).map { UnsafeMutableRawPointer($0) },
                           UnsafeMutableRawPointer(harness.window.window), "the bar is in the window's header")
            XCTAssertEqual(gtk_widget_get_mapped(bar), 1)

            XCTAssertTrue(page.endSelection())
            harness.spin(0.1)
            XCTAssertNil(page.selectionBar)
            XCTAssertEqual(gtk_widget_has_css_class(rowB.front, "selected-item"), 0)
            XCTAssertFalse(page.endSelection(), "nothing left to end: Escape goes up")
        }
    }

    func testOneStepForTheWholeSelectionWithANoticeNamingTheCount() throws {
        try withWindow(["a", "b", "c", "d"]) { harness in
            let page = harness.window.itemsPage!
            for id in Self.ids(harness, ["b", "d"]) { page.toggleSelection(of: id) }
            page.actOnSelection(.setCompleted(true, sinking: false))
            harness.spin(0.1)
            XCTAssertEqual(try harness.storedItems(), ["a", "✓ b", "c", "✓ d"])
            XCTAssertEqual(harness.window.notice.text, "Completed 2 items")
            harness.activate("win.undo")
            XCTAssertEqual(try harness.storedItems(), ["a", "b", "c", "d"], "one undo for both")
        }
    }

    func testTheBarsTagAddsTheTagToEachSelectedItemThatLacksIt() throws {
        try withWindow(["a", "b", "c"]) { harness in
            let page = harness.window.itemsPage!
            let all = Self.ids(harness, ["a", "b", "c"])
            try harness.document.update(all[1]) { $0.tags = ["Errand"] }
            for id in all[..<2] { page.toggleSelection(of: id) }
            try XCTUnwrap(page.madeSelectionBar).addTag(" errand ")  // What Enter in its field does.
            harness.spin(0.1)
            XCTAssertEqual(try harness.document.fields(of: all[0]).tags, ["errand"])
            XCTAssertEqual(try harness.document.fields(of: all[1]).tags, ["Errand"], "it had it: kept as it was")
            XCTAssertEqual(try harness.document.fields(of: all[2]).tags, [], "not selected")
            XCTAssertEqual(harness.window.notice.text, "Tagged 1 item")
        }
    }

    func testTheSelectionSurvivesAnotherWritersChangeAndLosesTheItemsItDeleted() throws {
        try withWindow(["a", "b", "c", "d"]) { harness in
            let page = harness.window.itemsPage!
            let all = Self.ids(harness, ["a", "b", "c", "d"])
            for id in all[1...3] { page.toggleSelection(of: id) }
            try harness.store.queue.write { db in
                try db.execute(sql: "UPDATE item SET title = 'A again', rank = (SELECT max(rank) + 1 FROM item) WHERE id = ?", arguments: [all[0]])
                try db.execute(sql: "DELETE FROM item WHERE id = ?", arguments: [all[2]])
            }
            try harness.document.absorb(changedItemIDs: [all[0], all[2]])
            harness.spin(0.1)
            XCTAssertEqual(harness.document.wholeItems.map(\.title), ["b", "d", "A again"])
            XCTAssertEqual(page.selection.ids, [all[1], all[3]], "b and d still selected, c gone with its item")
            page.actOnSelection(.delete)
            harness.spin(0.1)
            XCTAssertEqual(try harness.storedItems(), ["A again"])
            XCTAssertTrue(page.selection.isEmpty)
            XCTAssertNil(page.selectionBar, "the bar goes with the last selected item")
        }
    }
}
