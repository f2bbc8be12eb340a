import GRDB

/// Schema v14: a completion that writes its own time is not written again. `item_completed`
/// (v2) set `completed_at` with a second UPDATE of every row whose state changed, and
/// `item_modified` `modified_at` with a third. Completing 8,572 selected items at once
/// (`make bench`'s selection rows) spent 35 of its 73 ms of SQL in those two. A write may now
/// set both itself, in the same statement (`ListDocument.writeCompletedAll`): `item_modified`
/// already stood back when `modified_at` changed, and `item_completed` now stands back when
/// `completed_at` did. Every other write of `completed` is as before.
enum SchemaV14 {
    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            DROP TRIGGER item_completed;
            CREATE TRIGGER item_completed AFTER UPDATE OF completed ON item
                WHEN new.completed <> old.completed AND new.completed_at IS old.completed_at
                BEGIN UPDATE item SET completed_at = CASE WHEN new.completed THEN \(SchemaV2.nowSQL) END WHERE id = new.id; END;
            PRAGMA user_version = 14;
            """)
    }
}
