import GRDB
import GRDBSQLite
import XCTest
@testable import FlickCore

/// Reads leave the connection's compiled statements alone: a flag pragma (GRDB's read-only mode
/// is `PRAGMA query_only`) makes SQLite expire all of them, and each was compiled again at its
/// next use, the undo's big inserts with their triggers included (issue 30).
final class StatementsKeptTests: XCTestCase {
    /// How many times SQLite has compiled the statement again since it was first prepared.
    private static func recompilations(_ statement: Statement) -> Int32 {
        sqlite3_stmt_status(statement.sqliteStatement, SQLITE_STMTSTATUS_REPREPARE, 0)
    }

    private static func countItems(_ queue: DatabaseQueue) throws -> Int32 {
        try queue.inDatabase { db in
            let statement = try db.cachedStatement(sql: "SELECT count(*) FROM item")
            _ = try Int.fetchOne(statement)
            return recompilations(statement)
        }
    }

    func testAReadKeepsTheCompiledStatementsWhereGRDBsReadDoesNot() throws {
        let db = TestDatabase()
        let (store, _) = try db.document(["a", "b"])
        let first = try Self.countItems(store.queue)

        let titles = try store.queue.readKeepingStatements { db in try String.fetchAll(db, sql: "SELECT title FROM item") }
        XCTAssertEqual(titles.sorted(), ["a", "b"])
        XCTAssertEqual(try Self.countItems(store.queue), first, "not compiled again after readKeepingStatements")

        // What the helper goes round: if GRDB's read stops expiring statements, this says so.
        _ = try store.queue.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
        XCTAssertEqual(try Self.countItems(store.queue), first + 1, "compiled again after GRDB's read")
    }

    func testAReadSeesOneStateOfTheDatabaseAndCommitsNothing() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["a"])
        let heard = HeardCommits(store)
        let inTransaction = try store.queue.readKeepingStatements { db in db.isInsideTransaction }
        XCTAssertTrue(inTransaction, "a read is one transaction, so its statements see one state")
        XCTAssertEqual(heard.all, [], "a read tells no change")
        _ = try document.insert(title: "b", at: 0)
        XCTAssertEqual(heard.all.count, 1, "a write still does")
    }

    /// Everything a list does in a Clear Completed and its undo, reads included, runs without a
    /// flag pragma: a `queue.read` that comes back in these paths fails here.
    func testAClearCompletedAndItsUndoSetNoPragma() throws {
        let db = TestDatabase()
        let (store, document) = try db.document(["a", "b", "c"])
        let statements = SQLStatements()
        store.queue.writeWithoutTransaction { db in db.trace { statements.note($0.description) } }
        _ = try document.setCompleted(try XCTUnwrap(document.wholeItems.first?.id), true)
        XCTAssertEqual(try document.clearCompleted(), 1)
        try document.absorb(changedItemIDs: Set(document.wholeItems.compactMap(\.id)))
        _ = try document.undo()
        try document.absorb(changedItemIDs: Set(document.wholeItems.compactMap(\.id)))
        store.queue.writeWithoutTransaction { db in db.trace(options: []) { _ in } }
        XCTAssertGreaterThan(statements.all.count, 5, "the statements were seen")
        XCTAssertEqual(statements.all.filter { $0.uppercased().hasPrefix("PRAGMA") }, [])
    }
}
