import Foundation
import FuzzSupport
import GRDB
import XCTest
@testable import FlickCore

/// Sort once (issue 59): the open items put in order by due date, priority or title in one
/// transaction and one undoable step; the completed items keep their places; nothing sorts
/// again afterwards.
final class SortOnceTests: XCTestCase {
    private let english = ItemSortOrder.title(collation: Locale(identifier: "en_US"))

    private func storedTitles(_ store: TodoStore, _ document: ListDocument) throws -> [String] {
        try store.queue.read { db in
            try String.fetchAll(db, sql: "SELECT title FROM item WHERE list_id = ? AND parent_uid IS NULL ORDER BY rank, id",
                                arguments: [document.list.id])
        }
    }

    private func id(_ title: String, _ document: ListDocument) throws -> Int64 {
        try XCTUnwrap(document.wholeItems.first { $0.title == title }?.id, "no item \(title)")
    }

    private func set(_ title: String, in document: ListDocument, _ change: (inout ItemFields) -> Void) throws {
        try document.update(try id(title, document), change)
    }

    private func titles(_ document: ListDocument) -> [String] {
        document.wholeItems.map(\.title)
    }

    /// The document's order, as rows: ids and ranks.
    private func rows(_ document: ListDocument) -> [ItemRow] {
        document.items
    }

