@preconcurrency import CGtk
import FlickCore
import XCTest
@testable import FlickUI

/// A lifted selected row carries the selection (issue 60): the other selected rows leave the
/// list view while it is lifted, the drop puts all of them in their order where it was let go
/// as one undoable step with a notice naming the count, a cancel puts every row back, a row
/// outside the selection moves alone, and carried up to a list, the whole selection goes there.
final class CarriedSelectionPageTests: XCTestCase {
    @MainActor private static func ids(_ harness: WindowHarness, _ titles: [String]) -> [Int64] {
        titles.compactMap { title in harness.document.wholeItems.first { $0.title == title }?.id }
    }

    /// Holds row `id` as a long press does, through the list's inputs: a row drag pressed at the
    /// row's middle, then the long press there.
    @MainActor private static func lift(_ id: Int64, on list: GestureList) -> (x: Double, y: Double)? {
        let row = list.rectangle(ofRowOf: id)
        let point = (x: Double(row.x + row.width / 2), y: Double(row.y + row.height / 2))
        list.inputs.rowDragBegan(atX: point.x, y: point.y, time: 1)
        list.inputs.longPressed(atX: point.x, y: point.y)
        return list.liftView.isLifted && list.hands.rowDragCarriesLift ? point : nil
    }

    func testTheLevelCarriesTheOtherOpenSelectedRowsOnlyWithASelectedRow() throws {
        try withWindow(["a", "b", "c", "d", "e"]) { harness in
            let page = harness.window.itemsPage!
            let all = Self.ids(harness, ["a", "b", "c", "d", "e"])
            _ = try harness.document.setCompleted(all[4], true)
            for id in [all[3], all[1], all[4]] { page.toggleSelection(of: id) }
            XCTAssertEqual(page.carriedAlong(with: all[3]), [all[1]], "in order; e is completed and stays")
            XCTAssertEqual(page.carriedAlong(with: all[0]), [], "a row outside the selection moves alone")
        }
    }

    func testADropMovesThemAllInOrderAsOneStepAndACancelPutsThemBack() throws {
        try withWindow(["a", "b", "c", "d", "e", "f"]) { harness in
            let page = harness.window.itemsPage!
            let list = page.list!
            let all = Self.ids(harness, ["a", "b", "c", "d", "e", "f"])
            for id in [all[0], all[2], all[4]] { page.toggleSelection(of: id) }
            harness.spin(0.1)

            _ = try XCTUnwrap(Self.lift(all[2], on: list))
            XCTAssertEqual(list.model.rowCount, 4, "a and e left the list view")
            list.driver.handle(.liftCancelled)  // Escape.
            harness.spin(0.1)
            XCTAssertEqual(list.model.rowCount, 6, "put back")
            XCTAssertEqual(harness.shownTitles(), ["a", "b", "c", "d", "e", "f"], "each in its place")
            XCTAssertEqual(try harness.storedItems(), ["a", "b", "c", "d", "e", "f"])

            _ = try XCTUnwrap(Self.lift(all[2], on: list))
            let pitch = Double(list.rectangle(ofRowOf: all[1]).height)
            // Down past two rows of the list without a and e (b, c, d, f): c's slot goes below d.
            list.inputs.rowDragged(dx: 0, dy: 1.6 * pitch, time: 2)
            list.inputs.rowDragEnded(time: 2.1)
            harness.spin(0.1)
            XCTAssertEqual(try harness.storedItems(), ["b", "d", "a", "c", "e", "f"])
            XCTAssertEqual(harness.window.notice.text, "Moved 3 items")
            XCTAssertEqual(list.model.rowCount, 6)
            harness.activate("win.undo")
            XCTAssertEqual(try harness.storedItems(), ["a", "b", "c", "d", "e", "f"], "one undo puts each back")
        }
    }

    /// The keyboard's carry: Alt+Down and Alt+Up on a selected row move the selected rows
    /// together, gathered at it, a place at a time, each one undoable step; Alt+Home takes them
    /// to the top; at the end already, nothing moves and nothing is said.
    func testAltUpAndDownCarryTheSelectionAPlaceAtATime() throws {
        try withWindow(["a", "b", "c", "d", "e", "f"]) { harness in
            let page = harness.window.itemsPage!
            let all = Self.ids(harness, ["a", "b", "c", "d", "e", "f"])
            for id in [all[1], all[3]] { page.toggleSelection(of: id) }
            page.focus(all[3])
            harness.spin(0.1)

            harness.activate("win.move-down")
            XCTAssertEqual(try harness.storedItems(), ["a", "c", "e", "b", "d", "f"], "gathered at d, a place down")
            XCTAssertEqual(harness.window.notice.text, "Moved 2 items")
            harness.activate("win.move-up")
            XCTAssertEqual(try harness.storedItems(), ["a", "c", "b", "d", "e", "f"])
            harness.activate("win.move-to-top")
            XCTAssertEqual(try harness.storedItems(), ["b", "d", "a", "c", "e", "f"])
            harness.window.notice.hide()
            harness.activate("win.move-up")
            XCTAssertEqual(try harness.storedItems(), ["b", "d", "a", "c", "e", "f"], "at the top already")
            XCTAssertFalse(harness.window.notice.isShown, "nothing said")
            harness.activate("win.undo")
            XCTAssertEqual(try harness.storedItems(), ["a", "c", "b", "d", "e", "f"], "one undo, one carry")
            XCTAssertEqual(page.selection.count, 2, "still selected")
        }
    }

