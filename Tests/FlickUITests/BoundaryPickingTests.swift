@preconcurrency import CGtk
import XCTest
@testable import FlickUI

/// Where a pinch or a Ctrl+scroll at a given height opens its gap. Under Wayland a touchpad
/// pinch's position arrives as a fraction (113.99999 for 114), which can fall on the 1 px rule
/// between two rows: that must be the boundary there, not the end of the list (issue 27).
final class BoundaryPickingTests: XCTestCase {
    func testAHeightOnTheRuleBetweenTwoRowsIsThatBoundary() throws {
        try withWindow(["a", "b", "c", "d", "e"]) { harness in
            let list = try XCTUnwrap(harness.window.itemsPage.list)
            let tops = try Self.rowTops(harness)
            for index in 1..<tops.count {
                XCTAssertEqual(list.boundary(nearY: tops[index] - 0.00001), index,
                               "just above row \(index)'s top, on the rule")
                XCTAssertEqual(list.boundary(nearY: tops[index] - 0.5), index)
            }
        }
    }

    func testEveryHeightOverTheRowsPicksABoundaryBesideIt() throws {
        try withWindow(["a", "b", "c", "d", "e"]) { harness in
            let list = try XCTUnwrap(harness.window.itemsPage.list)
            let tops = try Self.rowTops(harness)
            let pitch = tops[1] - tops[0]
            var previous = 0
            for step in 0..<Int(tops.last! + pitch) * 4 {
                let y = Double(step) / 4
                let boundary = list.boundary(nearY: y)
                XCTAssertGreaterThanOrEqual(boundary, previous, "lower on the list, never an earlier boundary (y \(y))")
                XCTAssertLessThanOrEqual(abs(Double(boundary) * pitch - y), pitch / 2 + 1,
                                         "the boundary nearest y \(y), not \(boundary)")
                previous = boundary
            }
        }
    }

    /// The top of each row shown, in list view coordinates, first row first.
    @MainActor
    private static func rowTops(_ harness: WindowHarness) throws -> [Double] {
        let list = try XCTUnwrap(harness.window.itemsPage.list)
        let tops = list.boundRows.values.compactMap { row -> Double? in
            var bounds = graphene_rect_t()
            guard gtk_widget_compute_bounds(row.root, list.listView, &bounds) != 0 else { return nil }
            return Double(bounds.origin.y)
        }.sorted()
        XCTAssertEqual(tops.count, 5, "every row laid out")
        return tops
    }
}
