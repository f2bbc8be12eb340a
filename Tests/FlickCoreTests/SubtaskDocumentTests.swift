import GRDB
import XCTest
@testable import FlickCore

/// Subtasks as a level (issue 32): a list's page holds its top-level items, an item's subtasks
/// are a document of their own, new items there are its subtasks, and a parent's progress
/// follows what happens on the level below.
final class SubtaskDocumentTests: XCTestCase {
    /// A list: Project (uid p) with subtasks Design and Build (Build has Test under it), an
    /// item whose parent is not in the list, two items that name each other, and Plain.
    private func storeWithATree() throws -> (TodoStore, Int64) {
        let store = try TestDatabase().openStore()
        let list = try store.createList(name: "Work")
        let listID = try XCTUnwrap(list.id)
        try store.queue.write { db in
            try db.execute(sql: """
                INSERT INTO item (list_id, title, rank, uid, parent_uid) VALUES
                    (?, 'Project', 0, 'p', NULL), (?, 'Design', 1, 'd', 'p'), (?, 'Build', 2, 'b', 'p'),
                    (?, 'Test', 3, 't', 'b'), (?, 'Orphan', 4, 'o', 'gone'), (?, 'Loop A', 5, 'la', 'lb'),
                    (?, 'Loop B', 6, 'lb', 'la'), (?, 'Plain', 7, 'x', NULL)
                """, arguments: StatementArguments(Array(repeating: listID, count: 8)))
        }
        return (store, listID)
    }

