import GRDB
import XCTest
@testable import FlickCore

/// Acting on many items at once (issue 60): each action one transaction and one undoable step
/// for the whole selection, whose undo puts every item back as it was, in its place.
final class BulkActionTests: XCTestCase {
    private func ids(_ titles: [String], _ document: ListDocument) throws -> [Int64] {
        try titles.map { title in try XCTUnwrap(document.wholeItems.first { $0.title == title }?.id, "no item \(title)") }
    }

    private func titles(_ document: ListDocument) -> [String] {
        document.wholeItems.map(\.title)
    }

    private func storedTitles(inList listID: Int64?, _ store: TodoStore) throws -> [String] {
        try store.queue.read { db in
            try String.fetchAll(db, sql: "SELECT title FROM item WHERE list_id = ? AND parent_uid IS NULL ORDER BY rank, id",
                                arguments: [listID])
        }
    }

    private func countCommits(_ store: TodoStore) -> () -> Int {
        var commits = 0
        store.queue.add(transactionObserver: CommitCounter { commits += 1 }, extent: .databaseLifetime)
        return { commits }
    }

    func testCompletingWithSinkingIsOneCommitOneStepAndKeepsTheirOrder() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["a", "b", "c", "d", "e"])
        let commits = countCommits(store)
        let selected = try ids(["d", "a", "c"], document)

        XCTAssertEqual(try document.perform(.many(itemIDs: selected, .setCompleted(true, sinking: true))), .many(count: 3))
        XCTAssertEqual(titles(document), ["b", "e", "a", "c", "d"], "sunk below the open ones, in their order")
        XCTAssertEqual(document.wholeItems.filter(\.isCompleted).map(\.title), ["a", "c", "d"])
        XCTAssertEqual(try storedTitles(inList: document.list.id, store), ["b", "e", "a", "c", "d"])
        XCTAssertEqual(commits(), 1)
        XCTAssertEqual(document.checkInvariants(completedSink: true), [])

        try document.undo()
        XCTAssertEqual(titles(document), ["a", "b", "c", "d", "e"], "one undo takes back all of it")
        XCTAssertTrue(document.wholeItems.allSatisfy { !$0.isCompleted })
        XCTAssertFalse(document.canUndo)
        XCTAssertEqual(commits(), 2)

        try document.redo()
        XCTAssertEqual(titles(document), ["b", "e", "a", "c", "d"])
    }

    func testReopeningRisesToTheEndOfTheOpenItemsInOrderAndSkipsTheOpenOnes() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["a", "b", "x", "y", "z"])
        try document.perform(.many(itemIDs: try ids(["x", "y", "z"], document), .setCompleted(true, sinking: true)))
        XCTAssertEqual(titles(document), ["a", "b", "x", "y", "z"])
        XCTAssertEqual(try document.perform(.many(itemIDs: try ids(["a", "z", "x"], document), .setCompleted(false, sinking: true))),
                       .many(count: 2), "a was open already")
        XCTAssertEqual(titles(document), ["a", "b", "x", "z", "y"])
        XCTAssertEqual(document.checkInvariants(completedSink: true), [])
    }

    func testCompletingARepeatingItemMovesItsDateAndLeavesItOpenInPlace() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["daily", "once", "last"])
        let (daily, once) = (try ids(["daily"], document)[0], try ids(["once"], document)[0])
        try document.update(daily) {
            $0.due = DueDate(year: 2026, month: 3, day: 2)
            $0.repeatRule = RepeatRule(rrule: "FREQ=DAILY")
        }
        try document.perform(.many(itemIDs: [daily, once], .setCompleted(true, sinking: true)))
        XCTAssertEqual(titles(document), ["daily", "last", "once"])
        XCTAssertEqual(try document.fields(of: daily).due, DueDate(year: 2026, month: 3, day: 3))
        XCTAssertFalse(try XCTUnwrap(document.item(daily)).isCompleted)
        try document.undo()
        XCTAssertEqual(try document.fields(of: daily).due, DueDate(year: 2026, month: 3, day: 2))
        XCTAssertEqual(titles(document), ["daily", "once", "last"])
    }

    func testDeletingPutsEveryItemBackWholeOnUndo() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["a", "b", "c", "d"])
        try document.update(try ids(["c"], document)[0]) { $0.notes = "kept"; $0.tags = ["home"] }
        let commits = countCommits(store)
        XCTAssertEqual(try document.perform(.many(itemIDs: try ids(["c", "a"], document), .delete)), .many(count: 2))
        XCTAssertEqual(titles(document), ["b", "d"])
        XCTAssertEqual(try storedTitles(inList: document.list.id, store), ["b", "d"])
        XCTAssertEqual(commits(), 1)

        try document.undo()
        XCTAssertEqual(titles(document), ["a", "b", "c", "d"])
        let c = try ids(["c"], document)[0]
        XCTAssertEqual(try document.fields(of: c).notes, "kept")
        XCTAssertEqual(try document.fields(of: c).tags, ["home"])
    }

    func testMovingToAnotherListKeepsTheirOrderThereAndUndoBringsThemBackInPlace() throws {
        let db = TestDatabase()
        let store = try db.openStore()
        let home = try store.createList(name: "Home", titles: ["a", "b", "c", "d"])
        let work = try store.createList(name: "Work", titles: ["x"])
        let document = TestDatabase.checkingInvariants(try XCTUnwrap(store.document(listID: home.id)))
        let commits = countCommits(store)

        XCTAssertEqual(try document.perform(.many(itemIDs: try ids(["d", "b"], document), .moveToList(work.id!))), .many(count: 2))
        XCTAssertEqual(titles(document), ["a", "c"])
        XCTAssertEqual(try storedTitles(inList: work.id, store), ["b", "d", "x"], "at the top, in their order")
        XCTAssertEqual(commits(), 1)

        try document.undo()
        XCTAssertEqual(titles(document), ["a", "b", "c", "d"])
        XCTAssertEqual(try storedTitles(inList: home.id, store), ["a", "b", "c", "d"])
        XCTAssertEqual(try storedTitles(inList: work.id, store), ["x"])
        XCTAssertEqual(try document.perform(.many(itemIDs: try ids(["a"], document), .moveToList(home.id!))), .many(count: 0),
                       "to its own list: nothing")
    }

    func testDueDatePostponePriorityAndTagEachOneStep() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["timed", "plain", "other"])
        let (timed, plain) = (try ids(["timed"], document)[0], try ids(["plain"], document)[0])
        try document.update(timed) { $0.due = DueDate(year: 2026, month: 3, day: 2, hour: 9, minute: 30, timeZone: "Europe/Berlin") }
        let friday = DueDate(year: 2026, month: 3, day: 6)

        XCTAssertEqual(try document.perform(.many(itemIDs: [timed, plain], .setDue(friday))), .many(count: 2))
        XCTAssertEqual(try document.fields(of: timed).due, DueDate(year: 2026, month: 3, day: 6, hour: 9, minute: 30, timeZone: "Europe/Berlin"),
                       "its time kept")
        XCTAssertEqual(try document.fields(of: plain).due, friday)
        try document.perform(.many(itemIDs: [timed, plain], .postpone(.tomorrow, today: DueDate(year: 2026, month: 3, day: 1))))
        XCTAssertEqual(try document.fields(of: plain).due, DueDate(year: 2026, month: 3, day: 7), "from its own later date")
        try document.perform(.many(itemIDs: [timed, plain], .setPriority(.high)))
        XCTAssertEqual(try document.fields(of: plain).priority, 1)
        try document.update(timed) { $0.tags = ["work"] }
        XCTAssertEqual(try document.perform(.many(itemIDs: [timed, plain], .addTag("work"))), .many(count: 1),
                       "the item that had it is not counted")
        XCTAssertEqual(try document.fields(of: plain).tags, ["work"])

        for _ in 0..<4 { try document.undo() }
        XCTAssertEqual(try document.fields(of: plain).due, friday, "four steps: tag, the timed's tags, priority, postpone")
        try document.undo()
        XCTAssertNil(try document.fields(of: plain).due)
        XCTAssertEqual(try document.fields(of: timed).due?.day, 2)
    }

    func testItemsThatBeginToWaitGoBelowTheOpenOnesInTheirOrder() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["a", "b", "c", "d"])
        let today = DueDate.today()
        try document.update(try ids(["a"], document)[0]) { $0.start = today }
        try document.update(try ids(["c"], document)[0]) { $0.start = today }
        try document.perform(.many(itemIDs: try ids(["a", "c"], document), .postpone(.tomorrow, today: today)))
        XCTAssertEqual(titles(document), ["b", "d", "a", "c"])
        try document.undo()
        XCTAssertEqual(titles(document), ["a", "b", "c", "d"])
    }

    func testAnItemGoneSinceItWasSelectedIsPassedOver() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["a", "b", "c"])
        let selected = try ids(["a", "b"], document)
        try store.queue.write { db in try db.execute(sql: "DELETE FROM item WHERE id = ?", arguments: [selected[0]]) }
        try document.absorb(changedItemIDs: [selected[0]])
        XCTAssertEqual(try document.perform(.many(itemIDs: selected, .setCompleted(true, sinking: false))), .many(count: 1))
        XCTAssertEqual(document.wholeItems.map(\.isCompleted), [true, false])
    }

    func testCompletingAParentCompletesItsSubtasksInTheSameStep() throws {
        let db = TestDatabase()
        let store = try db.openStore()
        let list = try store.createList(name: "Test")
        try store.queue.write { db in
            try db.execute(sql: """
                INSERT INTO item (list_id, title, rank, uid, parent_uid) VALUES
                (?, 'Parent', 0, 'p', NULL), (?, 'Child', 1, 'c', 'p'), (?, 'Other', 2, 'o', NULL)
                """, arguments: [list.id, list.id, list.id])
        }
        let document = try XCTUnwrap(store.document(listID: list.id))
        try document.perform(.many(itemIDs: document.items.map(\.id), .setCompleted(true, sinking: false)))
        let childCompleted = { try store.queue.read { db in try Bool.fetchOne(db, sql: "SELECT completed FROM item WHERE title = 'Child'") } }
        XCTAssertEqual(try childCompleted(), true)
        try document.undo()
        XCTAssertEqual(try childCompleted(), false)
    }

    /// Issue 60's scale: all of 10,000 items completed, sinking, and undone, each one write
    /// told to the window in one call, and one statement for the completion (not 10,000: a
    /// row looked up per item made it 6 s of a debug build; now about 0.1).
    func testTenThousandCompletedAndUndoneEachInOneCallToTheWindow() throws {
        let db = TestDatabase()
        let store = try db.openStore()
        let list = try store.createList(name: "Big", titles: (1...10_000).map { "Item \($0)" })
        let document = try XCTUnwrap(store.document(listID: list.id))
        try document.setCompleted(document.items[9_999].id, true)
        var calls: [[ListChange]] = []
        document.onChanges = { calls.append($0) }
        let open = document.items.filter { !$0.isCompleted }.map(\.id)
        let before = document.items

        XCTAssertEqual(try document.perform(.many(itemIDs: Array(open.reversed()), .setCompleted(true, sinking: true))), .many(count: 9_999))
        XCTAssertEqual(calls.count, 1)
        XCTAssertTrue(document.items.allSatisfy(\.isCompleted))
        XCTAssertEqual(document.items.map(\.id), before.map(\.id), "all completed: nothing had to move")
        try document.undo()
        XCTAssertEqual(calls.count, 2)
        XCTAssertEqual(document.items, before)

        XCTAssertEqual(try document.perform(.many(itemIDs: Array(open[5_000...]), .setCompleted(true, sinking: true))), .many(count: 4_999))
        XCTAssertEqual(calls.count, 3, "the completions and the moves that sink them: one call")
        XCTAssertEqual(document.items.map(\.id), Array(open[..<5_000]) + Array(open[5_000...]) + [before[9_999].id])
        XCTAssertEqual(document.checkInvariants(completedSink: true), [])
    }

    /// Completing every open item of a list whose completed items lie among them sinks the
    /// open ones above the completed: the 858 keep their ranks, still climbing, and only the
    /// 142 completed before are ranked again, below them; the undo ranks those 142 again, back
    /// between their neighbours. Each place keeping its rank wrote 994 of the 1,000 both ways
    /// (in a synced list, each one a change to send).
    func testSinkingASelectionWritesTheRanksOfTheItemsOutsideTheRunThatStillClimbs() throws {
        let db = TestDatabase()
        let store = try db.openStore()
        let list = try store.createList(name: "Big", titles: (1...1_000).map { "Item \($0)" })
        try store.queue.write { db in try db.execute(sql: "UPDATE item SET completed = 1 WHERE id % 7 = 0") }
        let document = try XCTUnwrap(store.document(listID: list.id))
        let before = document.items
        let open = before.filter { !$0.isCompleted }.map(\.id)
        var rankUpdates = 0
        try store.queue.inDatabase { db in
            db.trace(options: .statement) { event in
                if case let .statement(statement) = event, statement.sql.hasPrefix("UPDATE item SET rank") { rankUpdates += 1 }
            }
        }

        XCTAssertEqual(try document.perform(.many(itemIDs: open, .setCompleted(true, sinking: true))), .many(count: 858))
        XCTAssertEqual(document.items.map(\.id), open + before.filter(\.isCompleted).map(\.id))
        XCTAssertEqual(rankUpdates, 142)
        XCTAssertEqual(document.checkInvariants(completedSink: true), [])
        rankUpdates = 0
        try document.undo()
        XCTAssertEqual(document.items.map(\.id), before.map(\.id))
        XCTAssertEqual(rankUpdates, 142)
        XCTAssertEqual(document.checkInvariants(), [])
    }

    /// A bulk completion writes each row once: the statement sets the completion's and the
    /// modification's times, and the triggers that would each write every row again stand
    /// back (schema v14). A single completion still has its time from the trigger.
    func testABulkCompletionSetsItsTimesInItsOwnStatementAndNoTriggerWritesThemAgain() throws {
        let db = TestDatabase()
        let store = try db.openStore()
        let list = try store.createList(name: "Big", titles: (1...200).map { "Item \($0)" })
        let document = try XCTUnwrap(store.document(listID: list.id))
        let ids = document.items.map(\.id)
        try store.queue.write { db in try db.execute(sql: "UPDATE item SET modified_at = 1") }
        // Rows written, the triggers' included: SQLite enters a trigger's program to test its
        // WHEN, so a trace of statements cannot tell whether it wrote.
        let rowsWritten = { try store.queue.inDatabase { $0.totalChangesCount } }
        var before = try rowsWritten()
        let times = { (db: Database) in
            try Row.fetchAll(db, sql: "SELECT completed_at, modified_at FROM item ORDER BY id").map { ($0[0] as Int64?, $0[1] as Int64) }
        }

        XCTAssertEqual(try document.perform(.many(itemIDs: Array(ids[..<150]), .setCompleted(true, sinking: false))), .many(count: 150))
        XCTAssertEqual(try rowsWritten() - before, 150, "each row once: no trigger wrote it again")
        let completed = try store.queue.read(times)
        XCTAssertTrue(completed[..<150].allSatisfy { $0.0 != nil && $0.1 > 1 }, "each has its times")
        XCTAssertTrue(completed[150...].allSatisfy { $0.0 == nil && $0.1 == 1 }, "the others are untouched")

        // `item_modified` tells a write that set its own time from one that did not by the time
        // having changed: an undo in the completion's millisecond looked unset to it, and each
        // row was written again, 300 rows (once on Debian 13; SQLite 3.40 does the same, two
        // such writes a millisecond apart or less). A time set long ago makes the undo's own
        // time a change, whatever the clock.
        try store.queue.write { db in try db.execute(sql: "UPDATE item SET modified_at = 1") }
        before = try rowsWritten()
        try document.undo()
        XCTAssertEqual(try rowsWritten() - before, 150)
        XCTAssertTrue(try store.queue.read(times)[..<150].allSatisfy { $0.0 == nil }, "reopened: no completion time")
        before = try rowsWritten()
        try document.setCompleted(ids[199], true)
        XCTAssertNotNil(try store.queue.read(times)[199].0, "one item completed alone: its time from the trigger")
        XCTAssertEqual(try rowsWritten() - before, 3, "the row, then its completion time and its modification time")
    }

    /// Setting the priority of 5,000 items sets one column to one value: one UPDATE, not one
    /// per item (2.9 s of a debug build). Items whose change differs (their own tags with one
    /// more) are each written as theirs, and one undo puts every item's own value back.
    func testFiveThousandItemsChangedTheSameWayAreOneStatementEachChangeTheirOwn() throws {
        let db = TestDatabase()
        let store = try db.openStore()
        let list = try store.createList(name: "Big", titles: (1...5_000).map { "Item \($0)" })
        let document = try XCTUnwrap(store.document(listID: list.id))
        let all = document.items.map(\.id)
        try document.update(all[0]) { $0.priority = 5 }
        try document.update(all[1]) { $0.tags = ["home"] }
        var updates = 0
        try store.queue.inDatabase { db in
            db.trace(options: .statement) { event in
                if case let .statement(statement) = event, statement.sql.hasPrefix("UPDATE item SET") { updates += 1 }
            }
        }

        XCTAssertEqual(try document.perform(.many(itemIDs: all, .setPriority(.high))), .many(count: 5_000))
        XCTAssertEqual(updates, 1, "one statement for the 5,000")
        XCTAssertEqual(try document.fields(of: all[4_999]).priority, 1)
        try document.undo()
        XCTAssertEqual(try document.fields(of: all[0]).priority, 5, "each its own priority back")
        XCTAssertEqual(try document.fields(of: all[2]).priority, 0)

        updates = 0
        XCTAssertEqual(try document.perform(.many(itemIDs: all, .addTag("work"))), .many(count: 5_000))
        XCTAssertEqual(updates, 2, "the items without tags, and the one with its own")
        XCTAssertEqual(try document.fields(of: all[1]).tags, ["home", "work"])
        XCTAssertEqual(try document.fields(of: all[3]).tags, ["work"])
    }
}
