import GRDB

/// Schema v4, for CalDAV sync (DESIGN 6): accounts, the lists that are calendars, and per item
/// of such a list its resource on the server and whether it has changes to send (the outbox).
///
/// The outbox is written by triggers, in the transaction of the change itself, so every write
/// path (the window, the command line, undo, an import) records what the next sync must send,
/// and a change made offline or just before a crash is sent later, exactly once:
/// - an item added to, changed in or moved into a calendar's list is marked `dirty` (and its
///   `revision` counts up, so a sync that read revision n cleans only revision n);
/// - an item deleted from, or moved out of, such a list leaves a tombstone (its href and ETag)
///   until the server has deleted it; one added back with its UID (undo, which gives the UID
///   back after the insert) takes its tombstone back, so the resource is updated rather than
///   deleted and made again;
/// - nothing is recorded while `sync_guard` has a row: a pull writes under it, so applying the
///   server's changes never sends them back (no echo).
/// Deleting a list deletes no calendar and no resource: the list is only no longer synced
/// (its items go by the cascade, when the list's row is already gone, so they leave no
/// tombstones).
///
/// The last text both sides agreed on, the base of every merge, is `item.ical` (schema v3).
enum SchemaV4 {
    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE account (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                url TEXT NOT NULL,
                user TEXT NOT NULL,
                principal_url TEXT,
                home_url TEXT,
                UNIQUE (url, user));
            CREATE TABLE list_sync (
                list_id INTEGER PRIMARY KEY REFERENCES list(id) ON DELETE CASCADE,
                account_id INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                url TEXT NOT NULL,
                ctag TEXT,
                sync_token TEXT,
                color TEXT,
                read_only BOOLEAN NOT NULL DEFAULT 0,
                UNIQUE (account_id, url));
            CREATE TABLE item_sync (
                item_id INTEGER PRIMARY KEY REFERENCES item(id) ON DELETE CASCADE,
                list_id INTEGER NOT NULL,
                uid TEXT NOT NULL,
                href TEXT,
                etag TEXT,
                dirty BOOLEAN NOT NULL DEFAULT 1,
                revision INTEGER NOT NULL DEFAULT 1);
            CREATE INDEX item_sync_href ON item_sync (list_id, href);
            CREATE INDEX item_sync_uid ON item_sync (uid);
            CREATE INDEX item_sync_dirty ON item_sync (list_id) WHERE dirty;
            CREATE TABLE sync_tombstone (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                list_id INTEGER NOT NULL REFERENCES list(id) ON DELETE CASCADE,
                uid TEXT NOT NULL,
                href TEXT NOT NULL,
                etag TEXT);
            CREATE INDEX sync_tombstone_list ON sync_tombstone (list_id, uid);
            CREATE TABLE sync_guard (pulling INTEGER);

            CREATE TRIGGER outbox_insert AFTER INSERT ON item
                WHEN NOT EXISTS (SELECT 1 FROM sync_guard) AND EXISTS (SELECT 1 FROM list_sync WHERE list_id = new.list_id)
                BEGIN
                    INSERT INTO item_sync (item_id, list_id, uid, href, etag)
                        SELECT new.id, new.list_id, new.uid,
                               (SELECT href FROM sync_tombstone WHERE list_id = new.list_id AND uid = new.uid),
                               (SELECT etag FROM sync_tombstone WHERE list_id = new.list_id AND uid = new.uid);
                    DELETE FROM sync_tombstone WHERE list_id = new.list_id AND uid = new.uid;
                END;
            CREATE TRIGGER outbox_update
                AFTER UPDATE OF title, notes, completed, completed_at, due_day, due_minute, due_zone, reminder, rrule, rank
                ON item
                WHEN NOT EXISTS (SELECT 1 FROM sync_guard) AND new.list_id = old.list_id
                    AND (new.title IS NOT old.title OR new.notes IS NOT old.notes OR new.completed IS NOT old.completed
                        OR new.completed_at IS NOT old.completed_at OR new.due_day IS NOT old.due_day
                        OR new.due_minute IS NOT old.due_minute OR new.due_zone IS NOT old.due_zone
                        OR new.reminder IS NOT old.reminder OR new.rrule IS NOT old.rrule OR new.rank IS NOT old.rank)
                    AND EXISTS (SELECT 1 FROM list_sync WHERE list_id = new.list_id)
                BEGIN
                    INSERT INTO item_sync (item_id, list_id, uid) VALUES (new.id, new.list_id, new.uid)
                        ON CONFLICT (item_id) DO UPDATE SET dirty = 1, revision = revision + 1;
                END;
            CREATE TRIGGER outbox_move AFTER UPDATE OF list_id ON item
                WHEN NOT EXISTS (SELECT 1 FROM sync_guard) AND new.list_id <> old.list_id
                BEGIN
                    INSERT INTO sync_tombstone (list_id, uid, href, etag)
                        SELECT old.list_id, old.uid, href, etag FROM item_sync WHERE item_id = old.id AND href IS NOT NULL;
                    DELETE FROM item_sync WHERE item_id = old.id;
                    INSERT INTO item_sync (item_id, list_id, uid)
                        SELECT new.id, new.list_id, new.uid WHERE EXISTS (SELECT 1 FROM list_sync WHERE list_id = new.list_id);
                END;
            CREATE TRIGGER outbox_uid AFTER UPDATE OF uid ON item
                WHEN NOT EXISTS (SELECT 1 FROM sync_guard) AND new.uid IS NOT old.uid
                    AND EXISTS (SELECT 1 FROM item_sync WHERE item_id = new.id)
                BEGIN
                    UPDATE item_sync SET uid = new.uid,
                        href = coalesce((SELECT href FROM sync_tombstone WHERE list_id = new.list_id AND uid = new.uid), href),
                        etag = coalesce((SELECT etag FROM sync_tombstone WHERE list_id = new.list_id AND uid = new.uid), etag)
                        WHERE item_id = new.id;
                    DELETE FROM sync_tombstone WHERE list_id = new.list_id AND uid = new.uid;
                END;
            CREATE TRIGGER outbox_delete BEFORE DELETE ON item
                WHEN NOT EXISTS (SELECT 1 FROM sync_guard) AND EXISTS (SELECT 1 FROM list WHERE id = old.list_id)
                BEGIN
                    INSERT INTO sync_tombstone (list_id, uid, href, etag)
                        SELECT old.list_id, old.uid, href, etag FROM item_sync WHERE item_id = old.id AND href IS NOT NULL;
                END;
            PRAGMA user_version = 4;
            """)
    }
}
