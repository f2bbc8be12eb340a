@preconcurrency import CGtk
import FlickCore
import GRDB
import XCTest
@testable import FlickUI

/// The store is the pages' one door (issue 75): what they show changes by the store's commits
/// alone, a page does not read back what it wrote, and another program's commit reaches every
/// page that shows what it changed.
final class StoreDoorTests: XCTestCase {
    /// Completing an item writes it and sinks it: two writes. After each, the store is read once
    /// (the rows' subtask progress, forgotten at every change); the page's own commit is not
    /// read back. It was: each write's items were read again whole (`ListDocument.absorb`).
    func testAnEditIsReadOnceAndItsOwnCommitIsNotReadBack() throws {
        try withWindow(["a", "b", "c"]) { harness in
            let log = try StoreStatementLog(harness.store)
            harness.select(0)
            harness.spin(0.5)
            log.clear()
            harness.activate("win.toggle-complete")
            harness.spin(1.5)  // The completed item sinks a moment later.
            let (reads, writes) = (log.reads, log.writes)
            XCTAssertEqual(try harness.storedItems(), ["b", "c", "✓ a"])
            XCTAssertEqual(writes.count, 2, "the completion and the sink: \(writes)")
            let afterTheToggle = reads.filter { !$0.hasPrefix("WITH RECURSIVE tree") }  // The toggle's own look at the subtree.
            XCTAssertEqual(afterTheToggle.count, writes.count, "one read per write: \(afterTheToggle)")
            XCTAssertFalse(reads.contains { $0.contains("json_each") }, "its own commit read back: \(reads)")
        }
    }

    /// A toggle decides on the item as stored: another writer's commit the main loop has not
    /// brought yet (a D-Bus Complete All just before) is taken in first, once, and read once. The
    /// toggle took pending commits in twice, itself and again in the runner before `prepare`;
    /// the second found nothing, so only the count of take-ins tells them apart.
    func testAToggleTakesInPendingCommitsOnce() throws {
        try withWindow(["a", "b"]) { harness in
            let id = try XCTUnwrap(harness.document.items.first?.id)
            harness.select(0)
            harness.spin(0.5)
            var takeIns = 0
            let runner = harness.window.runner
            let takeIn = runner.takeInPendingCommits
            runner.takeInPendingCommits = { takeIns += 1; takeIn?() }
            let log = try StoreStatementLog(harness.store)
            let other = try XCTUnwrap(harness.store.document(listID: harness.document.list.id))
            _ = try other.setCompleted(id, true)  // Committed; not yet brought by the main loop.
            log.clear()
            harness.activate("win.toggle-complete")
            XCTAssertEqual(takeIns, 1, "pending commits taken in once per toggle")
            let takenIn = log.reads.filter { $0.contains("json_each") }
            XCTAssertEqual(takenIn.count, 1, "the other writer's commit read once: \(log.reads)")
            XCTAssertEqual(try harness.storedItems(), ["a", "b"], "reopened: the item as stored was completed")
        }
    }

    /// A writer that changed nothing tells nothing, and no page reads: Today, which reads its
    /// query again at a writer's end, read it again after an import of a file Flick already had
    /// (the end was told whatever the writer did). A file that brings an item is read once.
    func testAWriterThatChangedNothingCausesNoRead() throws {
        try withWindow(["a"]) { harness in
            harness.window.go(to: .today)
            harness.spin(0.5)
            let file = [ImportedList(name: "Imported", items: [ImportedItem(uid: "u1", title: "b", sortOrder: 1, ical: nil)])]
            let log = try StoreStatementLog(harness.store)
            _ = try harness.store.importLists(file, into: .listsByName(fallbackName: "Imported"))
            log.clear()  // The import's own reads.
            harness.spin(0.5)
            XCTAssertFalse(log.reads.isEmpty, "a new item: Today reads its query again")
            _ = try harness.store.importLists(file, into: .listsByName(fallbackName: "Imported"))
            log.clear()
            harness.spin(0.5)
            XCTAssertEqual(log.reads, [], "the same file again changed nothing")
        }
    }