    private func id(_ title: String, _ store: TodoStore) throws -> Int64 {
        try XCTUnwrap(store.queue.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM item WHERE title = ?", arguments: [title]) })
    }

    func testTheListShowsItsTopLevelAndNothingIsOutOfReach() throws {
        let (store, listID) = try storeWithATree()
        let document = try XCTUnwrap(store.document(listID: listID))
        XCTAssertEqual(document.wholeItems.map(\.title), ["Project", "Orphan", "Loop A", "Plain"],
                       "a missing parent's subtask and one of a loop are shown at the top")
        let project = try id("Project", store)
        XCTAssertEqual(try store.subtaskDocument(parentID: project)?.wholeItems.map(\.title), ["Design", "Build"])
        XCTAssertEqual(try store.subtaskDocument(parentID: id("Build", store))?.wholeItems.map(\.title), ["Test"])
        XCTAssertEqual(try store.subtaskDocument(parentID: id("Loop A", store))?.wholeItems.map(\.title), ["Loop B"])
        XCTAssertEqual(document.subtaskProgress[project], SubtaskProgress(done: 0, total: 2))
        XCTAssertNil(document.subtaskProgress[try id("Plain", store)])
    }

    func testTheStartUpReadingShowsTheSameTopLevel() throws {
        let db = TestDatabase()
        let store = try db.openStore()
        let list = try store.createList(name: "Work")
        try store.queue.write { connection in
            try connection.execute(sql: """
                INSERT INTO item (list_id, title, rank, uid, parent_uid) VALUES (?, 'Parent', 0, 'p', NULL), (?, 'Child', 1, 'c', 'p')
                """, arguments: [list.id, list.id])
        }
        let preloaded = try XCTUnwrap(StorePreload(databaseURL: db.url, listID: list.id).take(for: db.url))
        XCTAssertEqual(StorePreloadTests.titles(of: preloaded), ["Parent"])
    }

    func testANewItemOnTheLevelIsASubtaskAndItsParentsProgressFollows() throws {
        let (store, listID) = try storeWithATree()
        let document = try XCTUnwrap(store.document(listID: listID))
        let project = try id("Project", store)
        let subtasks = try XCTUnwrap(store.subtaskDocument(parentID: project))
        XCTAssertEqual(document.subtaskProgress[project], SubtaskProgress(done: 0, total: 2), "as the rows show it")
        let added = try subtasks.insert(title: "Ship", at: 2)
        XCTAssertEqual(subtasks.wholeItems.map(\.title), ["Design", "Build", "Ship"])
        try store.queue.read { db in
            XCTAssertEqual(try String.fetchOne(db, sql: "SELECT parent_uid FROM item WHERE id = ?", arguments: [added.id]), "p")
        }
        try subtasks.setCompleted(try id("Design", store), true)

        var heard: [ListChange] = []
        document.onChanges = { heard += $0 }
        try document.absorb(changedItemIDs: [added.id!, try id("Design", store)])
        XCTAssertEqual(document.wholeItems.map(\.title), ["Project", "Orphan", "Loop A", "Plain"], "subtasks stay below")
        XCTAssertEqual(document.subtaskProgress[project], SubtaskProgress(done: 1, total: 3))
        XCTAssertEqual(heard, [.updated(at: 0)], "the parent's row is told its progress changed")

        try subtasks.undo()
        try subtasks.undo()
        XCTAssertEqual(subtasks.wholeItems.map(\.title), ["Design", "Build"])
    }

    func testAnItemWhoseParentComesLaterMovesBelowIt() throws {
        let (store, listID) = try storeWithATree()
        let document = try XCTUnwrap(store.document(listID: listID))
        let orphan = try id("Orphan", store)
        // A sync brings the parent the orphan named.
        let parent = try store.queue.write { db -> Int64 in
            try db.execute(sql: "INSERT INTO item (list_id, title, rank, uid) VALUES (?, 'Found', 9, 'gone')", arguments: [listID])
            return db.lastInsertedRowID
        }
        try document.absorb(changedItemIDs: [orphan, parent])
        XCTAssertEqual(document.wholeItems.map(\.title), ["Project", "Loop A", "Plain", "Found"])
        XCTAssertEqual(document.subtaskProgress[parent], SubtaskProgress(done: 0, total: 1))
    }

    private func completed(_ titles: [String], _ store: TodoStore) throws -> [Bool] {
        try titles.map { title in
            try XCTUnwrap(store.queue.read { db in try Bool.fetchOne(db, sql: "SELECT completed FROM item WHERE title = ?", arguments: [title]) })
        }
    }

    /// DESIGN 2.7 (issue 32): completing a parent completes its open subtasks at every depth,
    /// one step with its sinking; reopening it leaves them; completing the last open subtask
    /// leaves the parent open.
    func testCompletingAParentCompletesItsOpenSubtasksAsOneStep() throws {
        let (store, listID) = try storeWithATree()
        let document = try XCTUnwrap(store.document(listID: listID))
        let project = try id("Project", store)
        try document.setCompleted(project, true)
        try document.settle(project)
        XCTAssertEqual(try completed(["Project", "Design", "Build", "Test"], store), [true, true, true, true])
        try document.setCompleted(project, false)
        XCTAssertEqual(try completed(["Project", "Design", "Build", "Test"], store), [false, true, true, true],
                       "reopening leaves the subtasks as they were")
        try document.undo()  // The reopening.
        try document.undo()  // The completion, its subtasks and its sinking, in one step.
        XCTAssertEqual(try completed(["Project", "Design", "Build", "Test"], store), [false, false, false, false])
        XCTAssertEqual(document.wholeItems.first?.title, "Project", "back in its place")
        try document.redo()
        XCTAssertEqual(try completed(["Project", "Design", "Build", "Test"], store), [true, true, true, true])

        let build = try XCTUnwrap(store.subtaskDocument(parentID: try id("Build", store)))
        try build.setCompleted(try id("Test", store), false)
        let subtasks = try XCTUnwrap(store.subtaskDocument(parentID: project))
        try subtasks.setCompleted(try id("Build", store), false)
        try build.setCompleted(try id("Test", store), true)
        XCTAssertEqual(try completed(["Build"], store), [false], "the last open subtask done leaves its parent open")
    }

    func testDeletingAParentDeletesItsSubtreeAndOneUndoBringsItAllBack() throws {
        let (store, listID) = try storeWithATree()
        let document = try XCTUnwrap(store.document(listID: listID))
        let project = try id("Project", store)
        let before = try store.queue.read { db in try Row.fetchAll(db, sql: "SELECT id, uid, parent_uid, title FROM item ORDER BY id") }
        try document.delete(project)
        try store.queue.read { db in
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT title FROM item ORDER BY id"), ["Orphan", "Loop A", "Loop B", "Plain"])
        }
        try document.undo()
        let after = try store.queue.read { db in try Row.fetchAll(db, sql: "SELECT id, uid, parent_uid, title FROM item ORDER BY id") }
        XCTAssertEqual(after, before, "the same ids, UIDs and parents")
        XCTAssertEqual(document.wholeItems.map(\.title), ["Project", "Orphan", "Loop A", "Plain"])
        XCTAssertEqual(try store.subtaskDocument(parentID: project)?.wholeItems.map(\.title), ["Design", "Build"])
    }

    /// An item without subtasks is not looked below: the read of its empty subtree was about
    /// a twentieth of a deletion's work before its frame. Its undo still brings it back.
    func testDeletingAnItemWithoutSubtasksReadsNoSubtree() throws {
        let (store, listID) = try storeWithATree()
        let document = try XCTUnwrap(store.document(listID: listID))
        let plain = try id("Plain", store)
        XCTAssertNil(document.subtaskProgress[plain])
        let statements = SQLStatements()
        store.queue.writeWithoutTransaction { db in
            db.trace { event in if case let .statement(statement) = event { statements.note(statement.sql) } }
        }
        try document.delete(plain)
        store.queue.writeWithoutTransaction { db in db.trace(options: []) { _ in } }
        XCTAssertTrue(statements.all.contains { $0.contains("DELETE") }, "the deletion was traced: \(statements.all)")
        XCTAssertFalse(statements.all.contains { $0.contains("WITH RECURSIVE") }, "\(statements.all)")
        try document.undo()
        XCTAssertEqual(document.wholeItems.map(\.title), ["Project", "Orphan", "Loop A", "Plain"])
    }

    func testClearingCompletedItemsTakesTheirSubtreesAndOneUndoBringsThemBack() throws {
        let (store, listID) = try storeWithATree()
        let document = try XCTUnwrap(store.document(listID: listID))
        try document.setCompleted(try id("Project", store), true)
        try document.setCompleted(try id("Plain", store), true)
        XCTAssertEqual(try document.clearCompleted(), 2)
        try store.queue.read { db in
            XCTAssertEqual(try String.fetchAll(db, sql: "SELECT title FROM item ORDER BY id"), ["Orphan", "Loop A", "Loop B"])
        }
        try document.undo()
        try store.queue.read { db in
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT count(*) FROM item"), 8, "the whole tree back")
        }
        XCTAssertEqual(try store.subtaskDocument(parentID: id("Build", store))?.wholeItems.map(\.title), ["Test"])
    }

    func testMovingAParentToAnotherListTakesItsSubtree() throws {
        let (store, listID) = try storeWithATree()
        let other = try XCTUnwrap(store.createList(name: "Later").id)
        let document = try XCTUnwrap(store.document(listID: listID))
        let project = try id("Project", store)
        try document.move(project, toList: other)
        let listOf = { (title: String) in
            try XCTUnwrap(store.queue.read { db in try Int64.fetchOne(db, sql: "SELECT list_id FROM item WHERE title = ?", arguments: [title]) })
        }
        XCTAssertEqual(try ["Project", "Design", "Build", "Test"].map(listOf), [other, other, other, other])
        XCTAssertEqual(try store.document(listID: other)?.wholeItems.map(\.title), ["Project"], "a tree there too")
        try document.undo()
        XCTAssertEqual(try ["Project", "Design", "Build", "Test"].map(listOf), [listID, listID, listID, listID])
        XCTAssertEqual(document.wholeItems.first?.title, "Project")
    }

    func testTodayAndASearchSayWhoseSubtaskAnItemIsAndWhereItIs() throws {
        let (store, _) = try storeWithATree()
        let test = try id("Test", store)
        XCTAssertEqual(try store.ancestors(of: test).map(\.title), ["Project", "Build"], "the levels to open, from the top")
        XCTAssertEqual(try store.ancestors(of: id("Project", store)).map(\.title), [])
        XCTAssertEqual(try store.ancestors(of: id("Loop B", store)).map(\.title), ["Loop A"], "below the loop's shown item")
        let today = DueDate.today()
        try store.queue.write { db in
            try db.execute(sql: "UPDATE item SET due_day = ? WHERE title IN ('Test', 'Plain')", arguments: [today.dayNumber])
        }
        let todayDocument = try XCTUnwrap(store.todayDocument(day: today))
        let said = Dictionary(uniqueKeysWithValues: todayDocument.wholeItems.map { ($0.title, todayDocument.parentTitle(of: $0.id!)) })
        XCTAssertEqual(said.count, 2)
        XCTAssertEqual(said["Test"], .some("Build"))
        XCTAssertEqual(said["Plain"], .some(nil))
        let search = try XCTUnwrap(store.searchDocument(text: "test"))
        XCTAssertEqual(search.wholeItems.map(\.title), ["Test"])
        XCTAssertEqual(search.parentTitle(of: test), "Build")
    }

    func testAListWithoutSubtasksIsReadFromTheIndexAlone() throws {
        let (store, listID) = try storeWithATree()
        let plan = try store.queue.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT id, rank, title FROM item WHERE list_id = ? AND parent_uid IS NULL ORDER BY rank, id",
                             arguments: [listID]).map { $0[3] as String }
        }
        XCTAssertEqual(plan, ["SEARCH item USING COVERING INDEX item_rows (list_id=?)"])
    }

    /// The progress is read from the subtasks alone: SQLite would rather scan the whole list.
    func testProgressAndSubtasksAreReadThroughTheSubtasksIndex() throws {
        let (store, listID) = try storeWithATree()
        try store.queue.read { db in
            let progress = try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT count(*) FROM item AS child INDEXED BY item_parent WHERE child.list_id = ? AND child.parent_uid IS NOT NULL", arguments: [listID]).map { $0[3] as String }
            XCTAssertTrue(progress.contains { $0.contains("item_parent") }, "\(progress)")
            XCTAssertEqual(try ItemTree.progress(inList: listID, db).count, 4, "Project, Build and both items of the loop")
            XCTAssertEqual(try ItemTree.children(ofUID: "p", inList: listID, db).map(\.title), ["Design", "Build"])
        }
    }
}
