@preconcurrency import CGtk
import XCTest
@testable import FlickUI

/// The list's record of which widget shows which item (`GestureList.boundRows`) stays true
/// through writes that make GTK rebind rows while their splices go in. A row bound then and
/// unbound before it was shown left its entry behind, so one widget stood for two items and a
/// later refresh drew the wrong title on it (the 10-minute soak, seed 1714725227: "Item 9795"
/// shown at the place of "Item 185").
final class BoundRowsTests: XCTestCase {
    private static let longList = (1...2000).map { "Item \($0)" }

    func testEveryBoundRowStandsForOneItemAndShowsItThroughMovesAndInsertsFarApart() throws {
        try withWindow(Self.longList) { harness in
            let list = try XCTUnwrap(harness.window.itemsPage.list)
            for round in 0..<4 {
                Self.scrollToEnd(harness)
                harness.select(list.level.rowCount - 1 - round * 7)
                harness.activate("win.move-up")
                harness.activate("win.move-down")
                harness.activate("win.move-up")
                harness.activate("win.new-item")
                try harness.typeIntoEditor("New \(round)")
                harness.spin(0.3)
                try Self.checkBoundRows(of: list, after: "round \(round)")
            }
        }
    }

    /// GTK 4.8 unbinds and binds again every row whose place changes, each with the item it
    /// had: a deletion near the top of a long list did that to the 200 or so rows GTK holds
    /// below it, and each drew its item again (its title, styles and name for screen readers).
    /// Now a row draws again only when what it shows changed (a heat colour now and then).
    func testADeletionRedrawsOnlyTheRowsWhoseContentChanged() throws {
        try withWindow(Self.longList) { harness in
            let list = try XCTUnwrap(harness.window.itemsPage.list)
            list.focus(nearIndex: 5)
            harness.spin(0.3)
            XCTAssertGreaterThan(list.boundRows.count, 100, "GTK 4.8 binds some 200 rows")
            let before = Dictionary(uniqueKeysWithValues: list.boundRows.values.map {
                (ObjectIdentifier($0), (id: $0.itemID, drawn: $0.timesDrawn))
            })
            harness.activate("win.delete")
            harness.spin(0.5)
            XCTAssertEqual(list.level.rowCount, Self.longList.count - 1, "the item was not deleted")
            let redrawn = list.boundRows.values.filter { row in
                guard let was = before[ObjectIdentifier(row)] else { return false }
                return row.itemID == was.id && row.timesDrawn > was.drawn
            }
            XCTAssertLessThanOrEqual(redrawn.count, 6, "rows drew again the item they already showed")
            try Self.checkBoundRows(of: list, after: "the deletion")
        }
    }

    /// GTK 4.8 unbinds and binds again, with its own item, each row whose place a splice
    /// changed: every one of the 200 or so rows below a deletion near their top. Those rows
    /// are left bound as they were (`flick_rebinds`); only rows that show another item are bound.
    func testADeletionBindsNoRowAgainToTheItemItShowed() throws {
        try withWindow(Self.longList) { harness in
            let list = try XCTUnwrap(harness.window.itemsPage.list)
            let boundBefore = try Self.deleteNearTheTop(of: list, in: harness) { list.timesRowsBound }
            XCTAssertLessThanOrEqual(list.timesRowsBound - boundBefore, 6, "rows were bound again to the items they showed")
            harness.activate("win.undo")
            harness.spin(0.5)
            XCTAssertEqual(list.level.rowCount, Self.longList.count, "the deletion was not undone")
            try Self.checkBoundRows(of: list, after: "the deletion and its undo")
        }
    }

    /// A deletion moves the heat colour of a few of the 200 or so rows below it: only the rows
    /// whose place among the open items changed their colour are made again, not every bound row.
    func testADeletionMakesAgainOnlyTheRowsItCanHaveChanged() throws {
        try withWindow(Self.longList) { harness in
            let list = try XCTUnwrap(harness.window.itemsPage.list)
            let madeBefore = try Self.deleteNearTheTop(of: list, in: harness) { list.timesContentMade }
            XCTAssertLessThanOrEqual(list.timesContentMade - madeBefore, 20, "rows the deletion left as they were were made again")
            try Self.checkBoundRowsShowTheirContent(of: list, after: "the deletion")
        }
    }

