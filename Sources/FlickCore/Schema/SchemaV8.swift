import GRDB

/// Schema v8: an item's priority, tags and parent task, read from and written to
/// iCalendar's PRIORITY, CATEGORIES and RELATED-TO (RELTYPE=PARENT, or no RELTYPE, which RFC
/// 5545 says means the parent).
/// - `priority`: iCalendar's 0 (none) to 9; 1 is the highest. Flick offers high (1), medium (5)
///   and low (9), and keeps any other value a file or a server has.
/// - `tags`: the CATEGORIES, in their order, one per line (`ItemTags`); NULL for none.
/// - `parent_uid`: the UID of the task this one is a subtask of, as the file says it: a child
///   may arrive before its parent, or without it, and is kept as it came.
/// A change to any of them is a change to send (the outbox trigger of v4, with these columns),
/// and a change of the item (its modification time, as v2's trigger keeps it).
///
/// An item stored before v8 with iCalendar text has these in the text only; nothing in
/// FlickCore reads iCalendar, so the migration marks them unread (`unread` priority) instead,
/// before the triggers that would count that as an edit exist. Writing such an item out keeps
/// its text's three values (FlickSync's export); an import, a pull or an edit in Flick sets them.
enum SchemaV8 {
    /// The priority of an item whose iCalendar text has not been read for these three yet.
    static let unread = -1

    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE item ADD COLUMN priority INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE item ADD COLUMN tags TEXT;
            ALTER TABLE item ADD COLUMN parent_uid TEXT;
            CREATE INDEX item_parent ON item (list_id, parent_uid) WHERE parent_uid IS NOT NULL;
            DROP TRIGGER outbox_update;
            DROP TRIGGER item_modified;
            UPDATE item SET priority = \(unread) WHERE ical IS NOT NULL;
            CREATE TRIGGER item_modified
                AFTER UPDATE OF list_id, title, completed, rank, notes, due_day, due_minute, due_zone, reminder, rrule,
                                priority, tags, parent_uid ON item
                WHEN new.modified_at = old.modified_at
                BEGIN UPDATE item SET modified_at = \(SchemaV2.nowSQL) WHERE id = new.id; END;
            CREATE TRIGGER outbox_update
                AFTER UPDATE OF title, notes, completed, completed_at, due_day, due_minute, due_zone, reminder, rrule, rank,
                                priority, tags, parent_uid
                ON item
                WHEN NOT EXISTS (SELECT 1 FROM sync_guard) AND new.list_id = old.list_id
                    AND (new.title IS NOT old.title OR new.notes IS NOT old.notes OR new.completed IS NOT old.completed
                        OR new.completed_at IS NOT old.completed_at OR new.due_day IS NOT old.due_day
                        OR new.due_minute IS NOT old.due_minute OR new.due_zone IS NOT old.due_zone
                        OR new.reminder IS NOT old.reminder OR new.rrule IS NOT old.rrule OR new.rank IS NOT old.rank
                        OR new.priority IS NOT old.priority OR new.tags IS NOT old.tags
                        OR new.parent_uid IS NOT old.parent_uid)
                    AND EXISTS (SELECT 1 FROM list_sync WHERE list_id = new.list_id)
                BEGIN
                    INSERT INTO item_sync (item_id, list_id, uid) VALUES (new.id, new.list_id, new.uid)
                        ON CONFLICT (item_id) DO UPDATE SET dirty = 1, revision = revision + 1;
                END;
            PRAGMA user_version = 8;
            """)
    }
}
