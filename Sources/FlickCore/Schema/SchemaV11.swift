import GRDB

/// Schema v11: Recently Deleted (DESIGN 3, "deleted is not gone"). Every item that
/// leaves the `item` table is kept in `deleted_item` for 30 days, its whole row as it was
/// (UID, times, the iCalendar text with what Flick does not understand, tags, its parent's
/// UID, its rank), with the name and UID of its list, when it went and how:
/// - `user`: a deletion in Flick (a gesture, a key, Clear Completed, a subtask, the command line);
/// - `sync`: the server no longer had it (written under `sync_guard`, as every pull is);
/// - `list`: its list was deleted.
///
/// Triggers write it, in the transaction of the deletion itself, so every path that deletes an
/// item (those there are and those to come) keeps it, and a kill -9 after the commit never
/// loses one. A list's items go by the cascade once the list's row is gone, so the list's own
/// trigger keeps them first (with the list's name), and the item's trigger keeps only items
/// whose list is still there.
///
/// Indexes: by UID (an item coming back), by time (the purge, the list newest first) and by
/// parent (a deleted item's subtasks, for its count and its restore; only subtasks are in it).
///
/// An item that comes back with its UID (an undo, a redo of an addition, a restore, a sync or
/// an import bringing it) is no longer deleted: the insert takes its entries out, in the same
/// transaction. The CalDAV tombstones (v4) are left as they are: a restore is an insert, which
/// takes its tombstone back or, once the server deleted it, is sent as a new resource.
enum SchemaV11 {
    /// The item's columns kept, in the order of `deleted_item`'s copies of them.
    static let itemColumns = """
        item_id, uid, title, completed, rank, notes, due_day, due_minute, due_zone, marks, reminder, reminded_at,
        snoozed_until, rrule, created_at, modified_at, completed_at, ical, base_rank, priority, tags, parent_uid
        """


    /// The same columns read from a row called `row` (`old` in a trigger, `item` in a select).
    static func itemValues(of row: String) -> String { values(of: row, columns: itemColumns) }

    static func values(of row: String, columns: String) -> String {
        columns.split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .map { $0 == "item_id" ? "\(row).id" : "\(row).\($0)" }
            .joined(separator: ", ")
    }

    /// The triggers that keep a deleted item's row (and its list's items'), copying `columns`.
    /// v12 makes them again with its start columns (`SchemaV12.keptColumns`).
    static func keepingTriggers(columns: String) -> String {
        """
            CREATE TRIGGER item_deleted_kept AFTER DELETE ON item
                WHEN EXISTS (SELECT 1 FROM list WHERE id = old.list_id)
                BEGIN
                    INSERT INTO deleted_item (reason, list_id, list_uid, list_name, \(columns))
                        SELECT CASE WHEN EXISTS (SELECT 1 FROM sync_guard) THEN 'sync' ELSE 'user' END,
                               list.id, list.uid, list.name, \(values(of: "old", columns: columns))
                        FROM list WHERE list.id = old.list_id;
                END;
            CREATE TRIGGER list_deleted_kept BEFORE DELETE ON list
                BEGIN
                    INSERT INTO deleted_item (reason, list_id, list_uid, list_name, \(columns))
                        SELECT 'list', old.id, old.uid, old.name, \(values(of: "item", columns: columns))
                        FROM item WHERE item.list_id = old.id;
                END;
        """
    }


    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE deleted_item (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                deleted_at INTEGER NOT NULL DEFAULT (\(SchemaV2.nowSQL)),
                reason TEXT NOT NULL,
                list_id INTEGER NOT NULL,
                list_uid TEXT NOT NULL,
                list_name TEXT NOT NULL,
                item_id INTEGER NOT NULL,
                uid TEXT NOT NULL,
                title TEXT NOT NULL,
                completed BOOLEAN NOT NULL,
                rank INTEGER NOT NULL,
                notes TEXT NOT NULL,
                due_day INTEGER,
                due_minute INTEGER,
                due_zone TEXT,
                marks INTEGER NOT NULL,
                reminder TEXT,
                reminded_at INTEGER,
                snoozed_until INTEGER,
                rrule TEXT,
                created_at INTEGER NOT NULL,
                modified_at INTEGER NOT NULL,
                completed_at INTEGER,
                ical TEXT,
                base_rank INTEGER,
                priority INTEGER NOT NULL,
                tags TEXT,
                parent_uid TEXT);
            CREATE INDEX deleted_item_uid ON deleted_item (uid);
            CREATE INDEX deleted_item_time ON deleted_item (deleted_at);
            CREATE INDEX deleted_item_parent ON deleted_item (parent_uid) WHERE parent_uid IS NOT NULL;

            \(keepingTriggers(columns: itemColumns))
            CREATE TRIGGER item_back_from_deleted AFTER INSERT ON item
                BEGIN DELETE FROM deleted_item WHERE uid = new.uid; END;
            CREATE TRIGGER item_uid_back_from_deleted AFTER UPDATE OF uid ON item WHEN new.uid IS NOT old.uid
                BEGIN DELETE FROM deleted_item WHERE uid = new.uid; END;
            PRAGMA user_version = 11;
            """)
    }
}
