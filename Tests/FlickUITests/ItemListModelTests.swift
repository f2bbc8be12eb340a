@preconcurrency import CGtk
import FlickCore
import GestureShim
import XCTest
@testable import FlickUI

/// The list view's model follows a write's changes; a merged splice (a Clear Completed) keeps
/// the selection on the row it was on, found by its id, and a selected row the write removed
/// is left to GtkSingleSelection.
final class ItemListModelTests: XCTestCase {
    @MainActor private static func ids(_ model: ItemListModel) -> [Int64] {
        (0..<model.rowCount).map { flick_row_ids_get(model.ids, guint($0)) }
    }

    /// Every seventh row removed: more runs than are spliced apart, so one splice; or, with
    /// `held` rows, removed top down as a document does, three splices around them.
    @MainActor private static func clearEverySeventh(_ model: ItemListModel, rows: inout [Int64], held: ClosedRange<Int>? = nil) {
        let removed = stride(from: 0, to: rows.count, by: 7).reversed().map { $0 }
        var changes = removed.map { ListChange.removed(at: $0) }
        if held != nil { changes = removed.reversed().enumerated().map { ListChange.removed(at: $1 - $0) } }
        for index in removed { rows.remove(at: index) }
        let after = rows
        model.apply(changes, held: held) { after.indices.contains($0) ? after[$0] : nil }
    }

    func testAMergedSpliceKeepsTheSelectionOnItsRow() {
        MainActor.assumeIsolated { Self.mergedSpliceKeepsTheSelection() }
    }

    /// 700 rows (ids 1…700) with the row at `index` selected, then every seventh cleared; `check`
    /// sees the model and the rows left.
    @MainActor private static func clearEverySeventh(selecting index: Int, held: ClosedRange<Int>? = nil,
                                                     check: (ItemListModel, [Int64]) -> Void) {
        var rows = (1...700).map(Int64.init)
        let model = ItemListModel(ids: rows)
        defer { g_object_unref(UnsafeMutableRawPointer(model.selection)) }
        model.select(index)
        clearEverySeventh(model, rows: &rows, held: held)
        XCTAssertEqual(ids(model), rows)
        check(model, rows)
    }

    @MainActor private static func mergedSpliceKeepsTheSelection() {
        clearEverySeventh(selecting: 500) { model, rows in  // Id 501, which stays.
            XCTAssertEqual(model.selectedPosition, rows.firstIndex(of: 501), "the same row, moved up")
            XCTAssertEqual(model.selectedPosition.map { rows[$0] }, 501)
        }
    }

    func testSplicesAroundTheRowsWithWidgetsKeepTheSelectionOnItsRow() {
        MainActor.assumeIsolated {
            Self.clearEverySeventh(selecting: 500, held: 450...550) { model, rows in
                XCTAssertEqual(model.selectedPosition.map { rows[$0] }, 501)
            }
        }
    }

    /// What `ListDocument.absorb` tells when another writer moved an item down and added one
    /// above it in one commit: the model shows the level's rows, each once.
    func testAMoveDownAndAnInsertionAboveItShowTheRowsAfterTheWrite() {
        MainActor.assumeIsolated {
            let model = ItemListModel(ids: Array(1...10))
            defer { g_object_unref(UnsafeMutableRawPointer(model.selection)) }
            let after: [Int64] = [1, 3, 99, 4, 5, 6, 7, 2, 8, 9, 10]
            model.apply([.moved(from: 1, to: 6), .updated(at: 6), .inserted(at: 2)], held: 0...9) { after[$0] }
            XCTAssertEqual(Self.ids(model), after)
        }
    }

    func testASelectedRowTheWriteRemovedIsLeftToTheSelection() {
        MainActor.assumeIsolated { Self.selectedRowRemovedIsLeftToTheSelection() }
    }

    @MainActor private static func selectedRowRemovedIsLeftToTheSelection() {
        clearEverySeventh(selecting: 497) { model, rows in  // Id 498: 497 is a multiple of 7, so it goes.
            XCTAssertFalse(rows.contains(498))
            XCTAssertNotNil(model.selectedPosition, "GTK's single selection still selects a row")
        }
    }