    func testByDueDateUndatedLastADateAloneBeforeItsTimesAndEqualsKeepTheirOrder() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["none 1", "fri 9:00", "thu", "fri", "none 2", "fri 8:00", "thu again", "done"])
        try set("fri 9:00", in: document) { $0.due = DueDate(year: 2026, month: 12, day: 4, hour: 9, minute: 0, timeZone: "Europe/Berlin") }
        try set("fri 8:00", in: document) { $0.due = DueDate(year: 2026, month: 12, day: 4, hour: 8, minute: 0, timeZone: "Europe/Berlin") }
        try set("fri", in: document) { $0.due = DueDate(year: 2026, month: 12, day: 4) }
        try set("thu", in: document) { $0.due = DueDate(year: 2026, month: 12, day: 3) }
        try set("thu again", in: document) { $0.due = DueDate(year: 2026, month: 12, day: 3) }
        try set("done", in: document) { $0.due = DueDate(year: 2020, month: 1, day: 1) }
        try document.setCompleted(try id("done", document), true)

        XCTAssertTrue(try document.sortOpenItems(by: .dueDate))
        let sorted = ["thu", "thu again", "fri", "fri 8:00", "fri 9:00", "none 1", "none 2", "done"]
        XCTAssertEqual(titles(document), sorted, "the completed item, due first of all, keeps its place below")
        XCTAssertEqual(try storedTitles(store, document), sorted)
        XCTAssertEqual(document.checkInvariants(completedSink: true), [])
    }

    func testUndoPutsBackTheOrderInOneStepAndRedoSortsAgain() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["pear", "apple", "fig", "banana", "cherry"])
        try document.move(try id("cherry", document), to: 1)  // Ranks no longer evenly spaced.
        let before = rows(document)
        var commits = 0
        store.queue.add(transactionObserver: CommitCounter { commits += 1 }, extent: .databaseLifetime)

        XCTAssertEqual(try document.perform(.sort(english)), .sorted(moved: true))
        XCTAssertEqual(titles(document), ["apple", "banana", "cherry", "fig", "pear"])
        XCTAssertEqual(commits, 1, "one transaction")

        let undone = try document.undo()
        guard case .reorder? = undone else { return XCTFail("undid \(String(describing: undone))") }
        XCTAssertEqual(rows(document).map(\.id), before.map(\.id), "the same items in the same places")
        XCTAssertEqual(try storedTitles(store, document), ["pear", "cherry", "apple", "fig", "banana"])
        XCTAssertEqual(document.checkInvariants(), [])
        XCTAssertEqual(commits, 2)
        try document.undo()
        XCTAssertFalse(document.canUndo, "the sort was one step: the move before it was the only other")
        try document.redo()
        XCTAssertEqual(rows(document).map(\.id), before.map(\.id))

        try document.redo()
        XCTAssertEqual(titles(document), ["apple", "banana", "cherry", "fig", "pear"])
        XCTAssertEqual(try storedTitles(store, document), ["apple", "banana", "cherry", "fig", "pear"])
        XCTAssertEqual(commits, 5)
    }

    func testByPriorityHighToLowThenNoneByTheLevelsShown() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["none", "low", "high 3", "medium", "high 1", "unread", "low 6"])
        let numbers = ["low": 9, "high 3": 3, "medium": 5, "high 1": 1, "unread": SchemaV8.unread, "low 6": 6]
        for (title, number) in numbers { try set(title, in: document) { $0.priority = number } }

        XCTAssertTrue(try document.sortOpenItems(by: .priority))
        XCTAssertEqual(titles(document), ["high 3", "high 1", "medium", "low", "low 6", "none", "unread"],
                       "3 and 1 are both high: they keep their order, as 9 and 6 do")
        XCTAssertEqual(document.checkInvariants(completedSink: true), [])
    }

    func testByTitleIgnoringCaseWithAccentsAmongTheirLettersAndNumbersByTheirValue() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["Item 10", "zebra", "éclair", "Apple", "item 2", "Eclair", "apple", "Item 1"])
        XCTAssertTrue(try document.sortOpenItems(by: english))
        XCTAssertEqual(titles(document), ["Apple", "apple", "Eclair", "éclair", "Item 1", "item 2", "Item 10", "zebra"],
                       "equal but for case: in the order they had; an accent only after the same letters without")
    }

    func testByTitleFollowsTheLanguageOfTheCollation() throws {
        let db = TestDatabase()
        let (_, document) = try db.document(["Zucker", "Äpfel", "Apfelsaft"])
        XCTAssertTrue(try document.sortOpenItems(by: .title(collation: Locale(identifier: "sv_SE"))))
        XCTAssertEqual(titles(document), ["Apfelsaft", "Zucker", "Äpfel"], "in Swedish, Ä is a letter after Z")
        XCTAssertTrue(try document.sortOpenItems(by: .title(collation: Locale(identifier: "de_DE"))))
        XCTAssertEqual(titles(document), ["Äpfel", "Apfelsaft", "Zucker"], "in German, Ä is an A")
    }

    /// With sinking off a completed item may sit among the open ones: it stays in its place.
    func testCompletedItemsKeepTheirPlacesAmongTheOpenOnes() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["d", "done z", "c", "b", "done a", "a"])
        try document.setCompleted(try id("done z", document), true)
        try document.setCompleted(try id("done a", document), true)
        XCTAssertTrue(try document.sortOpenItems(by: english))
        XCTAssertEqual(titles(document), ["a", "done z", "b", "c", "done a", "d"])
        XCTAssertEqual(try storedTitles(store, document), ["a", "done z", "b", "c", "done a", "d"])
        XCTAssertEqual(document.checkInvariants(), [])
    }

    func testAListInOrderAlreadyIsNotWrittenAndLeavesNoStep() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["a", "b", "c"])
        var commits = 0
        store.queue.add(transactionObserver: CommitCounter { commits += 1 }, extent: .databaseLifetime)
        XCTAssertEqual(try document.perform(.sort(english)), .sorted(moved: false))
        XCTAssertEqual(commits, 0)
        XCTAssertFalse(document.canUndo)
    }

    /// Only the stretch that moves is recorded and told, as one change; only the items outside
    /// the longest run that still climbs are written (a b e d c f g sorted: two of e, d and c).
    func testOnlyTheItemsThatMovePlacesAreWrittenAndTheViewHearsOneChange() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["a", "b", "e", "d", "c", "f", "g"])
        let ranks = Dictionary(uniqueKeysWithValues: document.items.map { ($0.id, $0.rank) })
        var heard: [[ListChange]] = []
        document.onChanges = { heard.append($0) }
        XCTAssertTrue(try document.sortOpenItems(by: english))
        XCTAssertEqual(heard, [[.reordered(2..<5)]])
        let titlesByID = Dictionary(uniqueKeysWithValues: document.wholeItems.map { ($0.id!, $0.title) })
        let storedRanks = try store.queue.read { db in
            try Row.fetchAll(db, sql: "SELECT id, rank FROM item").map { ($0[0] as Int64, $0[1] as Int64) }
        }
        let written = Set(storedRanks.filter { ranks[$0.0] != $0.1 }.map { titlesByID[$0.0]! })
        XCTAssertEqual(written.count, 2, "\(written)")
        XCTAssertTrue(written.isSubset(of: ["e", "d", "c"]), "\(written)")
        XCTAssertEqual(document.items.filter { ranks[$0.id] != $0.rank }.count, 2, "the document holds the ranks stored")
        guard case let .reorder(from, to)? = try document.undo() else { return XCTFail("not a reorder") }
        XCTAssertEqual(from.count, 3, "the stretch from the first item that moved to the last")
        XCTAssertEqual(to.count, 3)
    }

    /// A synced list: every item given a new rank goes to the server in the next sync, and no
    /// other; c b a d sorted keeps the ranks of two (a run that still climbs, such as c and d).
    func testTheItemsThatMovedAreAllInTheOutbox() throws {
        let store = try TestDatabase().openStore()
        let account = try store.addAccount(url: "http://127.0.0.1:5232", user: "alice")
        let list = try store.createList(name: "Synced", titles: ["c", "b", "a", "d"])
        try store.linkList(list.id!, accountID: account.id, url: "http://127.0.0.1:5232/alice/tasks/")
        for outgoing in try store.outbox(listID: list.id!).items {
            try store.itemSent(outgoing, href: "/alice/tasks/\(outgoing.item.uid).ics", etag: "\"e1\"", text: "BASE")
        }
        let document = try XCTUnwrap(try store.document(listID: list.id))
        let ranks = Dictionary(uniqueKeysWithValues: document.wholeItems.map { ($0.title, $0.rank) })
        XCTAssertTrue(try document.sortOpenItems(by: english))
        let moved = Set(document.wholeItems.filter { ranks[$0.title] != $0.rank }.map(\.title))
        XCTAssertEqual(moved.count, 2, "\(moved)")
        XCTAssertEqual(Set(try store.outbox(listID: list.id!).items.map(\.item.title)), moved)
        try document.undo()
        let movedBack = Set(document.wholeItems.filter { ranks[$0.title] != $0.rank }.map(\.title))
        XCTAssertEqual(Set(try store.outbox(listID: list.id!).items.map(\.item.title)), moved.union(movedBack))
        XCTAssertEqual(document.wholeItems.map(\.title), ["c", "b", "a", "d"])
    }

    func testSubtasksAreSortedWithinTheirLevelAlone() throws {
        let store = try TestDatabase().openStore()
        let list = try store.createList(name: "Work")
        let listID = try XCTUnwrap(list.id)
        try store.queue.write { db in
            try db.execute(sql: """
                INSERT INTO item (list_id, title, rank, uid, parent_uid) VALUES
                    (?, 'Zoo', 0, 'p', NULL), (?, 'y', 1, 'y', 'p'), (?, 'x', 2, 'x', 'p'),
                    (?, 'w 2', 3, 'w2', 'y'), (?, 'w 1', 4, 'w1', 'y'), (?, 'Ant', 5, 'a', NULL)
                """, arguments: StatementArguments(Array(repeating: listID, count: 6)))
        }
        let parent = try XCTUnwrap(store.queue.read { try Int64.fetchOne($0, sql: "SELECT id FROM item WHERE uid = 'p'") })
        let subtasks = TestDatabase.checkingInvariants(try XCTUnwrap(try store.subtaskDocument(parentID: parent)))
        XCTAssertTrue(try subtasks.sortOpenItems(by: english))
        XCTAssertEqual(titles(subtasks), ["x", "y"])
        let top = try XCTUnwrap(try store.document(listID: listID))
        XCTAssertEqual(titles(top), ["Zoo", "Ant"], "the level above is left as it was")
        let y = try XCTUnwrap(subtasks.wholeItems.first { $0.title == "y" }?.id)
        XCTAssertEqual(try store.subtaskDocument(parentID: y)?.wholeItems.map(\.title), ["w 2", "w 1"], "and the level below")
        XCTAssertEqual(subtasks.checkInvariants(), [])
    }

    func testTodayAndASearchAreNotSorted() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["b", "a"])
        let day = DueDate(year: 2026, month: 12, day: 3)
        for title in ["b", "a"] { try set(title, in: document) { $0.due = day } }
        let today = try XCTUnwrap(try store.todayDocument(day: day))
        XCTAssertEqual(try today.perform(.sort(english)), .sorted(moved: false))
        XCTAssertEqual(titles(today), ["b", "a"])
    }

    /// Items another program gave one sort order: their ranks alone cannot say the new order,
    /// so the list is numbered again; the undo still puts back the order it had.
    func testEqualRanksAreNumberedAgainAndTheUndoKeepsTheOrder() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["c", "b", "a", "d"])
        try store.queue.write { db in try db.execute(sql: "UPDATE item SET rank = 7") }
        try document.absorbAllItems()
        let before = titles(document)
        XCTAssertTrue(try document.sortOpenItems(by: english))
        XCTAssertEqual(titles(document), ["a", "b", "c", "d"])
        XCTAssertEqual(try storedTitles(store, document), ["a", "b", "c", "d"])
        XCTAssertEqual(document.checkInvariants(), [])
        try document.undo()
        XCTAssertEqual(titles(document), before)
        XCTAssertEqual(try storedTitles(store, document), before)
    }

    /// The order is the user's afterwards: a move is kept where it was made, and undoing both
    /// gives back the moves and the sort in turn.
    func testAMoveAfterTheSortIsKept() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["c", "a", "b"])
        try document.sortOpenItems(by: english)
        try document.move(try id("a", document), to: 1)
        XCTAssertEqual(titles(document), ["b", "a", "c"])
        let reopened = try XCTUnwrap(try store.document(listID: document.list.id))
        XCTAssertEqual(titles(reopened), ["b", "a", "c"], "stored as moved: nothing sorts it again")
        try document.undo()
        XCTAssertEqual(titles(document), ["a", "b", "c"])
        try document.undo()
        XCTAssertEqual(titles(document), ["c", "a", "b"])
    }

    /// Another writer adds an item between the sort and its undo: the sorted items go back to
    /// their order among the places they hold, and the new item stays where it came.
    func testTheUndoAfterAnItemCameFromElsewhere() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["c", "a", "b"])
        try document.sortOpenItems(by: english)
        let rankOfA = document.items[0].rank
        try store.queue.write { db in
            try db.execute(sql: "INSERT INTO item (list_id, title, rank) VALUES (?, 'new', ?)", arguments: [document.list.id, rankOfA + 1])
        }
        try document.absorbAllItems()
        XCTAssertEqual(titles(document), ["a", "new", "b", "c"])
        try document.undo()
        XCTAssertEqual(titles(document), ["c", "new", "a", "b"])
        XCTAssertEqual(try storedTitles(store, document), ["c", "new", "a", "b"])
    }

    /// Sorts among moves, completions that sink, new items, deletions, undos and redos, at random:
    /// every rule holds after each change, the file holds the order memory does, and undoing
    /// every step gives back the list as it began.
    func testSortsAmongOtherEditsAtRandomKeepEveryRuleAndUndoAllTheWayBack() throws {
        for seed in UInt64(1)...12 {
            var random = FuzzRandom(seed: FuzzRandom.caseSeed(59, index: Int(seed)))
            let db = TestDatabase()
            let (store, document) = try db.document((0..<12).map { "item \($0 * 5 % 12)" })
            for item in document.wholeItems where random.chance(0.6) {
                try document.update(item.id!) { fields in
                    fields.priority = random.pick([0, 1, 5, 9])
                    fields.due = random.chance(0.5) ? DueDate(year: 2026, month: 12, day: 1 + random.below(3)) : nil
                }
            }
            let start = titles(document)
            var steps = 0
            for _ in 0..<30 {
                let open = document.items.filter { !$0.isCompleted }
                switch random.below(7) {
                case 0, 1:
                    let order = random.pick([ItemSortOrder.dueDate, .priority, english])
                    if try document.sortOpenItems(by: order) { steps += 1 }
                case 2 where !open.isEmpty:
                    let id = random.pick(open).id
                    let to = document.indexKeepingCompletedBelow(moving: id, to: random.below(document.items.count))
                    if to != document.index(of: id) { try document.move(id, to: to); steps += 1 }
                case 3 where !open.isEmpty:
                    let id = random.pick(open).id
                    try document.setCompleted(id, true)
                    try document.settle(id)  // Joined to the completion: one step.
                    steps += 1
                case 4:
                    try document.insert(title: "new \(steps)", at: document.indexKeepingCompletedBelow(newItemAt: random.below(document.items.count + 1)))
                    steps += 1
                case 5 where steps > 0:
                    try document.undo()
                    steps -= 1
                case 6:
                    if try document.redo() != nil { steps += 1 }
                default:
                    break
                }
                XCTAssertEqual(document.checkInvariants(completedSink: true), [], "seed \(seed)")
            }
            XCTAssertEqual(try storedTitles(store, document), titles(document), "seed \(seed)")
            while document.canUndo { try document.undo() }
            XCTAssertEqual(titles(document), start, "seed \(seed): every step undone")
            XCTAssertEqual(try storedTitles(store, document), start, "seed \(seed)")
        }
    }

    func testTenThousandItemsAreSortedAndPutBackInReasonableTime() throws {
        let db = TestDatabase()
        let count = 10_000
        let store = try db.openStore()
        let list = try store.createList(name: "Long", titles: (0..<count).map { "Item \(($0 * 7_919) % count)" })
        try store.queue.write { db in
            try db.execute(sql: "UPDATE item SET priority = id % 4, due_day = 20260101 + id % 28 WHERE id % 3 = 0")
            try db.execute(sql: "UPDATE item SET completed = 1 WHERE id IN (SELECT id FROM item ORDER BY rank DESC LIMIT 500)")
        }
        let document = TestDatabase.checkingInvariants(try XCTUnwrap(try store.document(listID: list.id)))
        let before = document.items
        for order in [english, ItemSortOrder.dueDate, .priority] {
            let started = Date()
            XCTAssertTrue(try document.sortOpenItems(by: order))
            XCTAssertLessThan(Date().timeIntervalSince(started), 10, "\(order) of \(count) items (debug build)")
            XCTAssertEqual(document.checkInvariants(completedSink: true), [])
        }
        // By priority last, after by due date and by title: stable, so within a level by due
        // date, and within a day by title.
        let open = try store.queue.read { db in
            try Row.fetchAll(db, sql: """
                SELECT CASE WHEN priority BETWEEN 1 AND 4 THEN 0 WHEN priority = 5 THEN 1 WHEN priority BETWEEN 6 AND 9 THEN 2 ELSE 3 END,
                       ifnull(due_day, 99999999), CAST(substr(title, 6) AS INTEGER)
                FROM item WHERE list_id = ? AND completed = 0 ORDER BY rank, id
                """, arguments: [list.id]).map { [$0[0] as Int, $0[1] as Int, $0[2] as Int] }
        }
        XCTAssertEqual(open.count, count - 500)
        XCTAssertTrue(zip(open, open.dropFirst()).allSatisfy { $0.lexicographicallyPrecedes($1) }, "level, day, number")
        let started = Date()
        for _ in 0..<3 { try document.undo() }
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
        XCTAssertEqual(document.items.map(\.id), before.map(\.id))
        XCTAssertEqual(document.checkInvariants(completedSink: true), [])
    }
}
