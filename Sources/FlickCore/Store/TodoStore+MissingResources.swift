import Foundation
import GRDB

/// The items of resources a calendar no longer has, while the user decides whether they go back
/// to the server or go here too (FlickSync's `MissingItems`).
extension TodoStore {
    /// The titles of the first `limit` of these resources' items, in the list's order.
    public func titles(ofResources hrefs: [String], listID: Int64, limit: Int) throws -> [String] {
        guard !hrefs.isEmpty, limit > 0 else { return [] }
        return try queue.readKeepingStatements { db in
            let marks = Array(repeating: "?", count: hrefs.count).joined(separator: ", ")
            return try String.fetchAll(db, sql: """
                SELECT item.title FROM item_sync s JOIN item ON item.id = s.item_id
                WHERE s.list_id = ? AND s.href IN (\(marks)) ORDER BY item.rank LIMIT ?
                """, arguments: StatementArguments([listID] + hrefs + [limit]))
        }
    }

    /// These resources' items go to the outbox as items the server does not have: the next push
    /// stores each again, as a new resource with its UID. The item itself is untouched.
    public func sendAgain(resources hrefs: [String], listID: Int64) throws {
        guard !hrefs.isEmpty else { return }
        try queue.save { db in
            for href in hrefs {
                try db.execute(sql: """
                    UPDATE item_sync SET href = NULL, etag = NULL, dirty = 1, revision = revision + 1
                    WHERE list_id = ? AND href = ?
                    """, arguments: [listID, href])
            }
        }
    }
}
