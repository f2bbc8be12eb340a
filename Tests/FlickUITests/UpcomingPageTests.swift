@preconcurrency import CGtk
import FlickCore
import GRDB
import XCTest
@testable import FlickUI

/// The Upcoming view's page (issue 59): its rows are the agenda's; headings and later
/// occurrences neither slide nor lift; a row dropped under another day's heading is due that
/// day, one undoable step with a notice; a later occurrence is not completed; the view is read
/// again after a sync.
final class UpcomingPageTests: XCTestCase {
    /// "Paint" due tomorrow at 18:00, "Water" weekly from today; then Upcoming opened.
    @MainActor private static func openUpcoming(_ harness: WindowHarness) throws -> (page: ItemsPage, paint: Int64, water: Int64) {
        let (paint, water) = (harness.document.wholeItems[0].id!, harness.document.wholeItems[1].id!)
        let today = DueDate.today()
        try harness.document.update(paint) { $0.due = DueDate(year: today.addingDays(1).year, month: today.addingDays(1).month,
                                                               day: today.addingDays(1).day, hour: 18, minute: 0, timeZone: "UTC") }
        try harness.document.update(water) {
            $0.due = today
            $0.repeatRule = RepeatRule(frequency: .weekly)
        }
        harness.window.go(to: .upcoming)
        harness.spin(0.5)
        let page = try XCTUnwrap(harness.window.pages.shown as? ItemsPage)
        return (page, paint, water)
    }