    /// The overview does not read back its own commits either. A rename on it is read once:
    /// the open list's page reads its list's name for its header; the overview read every list
    /// and every count again besides (six reads). Complete All reads the list's count and
    /// Today's (the overview's document holds neither the items nor their days); what the open
    /// list's page reads is that page taking in another document's write.
    func testAnOverviewEditIsNotReadBack() throws {
        try withWindow(["a", "b"]) { harness in
            let window = harness.window
            let listID = try XCTUnwrap(harness.document.list.id)
            window.go(to: .overview)
            harness.spin(0.5)
            let log = try StoreStatementLog(harness.store)
            log.clear()
            XCTAssertTrue(window.listsPage.renameList(listID, to: "Food"))
            harness.spin(0.5)
            XCTAssertEqual(log.writes.count, 1, "\(log.writes)")
            XCTAssertEqual(log.reads.count, 1, "the open list's name alone: \(log.reads)")
            XCTAssertEqual(window.listsPage.document.name(of: listID), "Food")
            XCTAssertEqual(window.itemsPage.title, "Food", "the open list heard the rename")

            log.clear()
            window.listsPage.completeAllItems(ofList: listID)
            harness.spin(0.5)
            let reads = log.reads
            XCTAssertEqual(log.writes.count, 1, "\(log.writes)")
            XCTAssertFalse(reads.contains { $0.contains("FROM \"list\"") }, "the lists read back: \(reads)")
            XCTAssertEqual(reads.filter { $0.contains("GROUP BY list_id") }.count, 1, "the counts read once: \(reads)")
            XCTAssertEqual(reads.filter { $0.contains("due_day <=") }.count, 1, "Today's count read once: \(reads)")
            XCTAssertEqual(window.listsPage.document.summaries.first { $0.list.id == listID }?.unfinished, 0)
            XCTAssertEqual(try harness.storedItems(), ["✓ a", "✓ b"])
        }
    }

    /// Another writer of this process (a sync, a reminder's Complete) is still read: only the
    /// document that wrote skips its commit.
    func testAnotherDocumentsWriteIsTakenIn() throws {
        try withWindow(["a", "b"]) { harness in
            let other = try XCTUnwrap(harness.store.document(listID: harness.document.list.id))
            try other.rename(try XCTUnwrap(other.items.first?.id), to: "a, renamed by another writer")
            harness.spin(0.5)
            XCTAssertEqual(harness.shownTitles().first, "a, renamed by another writer")
        }
    }

    /// Another program's commit reaches the page shown, whichever it is: the subtasks of an
    /// item, Upcoming, the overview's counts and names. The other program is another Flick: a
    /// store of its own on the same file, writing through its own documents.
    func testAnotherProgramsEditReachesSubtasksUpcomingAndTheOverview() throws {
        try withWindow(["Plan", "Book", "Pack"]) { harness in
            let window = harness.window
            let (plan, book, pack) = (harness.document.wholeItems[0].id!, harness.document.wholeItems[1].id!,
                                      harness.document.wholeItems[2].id!)
            let listID = try XCTUnwrap(harness.document.list.id)
            let other = try TodoStore(databaseURL: URL(fileURLWithPath: harness.store.queue.path))
            try other.queue.write { db in
                try db.execute(sql: "UPDATE item SET parent_uid = (SELECT uid FROM item WHERE id = ?) WHERE id = ?", arguments: [plan, book])
            }
            harness.spin(0.5)

            window.go(to: .subtasks(of: plan, titled: "Plan"))
            harness.spin(0.5)
            try XCTUnwrap(other.subtaskDocument(parentID: plan)).rename(book, to: "Book the train")
            XCTAssertEqual(try Self.shownTitles(of: window, within: harness), ["Book the train"], "the subtasks page")

            window.go(to: .upcoming)
            harness.spin(0.5)
            let tomorrow = DueDate.today().addingDays(1)
            try other.queue.write { db in
                try db.execute(sql: "UPDATE item SET due_day = ? WHERE id = ?", arguments: [tomorrow.dayNumber, pack])
            }
            XCTAssertTrue(try Self.shownTitles(of: window, within: harness).contains("Pack"), "Upcoming")

            window.go(to: .overview)
            harness.spin(0.5)
            let before = try XCTUnwrap(window.listsPage.document.summaries.first { $0.list.id == listID }).unfinished
            _ = try XCTUnwrap(other.document(listID: listID)).setCompleted(plan, true)
            try other.listsDocument().rename(listID, to: "Errands")
            harness.spin(1)
            let shown = window.listsPage.document.summaries.first { $0.list.id == listID }
            XCTAssertEqual(shown?.unfinished, before - 2, "the overview's count: Plan completed with its subtask")
            XCTAssertEqual(shown?.list.name, "Errands", "the overview's name")
            let row = try XCTUnwrap(window.listsPage.list.boundRows[listID])
            XCTAssertEqual(row.shownTitle, "Errands", "the overview's row")
            other.close()
        }
    }

    /// The titles the shown page's rows show, once the file monitor and the main loop brought
    /// another program's commit (up to 2 s).
    @MainActor private static func shownTitles(of window: MainWindow, within harness: WindowHarness) throws -> [String] {
        let page = try XCTUnwrap(window.pages.shown as? ItemsPage)
        harness.spin(1)
        return page.list.boundRows.values.filter { gtk_widget_get_mapped($0.root) != 0 }.map(\.shownTitle).sorted()
    }
}
