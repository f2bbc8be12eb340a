import GestureShim
import XCTest
@testable import FlickUI

/// The list views' model (issue 28: ids as integers, not strings parsed on each bind): splices,
/// one object per row kept while the row is, and the placeholders' ids kept apart from stored ones.
final class RowIdsTests: XCTestCase {
    func testSplicesKeepTheIdsInOrderAndSayWhatChanged() {
        let ids = flick_row_ids_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(ids)) }
        splice(ids, at: 0, removing: 0, [10, 20, 30, 40])
        splice(ids, at: 1, removing: 2, [25])
        XCTAssertEqual(all(ids), [10, 25, 40])
        splice(ids, at: 3, removing: 0, [50, 60])
        XCTAssertEqual(all(ids), [10, 25, 40, 50, 60])
        XCTAssertEqual(g_list_model_get_item_type(ids), flick_row_id_get_type())
        XCTAssertNil(g_list_model_get_item(ids, 5), "nothing past the end")
    }

    func testARowKeepsItsObjectUntilItIsRemoved() {
        let ids = flick_row_ids_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(ids)) }
        splice(ids, at: 0, removing: 0, [1, 2, 3])
        let first = g_list_model_get_item(ids, 2)!
        let again = g_list_model_get_item(ids, 2)!
        XCTAssertEqual(first, again, "GTK finds the same object for the same row")
        XCTAssertEqual(flick_row_ids_id_of(first), 3)
        splice(ids, at: 0, removing: 1, [])
        XCTAssertEqual(g_list_model_get_item(ids, 1).map { flick_row_ids_id_of($0) }, 3, "it moves with its row")
        g_object_unref(first)
        g_object_unref(again)
    }

    /// An object nobody holds leaves the model's live objects from its own finalize (no weak
    /// reference), so the row gets a new one when asked again; one GTK still holds when the model
    /// goes outlives it without touching it.
    func testADroppedObjectIsForgottenAndAHeldOneMayOutliveTheModel() {
        let ids = flick_row_ids_new()!
        splice(ids, at: 0, removing: 0, [1, 2])
        let dropped = g_list_model_get_item(ids, 0)!
        // GLib clears this slot when the object is finalized.
        let slot = UnsafeMutablePointer<gpointer?>.allocate(capacity: 1)
        defer { slot.deallocate() }
        slot.pointee = dropped
        g_object_add_weak_pointer(dropped.assumingMemoryBound(to: GObject.self), slot)
        g_object_unref(dropped)
        XCTAssertNil(slot.pointee, "nobody held it: it is gone")
        let made = g_list_model_get_item(ids, 0)!
        XCTAssertEqual(flick_row_ids_id_of(made), 1, "made again for its row")
        let twice = g_list_model_get_item(ids, 0)!
        XCTAssertEqual(made, twice, "and found while held")
        g_object_unref(twice)
        g_object_unref(UnsafeMutableRawPointer(ids))  // The model goes first.
        XCTAssertEqual(flick_row_ids_id_of(made), 1, "the object is still whole")
        g_object_unref(made)  // Its finalize finds no model to leave.
    }

    func testPlaceholderRowsAreNoStoredId() {
        XCTAssertNil(PlaceholderRow(rawValue: TodayRow.id), "Today's row is a row, not a placeholder")
        for kind in [PlaceholderRow.gap, .newItem] {
            let ids = flick_row_ids_new()!
            splice(ids, at: 0, removing: 0, [kind.rawValue, 7])
            let placeholder = g_list_model_get_item(ids, 0)!, item = g_list_model_get_item(ids, 1)!
            XCTAssertEqual(ItemListModel.placeholderKind(of: placeholder), kind)
            XCTAssertNil(ItemListModel.id(of: placeholder))
            XCTAssertEqual(ItemListModel.id(of: item), 7)
            g_object_unref(placeholder)
            g_object_unref(item)
            g_object_unref(UnsafeMutableRawPointer(ids))
        }
    }

    private func splice(_ ids: OpaquePointer, at position: UInt32, removing count: UInt32, _ added: [Int64]) {
        let before = g_list_model_get_n_items(ids)
        added.withUnsafeBufferPointer { flick_row_ids_splice(ids, position, count, $0.baseAddress, UInt32($0.count)) }
        XCTAssertEqual(g_list_model_get_n_items(ids), before - count + UInt32(added.count))
    }

    private func all(_ ids: OpaquePointer) -> [Int64] {
        (0..<g_list_model_get_n_items(ids)).map { flick_row_ids_get(ids, $0) }
    }
}