    /// The centre of `widget` in its window.
    @MainActor private static func centre(of widget: UnsafeMutablePointer<GtkWidget>, in rect: GdkRectangle? = nil) -> (x: Double, y: Double)? {
        guard let root = gtk_widget_get_root(widget).map({ UnsafeMutablePointer<GtkWidget>($0) }) else { return nil }
        let rect = rect ?? GdkRectangle(x: 0, y: 0, width: gtk_widget_get_width(widget), height: gtk_widget_get_height(widget))
        var from = graphene_point_t(x: Float(rect.x) + Float(rect.width) / 2, y: Float(rect.y) + Float(rect.height) / 2)
        var to = graphene_point_t()
        guard gtk_widget_compute_point(widget, root, &from, &to) != 0 else { return nil }
        return (Double(to.x), Double(to.y))
    }

    func testHeldAtTheBackButtonAndDroppedOnAListTheWholeSelectionGoesThere() throws {
        try withWindow(["a", "b", "c"]) { harness in
            let window = harness.window
            let page = window.itemsPage!
            let list = page.list!
            let other = try XCTUnwrap(window.listsPage.createList(named: "Other", at: 0))
            let all = Self.ids(harness, ["a", "b", "c"])
            for id in [all[0], all[2]] { page.toggleSelection(of: id) }
            harness.spin(0.1)
            _ = try XCTUnwrap(Self.lift(all[2], on: list))
            let button = try XCTUnwrap(window.pages.carryButton.flatMap { Self.centre(of: $0) })
            list.inputs.windowPointerMoved(toX: button.x, y: button.y, time: 2)
            harness.spin(1.0)  // The hold at the button (carryHoldS) carries it up.
            XCTAssertEqual(window.pages.shown.destination, .overview)
            let lists = window.listsPage.list
            let onOther = try XCTUnwrap(Self.centre(of: lists.listView, in: lists.rectangle(ofRowOf: other)))
            list.inputs.windowPointerMoved(toX: onOther.x, y: onOther.y, time: 3)
            list.inputs.windowPointerReleased()
            harness.spin(0.2)
            XCTAssertEqual(harness.document.wholeItems.map(\.title), ["b"])
            let moved = try harness.store.queue.read { db in
                try String.fetchAll(db, sql: "SELECT title FROM item WHERE list_id = ? ORDER BY rank", arguments: [other])
            }
            XCTAssertEqual(moved, ["a", "c"], "both, in their order")
            XCTAssertEqual(harness.window.notice.text, "Moved 2 items to Other")
        }
    }

    func testARowOutsideTheSelectionGoesToAnotherListAlone() throws {
        try withWindow(["a", "b", "c"]) { harness in
            let page = harness.window.itemsPage!
            let other = try harness.store.createList(name: "Other", titles: [])
            let all = Self.ids(harness, ["a", "b", "c"])
            for id in [all[0], all[2]] { page.toggleSelection(of: id) }
            page.move(all[1], to: other)  // What the overview does with a carried row dropped on a list.
            harness.spin(0.1)
            XCTAssertEqual(harness.document.wholeItems.map(\.title), ["a", "c"], "b, not selected, went alone")
        }
    }

    /// Scrolled down, the list scrolls up by the rows that leave from above the held one: the
    /// row stays under the hand, and the drop lands where the copy was shown.
    func testScrolledTheHeldRowStaysUnderTheHandWhileTheRowsAboveLeave() throws {
        let titles = (0..<40).map { "item \($0)" }
        try withWindow(titles) { harness in
            let page = harness.window.itemsPage!
            let list = page.list!
            let all = Self.ids(harness, titles)
            list.scrollTo(rowPosition: 30)
            harness.spin(0.3)
            XCTAssertGreaterThan(list.scrollPosition, 0, "scrolled")
            let held = all[24]
            for id in [all[1], all[3], held] { page.toggleSelection(of: id) }
            harness.spin(0.1)
            let before = list.rectangle(ofRowOf: held)
            _ = try XCTUnwrap(Self.lift(held, on: list))
            harness.spin(0.3)
            // Within the rows' separators (the lift's pitch is a row's slot, a pixel short of
            // the rows' spacing): two rows left from above, the slot is two pixels off at most.
            XCTAssertEqual(Double(list.rectangle(ofRowOf: held).y), Double(before.y), accuracy: 3,
                           "the lifted row's slot stayed where the hand holds it")
            list.inputs.rowDragged(dx: 0, dy: 12, time: 2)  // Past holdStillPx: a drag.
            list.inputs.rowDragged(dx: 0, dy: 0, time: 3)
            list.inputs.rowDragEnded(time: 3.1)
            harness.spin(0.2)
            let expected = titles.enumerated().filter { ![1, 3, 24].contains($0.offset) }.map(\.element)
            XCTAssertEqual(harness.document.wholeItems.map(\.title),
                           Array(expected[..<22]) + ["item 1", "item 3", "item 24"] + Array(expected[22...]),
                           "gathered where the held row was shown")
        }
    }
}
