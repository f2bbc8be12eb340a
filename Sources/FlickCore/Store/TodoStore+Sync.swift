import Foundation
import GRDB

/// What CalDAV sync keeps in the store (schema v4): accounts, the lists that are calendars,
/// the outbox of changes to send, and the server's changes applied without echo.
extension TodoStore {
    // MARK: Accounts and calendars

    /// The account for this server and user, added if new.
    public func addAccount(url: String, user: String) throws -> SyncAccount {
        try queue.save { db in
            try db.execute(sql: "INSERT INTO account (url, user) VALUES (?, ?) ON CONFLICT (url, user) DO NOTHING",
                           arguments: [url, user])
            let id = try Int64.fetchOne(db, sql: "SELECT id FROM account WHERE url = ? AND user = ?", arguments: [url, user])!
            return try Self.account(db, id: id)!
        }
    }

    public func accounts() throws -> [SyncAccount] {
        try queue.readKeepingStatements { db in
            try Int64.fetchAll(db, sql: "SELECT id FROM account ORDER BY id").compactMap { try Self.account(db, id: $0) }
        }
    }

    /// Forgets the account: its lists stay, with their items, as lists of this computer only;
    /// what they still had to send and the server's names for their items go. One transaction,
    /// so a list is never left half synced. The password is the caller's to clear. Its lists'
    /// items are no longer read-only: the pages hear the end of a writer (`writerFinished`),
    /// for no item or list row changed.
    public func removeAccount(id: Int64) throws {
        try queue.save { db in
            let lists = "SELECT list_id FROM list_sync WHERE account_id = ?"
            try db.execute(sql: "DELETE FROM item_sync WHERE list_id IN (\(lists))", arguments: [id])
            try db.execute(sql: "DELETE FROM sync_tombstone WHERE list_id IN (\(lists))", arguments: [id])
            try db.execute(sql: "DELETE FROM list_sync WHERE account_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM account WHERE id = ?", arguments: [id])
        }
        writerFinished()
    }

    /// Remembers where discovery found the account's principal and calendar home.
    public func setDiscovered(accountID: Int64, principalURL: String, homeURL: String) throws {
        try queue.save { db in
            try db.execute(sql: "UPDATE account SET principal_url = ?, home_url = ? WHERE id = ?",
                           arguments: [principalURL, homeURL, accountID])
        }
    }

    /// The lists that are calendars (of one account, or of all).
    public func syncedLists(accountID: Int64? = nil) throws -> [SyncedList] {
        try queue.readKeepingStatements { db in try Self.syncedLists(db, accountID: accountID) }
    }

    static func syncedLists(_ db: Database, accountID: Int64?) throws -> [SyncedList] {
        try Row.fetchAll(db, sql: """
            SELECT s.list_id, l.name, s.account_id, s.url, s.ctag, s.sync_token, s.read_only
            FROM list_sync s JOIN list l ON l.id = s.list_id
            WHERE ? IS NULL OR s.account_id = ? ORDER BY l.rank, l.id
            """, arguments: [accountID, accountID]).map { row in
            SyncedList(listID: row[0], name: row[1], accountID: row[2], url: row[3], ctag: row[4], syncToken: row[5],
                       readOnly: row[6])
        }
    }

    /// Makes a new list for a server calendar (at the end of the overview); its items come with
    /// the first pull. Returns the list's id; a calendar already linked keeps its list.
    public func addCalendarList(name: String, accountID: Int64, url: String, readOnly: Bool) throws -> Int64 {
        try queue.save { db in
            if let linked = try Int64.fetchOne(db, sql: "SELECT list_id FROM list_sync WHERE account_id = ? AND url = ?",
                                               arguments: [accountID, url]) {
                return linked
            }
            let lastRank = try Int64.fetchOne(db, sql: "SELECT max(rank) FROM list")
            var list = TodoList(name: name, rank: SparseRank.between(lastRank, nil) ?? 0)
            try list.insert(db)
            try db.execute(sql: "INSERT INTO list_sync (list_id, account_id, url, read_only) VALUES (?, ?, ?, ?)",
                           arguments: [list.id, accountID, url, readOnly])
            return list.id!
        }
    }

