import GRDB
import XCTest
@testable import FlickCore

/// Schema v7 mends what v6's move trigger wrote: an unsent item moved to another calendar's
/// list and back, remembering its own list as the one it came from.
final class SchemaV7MigrationTests: XCTestCase {
    /// A v6 file whose item 1 went from list 1 to list 2 and back through v6's own trigger, and
    /// whose item 2 waits in list 2 for its calendar, having come from list 1.
    private func writeVersion6File(_ db: TestDatabase) throws {
        try DataDirectory.prepare(db.directory)
        let queue = try DatabaseQueue(path: db.url.path)
        try Schema.migrator.migrate(queue, upTo: "v6")
        try queue.write { connection in
            try connection.execute(sql: """
                INSERT INTO list (name, rank) VALUES ('One', 0), ('Two', 1);
                INSERT INTO account (url, user) VALUES ('http://127.0.0.1:5232', 'alice');
                INSERT INTO list_sync (list_id, account_id, url) VALUES
                    (1, 1, 'http://127.0.0.1:5232/alice/one/'), (2, 1, 'http://127.0.0.1:5232/alice/two/');
                INSERT INTO item (list_id, title, rank, uid) VALUES (1, 'there and back', 0, 'u1'), (1, 'away', 1, 'u2');
                UPDATE item SET list_id = 2 WHERE id IN (1, 2);
                UPDATE item SET list_id = 1 WHERE id = 1;
                """)
        }
        XCTAssertEqual(try movedFrom(queue), [1: 1, 2: 1], "v6 remembers list 1 for the item back in list 1")
        try queue.close()
    }

    private func movedFrom(_ queue: some DatabaseReader) throws -> [Int64: Int64?] {
        try queue.read { db in
            Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT item_id, moved_from FROM item_sync")
                .map { ($0[0] as Int64, $0[1] as Int64?) })
        }
    }

    func testAnItemBackHomeForgetsWhereItCameFromAndAMovedOneRemembers() throws {
        let db = TestDatabase()
        try writeVersion6File(db)
        let store = try db.openStore()
        XCTAssertEqual(try movedFrom(store.queue), [1: nil, 2: 1])
        XCTAssertNil(try store.returnRefusedMove(1), "made in list 1: no list to send it back to")
        XCTAssertEqual(try store.returnRefusedMove(2)?.listID, 1)
        try store.queue.read { db in
            XCTAssertEqual(try Int.fetchOne(db, sql: "PRAGMA user_version"), Schema.version)
        }
    }
}
