@preconcurrency import CGtk
import FlickCore
import Foundation
import XCTest
@testable import FlickUI

/// An item waiting for its start date (issue 59) is drawn dimmed, without its heat colour, says
/// "Starts …" at its end and "not started, starts …" to a screen reader; quick entry reads a
/// start phrase as its own undo step and the notice says it.
final class StartDateRowTests: XCTestCase {
    private static func day(_ offset: Int) -> DueDate {
        DueDate.today().addingDays(offset)
    }

    @MainActor private static func hasClass(_ cssClass: String, in widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        if gtk_widget_has_css_class(widget, cssClass) != 0 { return true }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if hasClass(cssClass, in: current) { return true }
            child = gtk_widget_get_next_sibling(current)
        }
        return false
    }

    func testAWaitingRowIsDimmedAndSaysWhenItStarts() throws {
        try withWindow(["Paint the fence", "Buy stamps", "Started"]) { harness in
            let ids = harness.document.wholeItems.map { $0.id! }
            try harness.document.update(ids[0]) { $0.setStart(Self.day(3)) }
            try harness.document.update(ids[2]) { $0.setStart(Self.day(0)) }
            harness.spin(0.3)
            XCTAssertEqual(harness.document.wholeItems.map(\.title), ["Buy stamps", "Started", "Paint the fence"])
            let page = harness.window.itemsPage!
            let chip = DueChip.label(for: Self.day(3), now: Date()).text
            let waiting = page.content(ofRowAt: 2, drawnAt: 2, of: 3)
            XCTAssertEqual(waiting.doneClass, "not-started")
            XCTAssertNil(waiting.heatClass, "no heat colour: not to be done yet")
            XCTAssertEqual(waiting.detail, "Starts \(chip)")
            XCTAssertEqual(waiting.accessibleName, "Paint the fence, not completed, not started, starts \(chip)")
            let started = page.content(ofRowAt: 1, drawnAt: 1, of: 3)
            XCTAssertNil(started.doneClass, "a start that has come is no wait")
            XCTAssertNotNil(started.heatClass)
            XCTAssertEqual(started.accessibleName, "Started, not completed")
            let row = try XCTUnwrap(page.list.boundRows[ids[0]])
            XCTAssertTrue(Self.hasClass("not-started", in: row.root), "drawn dimmed")
            try harness.document.update(ids[0]) { $0.setDue(Self.day(5)) }
            let due = DueChip.label(for: Self.day(5), now: Date()).text
            XCTAssertEqual(page.content(ofRowAt: 2, drawnAt: 2, of: 3).detail, "Starts \(chip) · due \(due)")
        }
    }

    func testQuickEntryReadsAStartAndADueDateEachAnUndoStep() throws {
        try withWindow(["Existing"]) { harness in
            let page = try XCTUnwrap(harness.window.itemsPage)
            let id = try XCTUnwrap(page.addAtTop("Report from Monday by Friday"))
            harness.spin(0.2)
            let fields = try harness.document.fields(of: id)
            XCTAssertEqual(fields.title, "Report")
            let start = try XCTUnwrap(fields.start)
            let due = try XCTUnwrap(fields.due)
            XCTAssertLessThanOrEqual(start.dayNumber, due.dayNumber)
            let startChip = DueChip.label(for: start, now: Date()).text
            let dueChip = DueChip.label(for: due, now: Date()).text
            XCTAssertEqual(harness.window.notice.text, "Due \(dueChip), starts \(startChip)")
            var titles: [String] = []
            for _ in 0..<2 {
                page.undo()
                harness.spin(0.1)
                titles.append(try harness.document.fields(of: id).title)
            }
            XCTAssertEqual(titles, ["Report from Monday", "Report from Monday by Friday"])
            XCTAssertNil(try harness.document.fields(of: id).start)
            XCTAssertNil(try harness.document.fields(of: id).due)
        }
    }
}

/// A start read after a due date that is before it moves the due date, and the notice says
/// the due date as stored.
final class QuickEntryStartAfterDueTests: XCTestCase {
    func testTheNoticeSaysTheDueDateTheStartMoved() throws {
        try withWindow(["Existing"]) { harness in
            let page = try XCTUnwrap(harness.window.itemsPage)
            let id = try XCTUnwrap(page.addAtTop("Report from next week by tomorrow"))
            harness.spin(0.2)
            let fields = try harness.document.fields(of: id)
            let start = try XCTUnwrap(fields.start)
            XCTAssertEqual(fields.due, start, "due the day it starts, not before")
            let chip = DueChip.label(for: start, now: Date()).text
            XCTAssertEqual(harness.window.notice.text, "Due \(chip), starts \(chip)")
        }
    }
}

/// `flick --list` says when a waiting item starts, before its due date.
final class ListTextStartTests: XCTestCase {
    func testAWaitingItemsLineSaysWhenItStarts() {
        let now = Date()
        let today = DueDate.today()
        let items = [
            TodoItem(id: 1, listID: 1, title: "Paint", rank: 0, due: today.addingDays(9), startsOn: today.addingDays(3)),
            TodoItem(id: 2, listID: 1, title: "Started", rank: 1, startsOn: today),
        ]
        let start = DueChip.label(for: today.addingDays(3), now: now).text
        let due = DueChip.label(for: today.addingDays(9), now: now).text
        XCTAssertEqual(ListText.lines(items, now: now), "[ ] Paint  (starts \(start), due \(due))\n[ ] Started\n")
    }
}