    /// Links a list Flick has to a calendar just made for it on the server: every item goes
    /// into the outbox, to be sent as a new resource.
    public func linkList(_ listID: Int64, accountID: Int64, url: String) throws {
        try queue.save { db in
            try db.execute(sql: "INSERT INTO list_sync (list_id, account_id, url) VALUES (?, ?, ?)",
                           arguments: [listID, accountID, url])
            try db.execute(sql: """
                INSERT INTO item_sync (item_id, list_id, uid) SELECT id, list_id, uid FROM item WHERE list_id = ?
                ON CONFLICT (item_id) DO UPDATE SET dirty = 1, revision = revision + 1
                """, arguments: [listID])
        }
    }

    /// The calendar's ctag and sync token after a pull.
    public func setCollectionState(listID: Int64, ctag: String?, syncToken: String?) throws {
        try queue.save { db in
            try db.execute(sql: "UPDATE list_sync SET ctag = ?, sync_token = ? WHERE list_id = ?",
                           arguments: [ctag, syncToken, listID])
        }
    }

    // MARK: The outbox

    /// The list's deletions and changed items still to send.
    public func outbox(listID: Int64) throws -> (tombstones: [SyncTombstone], items: [OutgoingItem]) {
        try queue.readKeepingStatements { db in
            // A tombstone an item moved to another synced list left is held back until the
            // calendar it went to holds it (SchemaV5).
            let tombstones = try Row.fetchAll(db, sql: """
                SELECT id, uid, href, etag FROM sync_tombstone t WHERE list_id = ? AND NOT EXISTS
                    (SELECT 1 FROM item_sync s WHERE s.uid = t.uid AND s.moved_from = t.list_id AND s.href IS NULL)
                ORDER BY id
                """, arguments: [listID]).map { row in
                SyncTombstone(id: row[0], uid: row[1], href: row[2], etag: row[3])
            }
            let items = try Row.fetchAll(db, sql: """
                SELECT s.item_id, s.revision, s.href, s.etag, \(ListExport.columns())
                FROM item_sync s JOIN item ON item.id = s.item_id WHERE s.list_id = ? AND s.dirty ORDER BY item.rank
                """, arguments: [listID]).map { row in
                OutgoingItem(itemID: row[0], revision: row[1], href: row[2], etag: row[3],
                             item: ListExport.exportedItem(row, from: 4))
            }
            return (tombstones, items)
        }
    }

    public func outboxCount() throws -> Int {
        try queue.readKeepingStatements { db in
            try Int.fetchOne(db, sql: "SELECT (SELECT count(*) FROM item_sync WHERE dirty) + (SELECT count(*) FROM sync_tombstone)")!
        }
    }

    /// The server has deleted the tombstone's resource (or never had it).
    public func tombstoneSent(_ id: Int64) throws {
        try queue.save { db in try db.execute(sql: "DELETE FROM sync_tombstone WHERE id = ?", arguments: [id]) }
    }

    /// The server has `text` for the item at `href` with `etag`: that is the new base. The item
    /// is clean unless it changed since the push read it (revision), when it is sent again.
    public func itemSent(_ item: OutgoingItem, href: String, etag: String?, text: String) throws {
        try queue.save { db in
            try db.execute(sql: """
                UPDATE item_sync SET href = ?, etag = ?, dirty = (revision <> ?), moved_from = NULL WHERE item_id = ?
                """, arguments: [href, etag, item.revision, item.itemID])
            try Self.setBase(text, of: item.itemID, db)
        }
    }

    // MARK: Pulling