    /// On a short list every open row's heat colour moves with a deletion, an insertion, a
    /// completion and their undos, and a row renamed shows its title: each bound row shows what
    /// its item now needs, whole, after each write.
    func testEveryRowShowsWhatItsItemNeedsAfterEachWrite() throws {
        try withWindow((1...16).map { "Item \($0)" }) { harness in
            let list = try XCTUnwrap(harness.window.itemsPage.list)
            let steps: [(String, () throws -> Void)] = [
                ("a deletion", { harness.select(2); harness.activate("win.delete") }),
                ("its undo", { harness.activate("win.undo") }),
                ("a completion", { harness.select(1); harness.activate("win.toggle-complete") }),
                ("its undo", { harness.activate("win.undo") }),
                ("an insertion", { harness.select(3); harness.activate("win.insert-below"); try harness.typeIntoEditor("New") }),
                ("its undo", { harness.activate("win.undo") }),
                // Written to the document, not through the row's editor, which shows its row again itself.
                ("a rename", { try harness.window.document.rename(XCTUnwrap(list.level.rowID(at: 4)), to: "Renamed") }),
            ]
            for (name, step) in steps {
                try step()
                harness.spin(0.5)
                try Self.checkBoundRowsShowTheirContent(of: list, after: name)
            }
            XCTAssertNotNil(list.boundRows.values.first { $0.shownTitle == "Renamed" }, "the rename was not shown")
        }
    }

    /// Deletes an item near the top of the long list, with some 200 rows bound below it, and
    /// returns what `count` said before the deletion.
    @MainActor private static func deleteNearTheTop(of list: GestureList, in harness: WindowHarness,
                                                    counting count: () -> Int) throws -> Int {
        list.focus(nearIndex: 5)
        harness.spin(0.3)
        XCTAssertGreaterThan(list.boundRows.count, 100, "GTK 4.8 binds some 200 rows")
        let before = count()
        harness.activate("win.delete")
        harness.spin(0.5)
        XCTAssertEqual(list.level.rowCount, longList.count - 1, "the item was not deleted")
        return before
    }

    /// Each bound row shows the content the level makes for its item now, heat colour and all.
    @MainActor private static func checkBoundRowsShowTheirContent(of list: GestureList, after step: String) throws {
        XCTAssertFalse(list.boundRows.isEmpty, "\(step): no row is bound")
        for (id, row) in list.boundRows {
            let index = try XCTUnwrap(list.level.rowIndex(of: id), "\(step): a bound row's item is not in the list")
            let content = list.level.content(ofRowAt: index, drawnAt: index, of: list.level.rowCount)
            XCTAssertEqual(row.shownContent?.content, content, "\(step): the row of item \(id) shows what its item needed before")
        }
    }

    /// Each widget stands for one item, and shows that item's title.
    @MainActor private static func checkBoundRows(of list: GestureList, after step: String) throws {
        let widgets = Set(list.boundRows.values.map(ObjectIdentifier.init))
        XCTAssertEqual(widgets.count, list.boundRows.count, "\(step): one widget stands for several items")
        for (id, row) in list.boundRows {
            let index = try XCTUnwrap(list.level.rowIndex(of: id), "\(step): a bound row's item is not in the list")
            XCTAssertEqual(row.shownTitle, list.level.content(ofRowAt: index, drawnAt: index, of: list.level.rowCount).title,
                           "\(step): the row of item \(id) shows another title")
        }
    }

    @MainActor private static func scrollToEnd(_ harness: WindowHarness) {
        let adjustment = gtk_scrollable_get_vadjustment(OpaquePointer(harness.window.itemsPage.list.listView))!
        for _ in 0..<5 {  // The list's height is estimated until rows are measured.
            gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment))
            harness.spin(0.1)
        }
    }
}