    /// The rows GTK sees: what the list view reads, without putting in rows held back.
    @MainActor private static func shownIDs(_ model: ItemListModel) -> [Int64] {
        (0..<g_list_model_get_n_items(model.selection)).map { flick_row_ids_get(model.ids, $0) }
    }

    /// A long list's model shows its first screen; the rest comes in after it, in order, once.
    func testRowsPastTheFirstScreenComeInAfterIt() {
        MainActor.assumeIsolated {
            let model = ItemListModel(ids: Array(1...100), shownFirst: 20)
            defer { g_object_unref(UnsafeMutableRawPointer(model.selection)) }
            XCTAssertEqual(Self.shownIDs(model), Array(1...20))
            XCTAssertTrue(model.holdsRowsBack)
            XCTAssertEqual(model.rowPosition(ofItemAt: 50), 50, "a bind asks where a row is: nothing comes in")
            XCTAssertEqual(g_list_model_get_n_items(model.selection), 20)
            model.showMoreRows(5)
            XCTAssertEqual(Self.shownIDs(model), Array(1...25), "the next rows, in order")
            XCTAssertEqual(model.shownRowCount, 25)
            model.showEveryRow()
            XCTAssertFalse(model.holdsRowsBack)
            XCTAssertEqual(Self.shownIDs(model), Array(1...100))
            model.showEveryRow()
            XCTAssertEqual(Self.shownIDs(model), Array(1...100), "put in once")
        }
    }

    /// A sort reorders the rows in one splice, and the selected row stays selected wherever it
    /// went (issue 59): the focus goes with the item.
    func testAReorderKeepsTheSelectedRowSelected() {
        MainActor.assumeIsolated {
            let before: [Int64] = Array(1...200)
            let after: [Int64] = [1] + Array(2...199).reversed() + [200]
            let model = ItemListModel(ids: before)
            defer { g_object_unref(UnsafeMutableRawPointer(model.selection)) }
            model.select(9)  // Item 10.
            model.apply([.reordered(1..<199)], held: 0...30) { after[$0] }
            XCTAssertEqual(Self.shownIDs(model), after)
            XCTAssertEqual(model.selectedPosition, after.firstIndex(of: 10))
        }
    }

    /// A change, a selection or a placeholder before the rest came in finds every row: the
    /// positions they are given are the level's.
    func testAChangeBeforeTheRestCameInFindsEveryRow() {
        MainActor.assumeIsolated {
            let after: [Int64] = Array(1...100).filter { $0 != 60 } + [60]
            let model = ItemListModel(ids: Array(1...100), shownFirst: 20)
            defer { g_object_unref(UnsafeMutableRawPointer(model.selection)) }
            model.apply([.moved(from: 59, to: 99)], held: 0...19) { after[$0] }
            XCTAssertEqual(Self.shownIDs(model), after)

            let selecting = ItemListModel(ids: Array(1...100), shownFirst: 20)
            defer { g_object_unref(UnsafeMutableRawPointer(selecting.selection)) }
            selecting.select(80)
            XCTAssertEqual(Self.shownIDs(selecting), Array(1...100))
            XCTAssertEqual(selecting.selectedPosition, 80)

            let gap = ItemListModel(ids: Array(1...100), shownFirst: 20)
            defer { g_object_unref(UnsafeMutableRawPointer(gap.selection)) }
            gap.showPlaceholder(.gap, at: 90)
            XCTAssertEqual(g_list_model_get_n_items(gap.selection), 101)
            let row = g_list_model_get_item(gap.selection, 90)!
            defer { g_object_unref(row) }
            XCTAssertEqual(ItemListModel.placeholderKind(of: row), .gap)

            let short = ItemListModel(ids: Array(1...20), shownFirst: 20)
            defer { g_object_unref(UnsafeMutableRawPointer(short.selection)) }
            XCTAssertFalse(short.holdsRowsBack, "a list of one screen holds nothing back")
        }
    }
}