    /// The sizes of the fonts `widget` draws its text in, read from its render nodes.
    @MainActor private static func fontSizes(drawnBy widget: UnsafeMutablePointer<GtkWidget>) -> [Int32] {
        let paintable = gtk_widget_paintable_new(widget)!
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = gtk_snapshot_new()!
        gdk_paintable_snapshot(paintable, snapshot, Double(gtk_widget_get_width(widget)), Double(gtk_widget_get_height(widget)))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return [] }
        defer { gsk_render_node_unref(node) }
        var sizes: [Int32] = []
        collectFontSizes(node, into: &sizes)
        return sizes
    }

    @MainActor private static func collectFontSizes(_ node: OpaquePointer, into sizes: inout [Int32]) {
        switch gsk_render_node_get_node_type(node) {
        case GSK_TEXT_NODE:
            let description = pango_font_describe(gsk_text_node_get_font(node))
            sizes.append(pango_font_description_get_size(description))
            pango_font_description_free(description)
        case GSK_CONTAINER_NODE:
            for index in 0..<gsk_container_node_get_n_children(node) { collectFontSizes(gsk_container_node_get_child(node, index), into: &sizes) }
        case GSK_TRANSFORM_NODE: collectFontSizes(gsk_transform_node_get_child(node), into: &sizes)
        case GSK_OPACITY_NODE: collectFontSizes(gsk_opacity_node_get_child(node), into: &sizes)
        case GSK_CLIP_NODE: collectFontSizes(gsk_clip_node_get_child(node), into: &sizes)
        case GSK_ROUNDED_CLIP_NODE: collectFontSizes(gsk_rounded_clip_node_get_child(node), into: &sizes)
        case GSK_COLOR_MATRIX_NODE: collectFontSizes(gsk_color_matrix_node_get_child(node), into: &sizes)
        case GSK_SHADOW_NODE: collectFontSizes(gsk_shadow_node_get_child(node), into: &sizes)
        case GSK_DEBUG_NODE: collectFontSizes(gsk_debug_node_get_child(node), into: &sizes)
        default: break
        }
    }

    /// A list's rows, let go for Upcoming's, are taken again for its headings
    /// (`GestureList.spareRows`): a heading must be drawn in its own smaller font, not in the
    /// item title's it showed before (GTK 4.8's inscription kept that one, its descenders cut).
    func testAHeadingInARowAListHadIsDrawnInTheHeadingsFont() throws {
        try withWindow(["Paint", "Water", "Undated"]) { harness in
            let listPage = try XCTUnwrap(harness.window.pages.shown as? ItemsPage)
            let itemRow = try XCTUnwrap(listPage.list.boundRows[harness.document.wholeItems[0].id!])
            let itemSize = try XCTUnwrap(Self.fontSizes(drawnBy: itemRow.root).max())
            let (page, _, _) = try Self.openUpcoming(harness)
            // The headings on screen: a row scrolled out of sight is not drawn.
            let headings = (0..<UpcomingAgenda.dayCount).compactMap { page.list.boundRows[UpcomingRow.dayHeading(offset: $0).id] }
                .filter { gtk_widget_get_mapped($0.root) != 0 && gtk_widget_get_child_visible(gtk_widget_get_parent($0.root)) != 0 }
            XCTAssertGreaterThan(headings.count, 3)
            for heading in headings {
                let sizes = Self.fontSizes(drawnBy: heading.root)
                XCTAssertFalse(sizes.isEmpty, "the heading draws its day")
                XCTAssertLessThan(sizes.min() ?? .max, itemSize, "\(heading.shownTitle): 0.9 em against an item's 1.1 em (a count beside it has 1.1 em)")
            }
        }
    }

    /// Upcoming opened again from the lists is shown in the rows its last opening made, read
    /// again: a fresh page each time made GTK make the list view and a screen of new rows at
    /// every opening (`make bench`'s Upcoming, 6.9 to 9.5 ms a frame). The rows show what was
    /// written meanwhile, its headings in their own font, and the first row is focused.
    func testUpcomingOpenedAgainMakesNoNewRowsAndShowsWhatWasWrittenMeanwhile() throws {
        try withWindow(["Paint", "Water", "Undated"]) { harness in
            let (first, paint, water) = try Self.openUpcoming(harness)
            // Held, so that a row freed meanwhile cannot come back at its address as a new one.
            let madeBefore = Array(first.list.boundRows.values)
            XCTAssertGreaterThan(madeBefore.count, 3)
            let itemSize = try XCTUnwrap(Self.fontSizes(drawnBy: try XCTUnwrap(first.list.boundRows[paint]).root).max())

            // Left scrolled to its end: opened again, it shows its first days, as a new page did.
            let scroll = try XCTUnwrap(gtk_scrollable_get_vadjustment(OpaquePointer(first.list.listView)))
            gtk_adjustment_set_value(scroll, gtk_adjustment_get_upper(scroll))
            harness.spin(0.2)
            XCTAssertGreaterThan(gtk_adjustment_get_value(scroll), 0, "scrolled down")
            harness.window.go(to: .overview)
            harness.spin(0.3)
            try harness.store.queue.write { db in
                try db.execute(sql: "UPDATE item SET title = 'Paint the fence' WHERE id = ?", arguments: [paint])
            }
            harness.window.go(to: .upcoming)
            harness.spin(0.5)

            let again = try XCTUnwrap(harness.window.pages.shown as? ItemsPage)
            XCTAssertEqual(again.destination, .upcoming)
            let rows = Array(again.list.boundRows.values)
            XCTAssertEqual(rows.count, madeBefore.count, "the same rows are shown")
            let new = rows.filter { row in !madeBefore.contains { $0 === row } }
            XCTAssertEqual(new.count, 0, "rows made again: \(new.map(\.shownTitle))")
            XCTAssertEqual(again.list.boundRows[paint]?.shownTitle, "Paint the fence", "what was written meanwhile")
            XCTAssertEqual(again.list.focusedID, UpcomingRow.dayHeading(offset: 0).id, "the first row is focused")
            let scrolled = try XCTUnwrap(gtk_scrollable_get_vadjustment(OpaquePointer(again.list.listView)))
            XCTAssertEqual(gtk_adjustment_get_value(scrolled), 0, "shown from its top")
            XCTAssertNotNil(again.list.boundRows[water])
            let headings = (0..<UpcomingAgenda.dayCount).compactMap { again.list.boundRows[UpcomingRow.dayHeading(offset: $0).id] }
                .filter { gtk_widget_get_mapped($0.root) != 0 && gtk_widget_get_child_visible(gtk_widget_get_parent($0.root)) != 0 }
            XCTAssertGreaterThan(headings.count, 3)
            for heading in headings {
                XCTAssertLessThan(Self.fontSizes(drawnBy: heading.root).min() ?? .max, itemSize, "\(heading.shownTitle) in a heading's font")
            }
        }
    }

    func testItsRowsAreHeadingsItemsAndOccurrencesThatDoWhatTheyAre() throws {
        try withWindow(["Paint", "Water", "Undated"]) { harness in
            let (page, paint, water) = try Self.openUpcoming(harness)
            XCTAssertEqual(page.destination, .upcoming)
            XCTAssertEqual(page.title, "Upcoming")
            let rows = page.rowIDs.compactMap(UpcomingRow.init(id:))
            XCTAssertEqual(Array(rows.prefix(5)), [.dayHeading(offset: 0), .item(id: water), .dayHeading(offset: 1),
                                                   .item(id: paint), .dayHeading(offset: 2)])
            XCTAssertTrue(rows.contains(.occurrence(itemID: water, offset: 7)))
            let tomorrow = UpcomingRow.dayHeading(offset: 1).id
            XCTAssertEqual(page.content(ofRowAt: page.rowIndex(of: tomorrow)!, drawnAt: 2, of: rows.count).accessibleName,
                           "Tomorrow, heading, 1 item")
            let later = UpcomingRow.occurrence(itemID: water, offset: 7).id
            XCTAssertTrue(page.content(ofRowAt: page.rowIndex(of: later)!, drawnAt: 0, of: rows.count).accessibleName
                .hasPrefix("Repeat of Water, not completed"))
            XCTAssertEqual([tomorrow, later, paint].map(page.canSlide), [false, false, true])
            XCTAssertEqual([tomorrow, later, paint].map(page.canLift), [false, false, true])
            XCTAssertEqual([tomorrow, later, paint].map(page.canPostpone), [false, false, true])

            page.showDetails(later)
            harness.spin(0.2)
            XCTAssertNotNil(page.details, "a later occurrence shows its item's details")
            page.details?.close()
            harness.spin(0.2)

            page.swipedRight(later)
            XCTAssertEqual(harness.window.notice.text, "“Water” repeats: complete its next occurrence first")
            XCTAssertEqual(try harness.store.queue.read { db in try Int.fetchOne(db, sql: "SELECT completed FROM item WHERE id = ?",
                                                                                  arguments: [water]) }, 0)
        }
    }

    /// Under a day's heading a row's chip leaves the day out (the heading names it) and keeps
    /// the time; an overdue row, under Overdue, keeps its day; the spoken name keeps both.
    func testARowUnderADaysHeadingShowsTheTimeWithoutTheDay() throws {
        try withWindow(["Paint", "Water", "Late"]) { harness in
            let late = harness.document.wholeItems[2].id!
            try harness.document.update(late) { $0.due = DueDate.today().addingDays(-1) }
            let (page, paint, water) = try Self.openUpcoming(harness)
            let detail = { (id: Int64) in page.content(ofRowAt: page.rowIndex(of: id)!, drawnAt: 0, of: page.rowCount).detail ?? "" }
            let time = try XCTUnwrap(DueChip.timeText(for: try XCTUnwrap(harness.document.item(paint)?.due)))
            XCTAssertTrue(detail(paint).hasSuffix(time), detail(paint))
            XCTAssertFalse(detail(paint).contains("Tomorrow"), detail(paint))
            XCTAssertFalse(detail(water).contains("Today"), detail(water))
            XCTAssertTrue(detail(late).contains("Yesterday"), detail(late))
            let spoken = page.content(ofRowAt: page.rowIndex(of: paint)!, drawnAt: 0, of: page.rowCount).accessibleName
            XCTAssertTrue(spoken.contains("Tomorrow"), spoken)
        }
    }

    func testADropUnderAnotherDaysHeadingMovesTheItemThereOneUndoableStep() throws {
        try withWindow(["Paint", "Water"]) { harness in
            let (page, paint, _) = try Self.openUpcoming(harness)
            let dayAfter = DueDate.today().addingDays(3)
            let under = page.rowIndex(of: UpcomingRow.dayHeading(offset: 3).id)!
            // The drop's index counts the rows without the one moved, which is above.
            page.moveRow(paint, to: under)
            harness.spin(0.2)
            let due = { try harness.store.queue.read { db in
                try Row.fetchOne(db, sql: "SELECT due_day, due_minute FROM item WHERE id = ?", arguments: [paint]) } }
            XCTAssertEqual(try due()?[0] as Int32?, dayAfter.dayNumber)
            XCTAssertEqual(try due()?[1] as Int?, 18 * 60, "the time kept")
            XCTAssertEqual(page.rowIndex(of: paint), page.rowIndex(of: UpcomingRow.dayHeading(offset: 3).id)! + 1)
            XCTAssertTrue(harness.window.notice.text.hasPrefix("Moved to "))

            page.moveRow(paint, to: page.rowIndex(of: paint)!)  // Dropped where it was: nothing.
            harness.window.undo(redo: false)
            harness.spin(0.2)
            XCTAssertEqual(try due()?[0] as Int32?, DueDate.today().addingDays(1).dayNumber, "one undo takes it back")
        }
    }

    func testASyncThatChangedItemsIsShownThere() throws {
        try withWindow(["Paint", "Water", "Undated"]) { harness in
            let (page, _, _) = try Self.openUpcoming(harness)
            let undated = harness.document.wholeItems[2].id!
            try harness.store.queue.write { db in
                try db.execute(sql: "UPDATE item SET due_day = ? WHERE id = ?", arguments: [DueDate.today().addingDays(5).dayNumber, undated])
            }
            harness.store.writerFinished()  // What a sync tells at its end.
            harness.spin(0.2)
            let shown = try XCTUnwrap(harness.window.pages.shown as? ItemsPage)
            XCTAssertEqual(shown.rowIndex(of: undated), shown.rowIndex(of: UpcomingRow.dayHeading(offset: 5).id)! + 1)
            _ = page
        }
    }

    func testANewItemTypedThereIsDueTodayUnderTodaysHeading() throws {
        try withWindow(["Paint", "Water"]) { harness in
            let (page, _, _) = try Self.openUpcoming(harness)
            page.startNewRow()
            harness.spin(0.2)
            try harness.typeIntoEditor("Buy flowers")
            harness.spin(0.3)
            let id = try XCTUnwrap(try harness.store.queue.read { db in
                try Int64.fetchOne(db, sql: "SELECT id FROM item WHERE title = 'Buy flowers' AND due_day = ?",
                                   arguments: [DueDate.today().dayNumber]) }, "stored, due today")
            XCTAssertEqual(page.rowIndex(of: id), page.rowIndex(of: UpcomingRow.dayHeading(offset: 0).id).map { $0 + 1 },
                           "under Today's heading")
            XCTAssertEqual(page.list.model.rowCount, page.rowCount, "no row left over in the list view")
        }
    }
}