    /// The resources Flick holds for the list, by href.
    public func knownResources(listID: Int64) throws -> [String: KnownResource] {
        try queue.readKeepingStatements { db in
            var known: [String: KnownResource] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT item_id, href, etag, dirty FROM item_sync WHERE list_id = ? AND href IS NOT NULL",
                                        arguments: [listID]) {
                let resource = KnownResource(itemID: row[0], href: row[1], etag: row[2], isDirty: row[3])
                known[resource.href] = resource
            }
            return known
        }
    }

    /// The item of the list with this UID, with its sync state, for a resource Flick did not
    /// know by its href (a create whose answer was lost, a server that renamed it).
    public func resource(listID: Int64, uid: String) throws -> (itemID: Int64, isDirty: Bool, href: String?)? {
        try queue.readKeepingStatements { db in
            try Row.fetchOne(db, sql: "SELECT item_id, dirty, href FROM item_sync WHERE list_id = ? AND uid = ?",
                             arguments: [listID, uid]).map { ($0[0], $0[1], $0[2]) }
        }
    }

    /// The item as Flick has it now, with its base, for a merge.
    public func outgoingItem(_ itemID: Int64) throws -> OutgoingItem? {
        try queue.readKeepingStatements { db in
            try Row.fetchOne(db, sql: """
                SELECT s.item_id, s.revision, s.href, s.etag, \(ListExport.columns())
                FROM item_sync s JOIN item ON item.id = s.item_id WHERE s.item_id = ?
                """, arguments: [itemID]).map { row in
                OutgoingItem(itemID: row[0], revision: row[1], href: row[2], etag: row[3],
                             item: ListExport.exportedItem(row, from: 4))
            }
        }
    }

    /// Applies the server's versions of resources of the list that have no local changes:
    /// new ones are added, known ones take the server's fields; nothing goes to the outbox.
    /// All in one transaction. Returns the resources not applied because their items have
    /// local changes after all, made since the caller found them clean (an edit typed while the
    /// sync fetched them): those are the caller's to merge, never to overwrite.
    @discardableResult
    public func applyPulled(_ pulled: [PulledItem], listID: Int64) throws -> [PulledItem] {
        guard !pulled.isEmpty else { return [] }
        return try queue.save { db in
            var edited: [PulledItem] = []
            try Self.guarded(db) {
                for resource in pulled {
                    if let itemID = try Self.itemID(listID: listID, href: resource.href, uid: resource.item.uid, db) {
                        if try Bool.fetchOne(db, sql: "SELECT dirty FROM item_sync WHERE item_id = ?", arguments: [itemID]) == true {
                            edited.append(resource)
                            continue
                        }
                        try Self.overwrite(itemID, with: resource, listID: listID, dirty: false, db)
                    } else {
                        try Self.insertPulled(resource, listID: listID, db)
                    }
                }
            }
            return edited
        }
    }

    /// Stores the outcome of a merge: the item's fields become `merged` (the server's text
    /// `pulled.item.ical` is the new base, with its ETag), and it stays in the outbox when the
    /// merge kept local changes the server does not have yet.
    ///
    /// With `revision`, the revision of the item the merge read: when the item has changed
    /// since (an edit typed while the sync waited for the server), nothing is written and the
    /// answer is false; the caller merges again with the item as it is now. A sync never writes
    /// over a local change made after it read the item.
    @discardableResult
    public func applyMerged(_ merged: ImportedItem, itemID: Int64, pulled: PulledItem, listID: Int64,
                            sendAgain: Bool, revision: Int64? = nil) throws -> Bool {
        try queue.save { db in
            if let revision,
               try Int64.fetchOne(db, sql: "SELECT revision FROM item_sync WHERE item_id = ?", arguments: [itemID]) != revision {
                return false
            }
            try Self.guarded(db) {
                var resource = pulled
                resource.item = merged
                resource.item.ical = pulled.item.ical
                try Self.overwrite(itemID, with: resource, listID: listID, dirty: sendAgain, db)
            }
            return true
        }
    }

    /// The server no longer has these resources: their items go, unless they have local
    /// changes (an edit wins over a deletion: the item is sent again as a new resource).
    public func applyRemoved(hrefs: [String], listID: Int64) throws {
        guard !hrefs.isEmpty else { return }
        try queue.save { db in
            try Self.guarded(db) {
                for href in hrefs {
                    guard let row = try Row.fetchOne(db, sql: "SELECT item_id, dirty FROM item_sync WHERE list_id = ? AND href = ?",
                                                     arguments: [listID, href]) else { continue }
                    let itemID: Int64 = row[0], dirty: Bool = row[1]
                    if dirty {
                        try db.execute(sql: "UPDATE item_sync SET href = NULL, etag = NULL WHERE item_id = ?", arguments: [itemID])
                    } else {
                        try db.execute(sql: "DELETE FROM item WHERE id = ?", arguments: [itemID])
                    }
                }
                // A tombstone for a resource the server no longer has is done.
                for href in hrefs {
                    try db.execute(sql: "DELETE FROM sync_tombstone WHERE list_id = ? AND href = ?", arguments: [listID, href])
                }
            }
        }
    }

    /// Deletes an item the server refused and never had (made here in a read-only calendar),
    /// without a tombstone.
    public func discardLocalItem(_ itemID: Int64) throws {
        try queue.save { db in
            try Self.guarded(db) { try db.execute(sql: "DELETE FROM item WHERE id = ?", arguments: [itemID]) }
        }
    }

    /// The lists whose calendars the account may only read: nothing is moved or added to them
    /// (the server would refuse it).
    public func readOnlyListIDs() throws -> Set<Int64> {
        try queue.readKeepingStatements { db in Set(try Int64.fetchAll(db, sql: "SELECT list_id FROM list_sync WHERE read_only")) }
    }

    // MARK: Moves between synced lists (SchemaV5)

    /// The copy of a moved item that waits in the calendar it came from, if there is one: the
    /// item has not reached the calendar of its new list yet.
    public func heldDeletion(ofMovedItem itemID: Int64) throws -> HeldDeletion? {
        try queue.readKeepingStatements { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT t.id, t.uid, t.href, t.etag, t.list_id FROM item_sync s
                JOIN sync_tombstone t ON t.list_id = s.moved_from AND t.uid = s.uid
                WHERE s.item_id = ? AND s.href IS NULL ORDER BY t.id LIMIT 1
                """, arguments: [itemID]) else { return nil }
            let listID: Int64 = row[4]
            guard let list = try Self.syncedLists(db, accountID: nil).first(where: { $0.listID == listID }) else { return nil }
            return HeldDeletion(tombstone: SyncTombstone(id: row[0], uid: row[1], href: row[2], etag: row[3]), list: list)
        }
    }

    /// A calendar refused an item moved into its list: the item goes back to the top of the
    /// list it came from. There it takes back the resource it has on the server (its held
    /// tombstone), or with `keepsResource` false (that copy was deleted and could not be made
    /// again) it is an item the server does not have yet. Nil when the item came from no list
    /// that still exists: it was made in the list that refused it.
    public func returnRefusedMove(_ itemID: Int64, keepsResource: Bool = true) throws -> ReturnedMove? {
        try queue.save { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT s.moved_from, s.uid, list.name, item.title FROM item_sync s
                JOIN list ON list.id = s.moved_from JOIN item ON item.id = s.item_id WHERE s.item_id = ?
                """, arguments: [itemID]) else { return nil }
            let home: Int64 = row[0], uid: String = row[1]
            // The rank first, outside the guard: other items a renumbering moves are changes to send.
            let rows = RankedRows(records: try TodoItem.ordered(inList: home).fetchAll(db), skipping: nil)
            let rank = try RankAllocator.freeRank(at: 0, in: rows, db: db).rank
            try Self.guarded(db) {
                try db.execute(sql: "UPDATE item SET list_id = ?, rank = ? WHERE id = ?", arguments: [home, rank, itemID])
                try db.execute(sql: "DELETE FROM item_sync WHERE item_id = ?", arguments: [itemID])
                try db.execute(sql: """
                    INSERT INTO item_sync (item_id, list_id, uid, href, etag)
                    SELECT ?, ?, ?, CASE WHEN ? THEN t.href END, CASE WHEN ? THEN t.etag END
                    FROM (SELECT 1) LEFT JOIN (SELECT href, etag FROM sync_tombstone WHERE list_id = ? AND uid = ?
                                               ORDER BY id LIMIT 1) AS t
                    WHERE EXISTS (SELECT 1 FROM list_sync WHERE list_id = ?)
                    """, arguments: [itemID, home, uid, keepsResource, keepsResource, home, uid, home])
                try db.execute(sql: "DELETE FROM sync_tombstone WHERE list_id = ? AND uid = ?", arguments: [home, uid])
            }
            return ReturnedMove(title: row[3], listID: home, listName: row[2])
        }
    }

    // MARK: Helpers

    static func account(_ db: Database, id: Int64) throws -> SyncAccount? {
        try Row.fetchOne(db, sql: "SELECT id, url, user, principal_url, home_url FROM account WHERE id = ?", arguments: [id]).map {
            SyncAccount(id: $0[0], url: $0[1], user: $0[2], principalURL: $0[3], homeURL: $0[4])
        }
    }

    /// Runs `body` with `sync_guard` set, so the outbox triggers record nothing.
    private static func guarded(_ db: Database, _ body: () throws -> Void) throws {
        try db.execute(sql: "INSERT INTO sync_guard (pulling) VALUES (1)")
        try body()
        try db.execute(sql: "DELETE FROM sync_guard")
    }

    private static func itemID(listID: Int64, href: String, uid: String, _ db: Database) throws -> Int64? {
        if let id = try Int64.fetchOne(db, sql: "SELECT item_id FROM item_sync WHERE list_id = ? AND href = ?",
                                       arguments: [listID, href]) {
            return id
        }
        return try Int64.fetchOne(db, sql: "SELECT item_id FROM item_sync WHERE list_id = ? AND uid = ?", arguments: [listID, uid])
    }

    /// A pulled item's rank is its place on the server, `sortOrder` (X-APPLE-SORT-ORDER, or its
    /// CREATED's seconds), even when another item has that rank: items of one sort order (made
    /// in the same second, as Nextcloud's "add multiple tasks" makes them) keep an equal rank,
    /// ordered by id, as Nextcloud keeps them in any order. Taking the next free rank instead put
    /// an item after one whose sort order is higher when that one came first (A 100, C 101,
    /// then B 100 became 102, below C).
    private static func insertPulled(_ resource: PulledItem, listID: Int64, _ db: Database) throws {
        let item = resource.item
        try db.execute(sql: insertSQL, arguments: StatementArguments([listID, item.sortOrder, item.uid] + fieldValues(of: item)))
        let itemID = db.lastInsertedRowID
        try setTimes(of: itemID, from: item, db)
        try db.execute(sql: "INSERT INTO item_sync (item_id, list_id, uid, href, etag, dirty) VALUES (?, ?, ?, ?, ?, 0)",
                       arguments: [itemID, listID, item.uid, resource.href, resource.etag])
    }

    private static func overwrite(_ itemID: Int64, with resource: PulledItem, listID: Int64, dirty: Bool, _ db: Database) throws {
        let item = resource.item
        let assignments = (["rank"] + fieldColumns).map { "\($0) = ?" }.joined(separator: ", ")
        try db.execute(sql: "UPDATE item SET \(assignments) WHERE id = ?",
                       arguments: StatementArguments([item.sortOrder] + fieldValues(of: item) + [itemID]))
        try setTimes(of: itemID, from: item, db)
        try db.execute(sql: """
            INSERT INTO item_sync (item_id, list_id, uid, href, etag, dirty) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (item_id) DO UPDATE SET href = excluded.href, etag = excluded.etag, dirty = excluded.dirty,
                revision = revision + 1
            """, arguments: [itemID, listID, item.uid, resource.href, resource.etag, dirty])
    }

    private static func setBase(_ text: String, of itemID: Int64, _ db: Database) throws {
        try db.execute(sql: "UPDATE item SET ical = ? WHERE id = ?", arguments: [text, itemID])
    }
}
