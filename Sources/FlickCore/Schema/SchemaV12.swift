import GRDB

/// Schema v12: an item's start date, "not before": iCalendar's DTSTART on a VTODO,
/// which tasks.org calls the start date (and hides a task until), Thunderbird "Start" and
/// Nextcloud Tasks "start". It is stored as the due date is (`start_day` yyyymmdd,
/// `start_minute`, `start_zone`; `DueDate`), in the form the file had it: a DATE or a
/// DATE-TIME in a zone.
///
/// A change to it is a change of the item and a change to send: the modification and outbox
/// triggers (v8) are made again with the three columns. Recently Deleted keeps them too
/// (`deleted_item`, v11, whose triggers are made again with `SchemaV11.itemColumns`, which now
/// names them).
///
/// An item stored before v12 with iCalendar text that has a DTSTART has its start in the text
/// only; FlickCore reads no iCalendar, so the migration marks it unread (`unread`), before the
/// triggers that would count that as an edit exist, and FlickSync fills it in later with what
/// v8 left unread, the priority, tags and parent (`OrganisingBackfill`). Until then the item
/// is written out with its text's DTSTART as it is: a push never removes a start Flick has not
/// read.
/// `item_start` finds the items Today takes by their start (an item due later, or never, is
/// in Today from its start day on); `unread` is -1, below every day, so an unread start is no
/// start for Today, the rows and the counts.
enum SchemaV12 {
    /// The `start_day` of an item whose iCalendar text has not been read for its start yet.
    static let unread = -1

    /// The item's columns `deleted_item` keeps from v12 on: v11's and the start date's.
    static let keptColumns = SchemaV11.itemColumns + ", start_day, start_minute, start_zone"

    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE item ADD COLUMN start_day INTEGER;
            ALTER TABLE item ADD COLUMN start_minute INTEGER;
            ALTER TABLE item ADD COLUMN start_zone TEXT;
            ALTER TABLE deleted_item ADD COLUMN start_day INTEGER;
            ALTER TABLE deleted_item ADD COLUMN start_minute INTEGER;
            ALTER TABLE deleted_item ADD COLUMN start_zone TEXT;
            UPDATE item SET start_day = \(unread) WHERE ical LIKE '%DTSTART%';
            CREATE INDEX item_start ON item (start_day) WHERE start_day IS NOT NULL;
            DROP TRIGGER item_modified;
            DROP TRIGGER outbox_update;
            DROP TRIGGER item_deleted_kept;
            DROP TRIGGER list_deleted_kept;
            CREATE TRIGGER item_modified
                AFTER UPDATE OF list_id, title, completed, rank, notes, due_day, due_minute, due_zone, reminder, rrule,
                                priority, tags, parent_uid, start_day, start_minute, start_zone ON item
                WHEN new.modified_at = old.modified_at
                BEGIN UPDATE item SET modified_at = \(SchemaV2.nowSQL) WHERE id = new.id; END;
            CREATE TRIGGER outbox_update
                AFTER UPDATE OF title, notes, completed, completed_at, due_day, due_minute, due_zone, reminder, rrule, rank,
                                priority, tags, parent_uid, start_day, start_minute, start_zone
                ON item
                WHEN NOT EXISTS (SELECT 1 FROM sync_guard) AND new.list_id = old.list_id
                    AND (new.title IS NOT old.title OR new.notes IS NOT old.notes OR new.completed IS NOT old.completed
                        OR new.completed_at IS NOT old.completed_at OR new.due_day IS NOT old.due_day
                        OR new.due_minute IS NOT old.due_minute OR new.due_zone IS NOT old.due_zone
                        OR new.reminder IS NOT old.reminder OR new.rrule IS NOT old.rrule OR new.rank IS NOT old.rank
                        OR new.priority IS NOT old.priority OR new.tags IS NOT old.tags
                        OR new.parent_uid IS NOT old.parent_uid OR new.start_day IS NOT old.start_day
                        OR new.start_minute IS NOT old.start_minute OR new.start_zone IS NOT old.start_zone)
                    AND EXISTS (SELECT 1 FROM list_sync WHERE list_id = new.list_id)
                BEGIN
                    INSERT INTO item_sync (item_id, list_id, uid) VALUES (new.id, new.list_id, new.uid)
                        ON CONFLICT (item_id) DO UPDATE SET dirty = 1, revision = revision + 1;
                END;
            \(SchemaV11.keepingTriggers(columns: keptColumns))
            PRAGMA user_version = 12;
            """)
    }
}
