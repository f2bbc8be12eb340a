import GRDB
import StoreTestSupport
import XCTest
@testable import FlickCore

/// The store's change stream (issue 28): every commit that touches items is told with their
/// ids, and an open list takes in what another writer committed, in place, keeping its undo.
final class StoreChangeStreamTests: XCTestCase {
    /// Collects what the store reports, from the database's queue.
    private func listening(_ store: TodoStore) -> HeardCommits {
        HeardCommits(store)
    }

    /// A document over the same database, standing for another writer: a sync's writes to the
    /// rows, done here with SQL as a sync does them.
    private func write(_ store: TodoStore, _ sql: String, _ arguments: StatementArguments = []) throws {
        try store.queue.write { db in try db.execute(sql: sql, arguments: arguments) }
    }

    private func storedTitles(_ store: TodoStore, _ document: ListDocument) throws -> [String] {
        try store.queue.read { db in
            try String.fetchAll(db, sql: "SELECT title FROM item WHERE list_id = ? ORDER BY rank, id", arguments: [document.list.id])
        }
    }

    /// Lists are in the same stream (issue 56): a list's rename or deletion is told with its id,
    /// an item's edit with the item's id alone, a deleted list with its items.
    func testCommitsTellTheListsAndTheItemsTheyTouched() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["a"])
        let listID = try XCTUnwrap(document.list.id)
        let other = try store.createList(name: "Other", titles: ["b"])
        let lists = try store.listsDocument()
        let heard = HeardCommits(store)
        try document.rename(try XCTUnwrap(document.items.first?.id), to: "a2")
        try lists.rename(listID, to: "Renamed")
        try lists.delete(try XCTUnwrap(other.id))
        let told = heard.commits
        XCTAssertEqual(told.count, 3)
        XCTAssertEqual(told[0].listIDs, [], "an item's edit touches no list")
        XCTAssertEqual(told[0].itemIDs.count, 1)
        XCTAssertEqual(told[1], StoreCommit(listIDs: [listID], writer: lists.asWriter))
        XCTAssertEqual(told[2].listIDs, [try XCTUnwrap(other.id)])
        XCTAssertEqual(told[2].itemIDs.count, 1, "its item went with it")
    }

    /// Recently Deleted's entries are in the stream too: the overview shows their count, and
    /// Delete Forever and Empty touch no item. Without it, the count stayed as it was after
    /// Recently Deleted's window emptied it.
    func testRecentlyDeletedEntriesAreTold() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["a", "b"])
        let heard = HeardCommits(store)
        try document.rename(try XCTUnwrap(document.items.first?.id), to: "a2")
        _ = try document.delete(try XCTUnwrap(document.items.last?.id))
        let entry = try XCTUnwrap(try store.recentlyDeleted().first)
        try store.deleteForever(entry.id)
        let told = heard.commits
        XCTAssertEqual(told.map(\.changedRecentlyDeleted), [false, true, true])
        XCTAssertEqual(told.last, StoreCommit(changedRecentlyDeleted: true), "Delete Forever touches no item or list")
    }

    /// A document's commits name it, so that its page need not read back what it wrote; a
    /// write of no document (a sync's, here SQL) and another document's name no one or the other.
    func testADocumentsCommitsNameIt() throws {
        let db = TestDatabase()
        let (store, _) = try db.document(["a"])
        let document = try XCTUnwrap(store.document(listID: nil))
        let other = try XCTUnwrap(store.document(listID: nil))
        let heard = HeardCommits(store)
        try document.rename(try XCTUnwrap(document.items.first?.id), to: "a2")
        try write(store, "UPDATE item SET title = 'a3'")
        try other.rename(try XCTUnwrap(other.items.first?.id), to: "a4")
        _ = try document.undo()
        XCTAssertEqual(heard.commits.map(\.writer), [document.asWriter, nil, other.asWriter, document.asWriter])
        var joined = heard.commits[0]
        joined.formUnion(heard.commits[2])
        XCTAssertNil(joined.writer, "two writers' commits told as one name neither: both read them")
    }

    /// The overview's document names itself too, in each of its writes (a rename, a move, a
    /// Complete All, a deletion and its undo), so that the overview need not read back its own.
    func testTheOverviewsCommitsNameIt() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["a"])
        let listID = try XCTUnwrap(document.list.id)
        let lists = try store.listsDocument()
        let other = try lists.create(name: "Other", at: 1)
        let heard = HeardCommits(store)
        try lists.rename(listID, to: "Renamed")
        try lists.move(listID, to: 1)
        try lists.completeAll(listID)
        try lists.delete(try XCTUnwrap(other.id))
        try lists.undo()
        try document.rename(try XCTUnwrap(document.items.first?.id), to: "a2")
        XCTAssertEqual(heard.commits.map(\.writer), Array(repeating: lists.asWriter, count: 5) + [document.asWriter])
    }

    /// An import and an account's removal tell their end through the store, after their
    /// commits (issue 75: one door): the window told it for them before. An import that changed
    /// nothing tells nothing: the pages would read Today or a search again for nothing.
    func testAnImportAndAnAccountsRemovalTellTheirEnd() throws {
        let db = TestDatabase()
        let (store, _) = try db.document(["a"])
        let account = try store.addAccount(url: "https://example.org", user: "alice")
        let heard = HeardChanges(store)
        try store.importLists([ImportedList(name: "Imported", items: [ImportedItem(uid: "u1", title: "b", sortOrder: 1, ical: nil)])],
                              into: .listsByName(fallbackName: "Imported"))
        XCTAssertEqual(heard.changes.count, 2, "\(heard.changes)")
        guard case let .committed(commit)? = heard.changes.first else { return XCTFail("\(heard.changes)") }
        XCTAssertEqual(commit.itemIDs.count, 1)
        XCTAssertEqual(heard.changes.last, .writerFinished)
        try store.importLists([ImportedList(name: "Imported", items: [ImportedItem(uid: "u1", title: "b", sortOrder: 1, ical: nil)])],
                              into: .listsByName(fallbackName: "Imported"))
        XCTAssertEqual(heard.changes.count, 2, "the same file again changed nothing, and tells nothing: \(heard.changes)")
        try store.removeAccount(id: account.id)
        XCTAssertEqual(heard.changes.count, 3, "no row of an item or a list changed: the end alone")
        XCTAssertEqual(heard.changes.last, .writerFinished)
    }

    /// A batch as big as an import may bring into the open list is taken in whole and in order.
    /// Each item's place was found by a walk from the top: 40,000 took a minute (debug build).
    func testABatchOfFortyThousandItemsIsTakenInWholeAndInOrder() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["Already here"])
        let count = 40_000
        try write(store, """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
            INSERT INTO item (list_id, title, rank) SELECT ?, 'Imported ' || i, 1000 + i FROM n
            """, [count, document.list.id])
        let ids = try store.queue.read { db in try Set(Int64.fetchAll(db, sql: "SELECT id FROM item")) }
        XCTAssertEqual(ids.count, count + 1)
        try document.absorb(changedItemIDs: ids)
        XCTAssertEqual(document.items.count, count + 1)
        XCTAssertEqual(document.item(at: 0).title, "Already here")
        XCTAssertEqual(document.item(at: 1).title, "Imported 1")
        XCTAssertEqual(document.item(at: count).title, "Imported \(count)")
    }

    /// Items that come in take their places by rank, then id: between, above and below the
    /// items here, and after an item of the same rank that was there first.
    func testItemsTakenInGoToTheirPlacesByRank() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["a", "b", "c"])
        let ranks = document.wholeItems.map(\.rank)
        let between = ranks[0] + (ranks[1] - ranks[0]) / 2
        try write(store, """
            INSERT INTO item (list_id, title, rank) VALUES (?1, 'top', ?2 - 1), (?1, 'a½', ?3), (?1, 'b too', ?4), (?1, 'end', ?5 + 1)
            """, [document.list.id, ranks[0], between, ranks[1], ranks[2]])
        let ids = try store.queue.read { db in try Set(Int64.fetchAll(db, sql: "SELECT id FROM item")) }
        try document.absorb(changedItemIDs: ids)
        XCTAssertEqual(document.wholeItems.map(\.title), ["top", "a", "a½", "b", "b too", "c", "end"])
        XCTAssertEqual(document.wholeItems.map(\.title), try storedTitles(store, document))
    }

    /// Taking in a batch runs statements of one length whatever its size: its ids go as one
    /// argument (`IDArray`), so each statement is prepared once and kept. With an `IN (?, …)`
    /// of its own, a statement was compiled at every batch, and that compile grew with it.
    func testTakingInManyItemsRunsStatementsThatDoNotGrowWithThem() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["a"])
        try write(store, """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
            INSERT INTO item (list_id, title, rank, parent_uid) SELECT ?, 'Item ' || i, 1000 + i, NULL FROM n
            """, [document.list.id])
        let ids = try store.queue.read { db in try Set(Int64.fetchAll(db, sql: "SELECT id FROM item")) }
        let longest = SQLLengths()
        try store.queue.writeWithoutTransaction { db in db.trace { longest.note($0.description) } }
        try document.absorb(changedItemIDs: ids)
        try store.queue.writeWithoutTransaction { db in db.trace(options: []) { _ in } }
        XCTAssertGreaterThan(longest.count, 0, "the statements were seen")
        XCTAssertLessThan(longest.maximum, 2_000, "a statement as long as the ids it takes")
    }

    func testEveryCommitThatTouchesItemsIsToldWithTheirIDsAndARollbackIsNot() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["a", "b"])
        let heard = listening(store)
        let inserted = try document.insert(title: "c", at: 2)
        try write(store, "UPDATE item SET title = 'B' WHERE id = ?", [document.wholeItems[1].id])
        XCTAssertThrowsError(try store.queue.write { db in
            try db.execute(sql: "UPDATE item SET title = 'gone'")
            throw StoreError.itemNotFound(0)
        })
        try write(store, "UPDATE list SET name = 'Renamed'")
        XCTAssertEqual(heard.all, [[inserted.id!], [document.wholeItems[1].id!]])
    }

    /// A COMMIT that fails on the disk is rolled back by SQLite itself, and GRDB then tells the
    /// observers neither a commit nor a rollback. Its items were told with the next commit, even
    /// one of a setting: the open list took them in through the change runner, which hid the
    /// problem notice and its Retry, and the item the user completed stayed open.
    func testTheItemsOfACommitThatFailedOnTheDiskAreNotToldWithTheNextCommit() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["a", "b"])
        let heard = listening(store)
        let id = document.wholeItems[0].id!
        try FailingDisk.during {
            XCTAssertThrowsError(try document.setCompleted(id, true)) { error in
                XCTAssertEqual((error as? StorageFailure)?.problem, .diskError, "\(error)")
            }
        }
        XCTAssertFalse(document.wholeItems[0].isCompleted)
        XCTAssertEqual(try storedCompleted(store, id), false, "rolled back")
        try store.setSetting("some-key", to: "1")
        XCTAssertEqual(heard.all, [], "a commit that touched no item tells none")
        _ = try document.setCompleted(id, true)
        XCTAssertEqual(heard.all, [[id]])
        XCTAssertEqual(try storedCompleted(store, id), true)
    }

    private func storedCompleted(_ store: TodoStore, _ id: Int64) throws -> Bool? {
        try store.queue.read { db in try Bool.fetchOne(db, sql: "SELECT completed FROM item WHERE id = ?", arguments: [id]) }
    }

    func testAnotherWritersChangesAreTakenInPlaceAndTheUndoStays() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["a", "b", "c", "d"])
        let heard = listening(store)
        try document.rename(document.wholeItems[0].id!, to: "a, by me")
        var told: [[ListChange]] = []
        document.onChanges = { told.append($0) }
        let (b, c, d) = (document.wholeItems[1], document.wholeItems[2], document.wholeItems[3])
        // Another writer: renames b, deletes c, moves d to the top, adds e at the end.
        try store.queue.write { db in
            try db.execute(sql: "UPDATE item SET title = 'b, from the server' WHERE id = ?", arguments: [b.id])
            try db.execute(sql: "DELETE FROM item WHERE id = ?", arguments: [c.id])
            try db.execute(sql: "UPDATE item SET rank = ? WHERE id = ?", arguments: [document.wholeItems[0].rank - 10, d.id])
            try db.execute(sql: "INSERT INTO item (list_id, title, rank) VALUES (?, 'e', ?)",
                           arguments: [document.list.id, d.rank + 1000])
        }
        try document.absorb(changedItemIDs: heard.all.last!)
        XCTAssertEqual(document.wholeItems.map(\.title), try storedTitles(store, document))
        XCTAssertEqual(document.wholeItems.map(\.title), ["d", "a, by me", "b, from the server", "e"])
        XCTAssertEqual(told.count, 1, "one call for the whole commit")
        XCTAssertTrue(document.canUndo)
        try document.undo()
        XCTAssertEqual(document.wholeItems.map(\.title), ["d", "a", "b, from the server", "e"])
        XCTAssertEqual(try storedTitles(store, document), ["d", "a", "b, from the server", "e"])
    }

    func testTheDocumentsOwnWritesChangeNothingWhenTakenIn() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["a", "b"])
        let heard = listening(store)
        try document.insert(title: "c", at: 1)
        try document.move(document.wholeItems[2].id!, to: 0)
        _ = try document.setCompleted(document.wholeItems[1].id!, true)
        var told: [[ListChange]] = []
        document.onChanges = { told.append($0) }
        for ids in heard.all { try document.absorb(changedItemIDs: ids) }
        XCTAssertEqual(told, [], "nothing changed")
    }

    func testAnotherConnectionsCommitChangesTheDataVersionAndIsTakenInWhole() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["a", "b"])
        let version = try store.dataVersion()
        try document.rename(document.wholeItems[0].id!, to: "a, by me")
        XCTAssertEqual(try store.dataVersion(), version, "this connection's own commit")
        let other = try DatabaseQueue(path: db.url.path)
        try other.write { db in
            try db.execute(sql: "UPDATE item SET title = 'b, by another program' WHERE id = ?", arguments: [document.wholeItems[1].id])
            try db.execute(sql: "INSERT INTO item (list_id, title, rank) VALUES (?, 'c', ?)",
                           arguments: [document.list.id, document.wholeItems[1].rank + 100])
        }
        XCTAssertNotEqual(try store.dataVersion(), version)
        try document.absorbAllItems()
        XCTAssertEqual(document.wholeItems.map(\.title), ["a, by me", "b, by another program", "c"])
        try document.undo()
        XCTAssertEqual(try storedTitles(store, document), ["a", "b, by another program", "c"])
    }

    func testUndoFindsItsItemsWhereAnotherWriterLeftThem() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["a", "b", "c"])
        let heard = listening(store)
        let c = document.wholeItems[2]
        try document.move(c.id!, to: 0)  // c a b
        let deleted = try document.delete(document.wholeItems[1].id!)  // c b, "a" deleted at 1
        // Another writer puts two new items at the top: the recorded positions are stale.
        try store.queue.write { db in
            for (title, offset) in [("x", 2), ("y", 1)] {
                try db.execute(sql: "INSERT INTO item (list_id, title, rank) VALUES (?, ?, ?)",
                               arguments: [document.list.id, title, document.wholeItems[0].rank - Int64(offset) * 100])
            }
        }
        try document.absorb(changedItemIDs: heard.all.last!)
        XCTAssertEqual(document.wholeItems.map(\.title), ["x", "y", "c", "b"])
        try document.undo()  // "a" comes back where its rank puts it, between c and b
        XCTAssertEqual(document.wholeItems.map(\.title), ["x", "y", "c", "a", "b"])
        XCTAssertEqual(document.wholeItems.first { $0.title == "a" }?.id, deleted.id)
        try document.undo()  // the move of c, found by its id
        XCTAssertEqual(document.wholeItems.map(\.title), try storedTitles(store, document))
        XCTAssertEqual(Set(document.wholeItems.map(\.title)), ["x", "y", "a", "b", "c"])
        try document.redo()
        try document.redo()
        XCTAssertEqual(document.wholeItems.map(\.title), try storedTitles(store, document))
        XCTAssertFalse(document.wholeItems.contains { $0.title == "a" })
    }
}
