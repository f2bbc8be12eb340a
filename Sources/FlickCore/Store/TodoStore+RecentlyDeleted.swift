import Foundation
import GRDB

/// Recently Deleted (schema v11): what deleted items are kept, and how they come back
/// or go for good. The keeping itself is the schema's triggers', in every deletion's own
/// transaction; here are the reads and the writes the window and the command line ask for.
extension TodoStore {
    /// How long a deleted item is kept before it goes for good.
    public static let recentlyDeletedDays = 30

    /// The entries of Recently Deleted, newest first, after those older than 30 days at `now`
    /// went for good. Subtasks deleted with their parent are counted in it, not listed.
    public func recentlyDeleted(now: Date = Date()) throws -> [DeletedItem] {
        try purgeRecentlyDeleted(now: now)
        return try queue.readKeepingStatements { db in try Self.topEntries(db) }
    }

    /// Removes for good the entries deleted more than 30 days before `now`; returns how many.
    /// Looks first, so that most calls, with nothing that old, write nothing (no transaction to
    /// wait for another writer's, nothing for a sync or a backup to hear of).
    @discardableResult
    public func purgeRecentlyDeleted(now: Date = Date()) throws -> Int {
        let oldest = Self.milliseconds(now) - Int64(Self.recentlyDeletedDays) * 86_400_000
        let anyTooOld = try queue.readKeepingStatements { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM deleted_item WHERE deleted_at < ?)", arguments: [oldest]) ?? false
        }
        guard anyTooOld else { return 0 }
        return try queue.save { db in
            try db.execute(sql: "DELETE FROM deleted_item WHERE deleted_at < ?", arguments: [oldest])
            return db.changesCount
        }
    }

    /// "Delete forever" of one entry, and of its subtasks with it.
    public func deleteForever(_ entryID: Int64) throws {
        try queue.save { db in
            let ids = try Self.entryAndSubtasks(entryID, db)
            try db.execute(sql: "DELETE FROM deleted_item WHERE id IN (\(IDArray.values))", arguments: [IDArray.argument(ids)])
        }
    }

    /// "Empty": every entry goes for good.
    public func emptyRecentlyDeleted() throws {
        try queue.save { db in try db.execute(sql: "DELETE FROM deleted_item") }
    }

    /// Puts the entry's item back, with its subtasks, in one transaction: in its list (made
    /// again, with its name and UID, when it was deleted), at its rank when no item holds it
    /// now, else at the top; with the same UID, times, text and fields, so its export is what
    /// it was. In a synced list the insert is a change to send (schema v4's triggers): it takes
    /// back its tombstone if the deletion was not sent yet, else it is sent as a new resource.
    public func restoreDeleted(_ entryID: Int64) throws -> RestoredItem {
        try queue.save { db in
            let ids = try Self.entryAndSubtasks(entryID, db)
            // Read whole before the first insert: an item that comes back takes its entry out.
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM deleted_item WHERE id IN (\(IDArray.values)) ORDER BY item_id",
                                        arguments: [IDArray.argument(ids)])
            guard let entry = rows.first(where: { $0["id"] == entryID }) else { throw StoreError.deletedItemNotFound(entryID) }
            let (list, madeAgain) = try Self.listForRestore(of: entry, db)
            var entryPlace = (itemID: Int64(0), atItsPlace: true)
            for row in rows {
                let restored = try Self.restoreRow(row, into: list.id!, db)
                if row["id"] == entryID { entryPlace = restored }
            }
            return RestoredItem(title: entry["title"], itemID: entryPlace.itemID, listID: list.id!, listName: list.name,
                                madeListAgain: madeAgain, atItsPlace: entryPlace.atItsPlace, subtaskCount: rows.count - 1)
        }
    }

    // MARK: Reading

    /// The entries that are not subtasks of another entry of their list, newest first.
    /// How many entries `recentlyDeleted` lists (the overview's count), without reading them.
    public func recentlyDeletedCount() throws -> Int {
        try queue.readKeepingStatements { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM deleted_item d WHERE \(Self.isTopEntry)") ?? 0
        }
    }

    /// An entry that is not a subtask deleted with its parent (which comes back with it).
    private static let isTopEntry = """
        (d.parent_uid IS NULL
            OR NOT EXISTS (SELECT 1 FROM deleted_item p WHERE p.uid = d.parent_uid AND p.list_uid = d.list_uid))
        """

    private static func topEntries(_ db: Database) throws -> [DeletedItem] {
        let rows = try Row.fetchAll(db, sql: """
            SELECT d.id, d.title, d.uid, d.list_name, d.deleted_at, d.reason FROM deleted_item d
            WHERE \(isTopEntry)
            ORDER BY d.deleted_at DESC, d.id DESC
            """)
        return try rows.map { row in
            DeletedItem(id: row[0], title: row[1], uid: row[2], listName: row[3],
                        deletedAt: Date(timeIntervalSince1970: Double(row[4] as Int64) / 1000),
                        reason: DeletionReason(rawValue: row[5]) ?? .user,
                        subtaskCount: try entryAndSubtasks(row[0], db).count - 1)
        }
    }

    /// The entry and the entries below it: those of its list whose parent is it, or one of them,
    /// at any depth. A loop of parents (a file can say anything) ends where it comes round.
    private static func entryAndSubtasks(_ entryID: Int64, _ db: Database) throws -> [Int64] {
        try Int64.fetchAll(db, sql: """
            WITH RECURSIVE below(id, uid, list_uid) AS (
                SELECT id, uid, list_uid FROM deleted_item WHERE id = ?
                UNION
                SELECT d.id, d.uid, d.list_uid FROM deleted_item d JOIN below b ON d.parent_uid = b.uid AND d.list_uid = b.list_uid)
            SELECT id FROM below
            """, arguments: [entryID])
    }

    // MARK: Restoring

    /// The list an entry goes back to: its own while it is there, else one made again from it
    /// (by an earlier restore of the same list's items, or now, last in the lists).
    private static func listForRestore(of entry: Row, _ db: Database) throws -> (TodoList, madeAgain: Bool) {
        if let list = try TodoList.fetchOne(db, key: entry["list_id"] as Int64) { return (list, false) }
        if let list = try TodoList.filter(Column("uid") == (entry["list_uid"] as String)).fetchOne(db) { return (list, false) }
        let lastRank = try Int64.fetchOne(db, sql: "SELECT max(rank) FROM list")
        var list = TodoList(name: entry["list_name"], rank: SparseRank.between(lastRank, nil) ?? 0, uid: entry["list_uid"])
        try list.insert(db)
        return (list, true)
    }

    /// Inserts one kept row as the item it was, in `listID`: its id when still free, its rank
    /// when still free in the list, else the top. Returns the item's id and whether it kept its rank.
    private static func restoreRow(_ row: Row, into listID: Int64, _ db: Database) throws -> (itemID: Int64, atItsPlace: Bool) {
        let keptRank: Int64 = row["rank"]
        let rankTaken = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM item WHERE list_id = ? AND rank = ?)",
                                          arguments: [listID, keptRank]) ?? false
        let rank = rankTaken ? try topRank(in: listID, db) : keptRank
        let idTaken = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM item WHERE id = ?)",
                                        arguments: [row["item_id"] as Int64]) ?? false
        let columns = keptColumns
        var arguments: StatementArguments = [idTaken ? nil : row["item_id"] as Int64?, listID, rank]
        for column in columns { arguments += [row[column] as DatabaseValue] }
        try db.execute(sql: """
            INSERT INTO item (id, list_id, rank, \(columns.joined(separator: ", ")))
            VALUES (?, ?, ?, \(Array(repeating: "?", count: columns.count).joined(separator: ", ")))
            """, arguments: arguments)
        let itemID = db.lastInsertedRowID
        // The insert's trigger (v6) made the base rank the rank; the item's was kept as it was,
        // so its export says the order it said (X-APPLE-SORT-ORDER only once moved).
        try db.execute(sql: "UPDATE item SET base_rank = ? WHERE id = ? AND base_rank IS NOT ?",
                       arguments: [row["base_rank"] as Int64?, itemID, row["base_rank"] as Int64?])
        return (itemID, !rankTaken)
    }

    /// The kept columns an insert writes as they were: all but the id, the list and the rank,
    /// which the restore decides, and the base rank, set after the insert's trigger.
    private static var keptColumns: [String] {
        SchemaV12.keptColumns.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !["item_id", "rank", "base_rank"].contains($0) }
    }

    /// A rank above every item of the list, renumbering a few at the top if there is no room.
    private static func topRank(in listID: Int64, _ db: Database) throws -> Int64 {
        let rows = RankedRows(records: try ItemRow.ordered(inList: listID).fetchAll(db), skipping: nil)
        return try RankAllocator.freeRank(at: 0, in: rows, db: db).rank
    }
}
