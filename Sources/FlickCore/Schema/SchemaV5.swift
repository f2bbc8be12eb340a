import GRDB

/// Schema v5: a move between synced lists is a unit (issue 34: a move that the server refused
/// deleted the task everywhere, on Radicale and Cyrus). Moving an item out of a
/// calendar's list leaves a tombstone there, as in v4; the item, in the synced list it went to,
/// remembers in `item_sync.moved_from` the list it came from until the calendar it went to
/// holds it (its `href` is set). While it does not:
/// - the tombstone of its UID in `moved_from` is held back: the old copy is deleted only once
///   the new one is stored, so a refusal or a crash in between loses nothing;
/// - a calendar that refuses it sends it back to `moved_from`, with the resource it had there.
/// A move on before the first is sent keeps the first list it came from: that is where the
/// server still has it. A move back to a list whose tombstone of the UID is still there takes
/// the tombstone back (as an insert does), so the resource is kept rather than deleted and made
/// again.
enum SchemaV5 {
    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE item_sync ADD COLUMN moved_from INTEGER;
            DROP TRIGGER outbox_move;
            CREATE TRIGGER outbox_move AFTER UPDATE OF list_id ON item
                WHEN NOT EXISTS (SELECT 1 FROM sync_guard) AND new.list_id <> old.list_id
                BEGIN
                    INSERT INTO sync_tombstone (list_id, uid, href, etag)
                        SELECT old.list_id, old.uid, href, etag FROM item_sync WHERE item_id = old.id AND href IS NOT NULL;
                    INSERT OR REPLACE INTO item_sync (item_id, list_id, uid, href, etag, moved_from)
                        SELECT new.id, new.list_id, new.uid, tombstone.href, tombstone.etag,
                               CASE WHEN tombstone.href IS NULL
                                    THEN coalesce((SELECT moved_from FROM item_sync WHERE item_id = old.id AND href IS NULL),
                                                  old.list_id) END
                        FROM (SELECT 1) LEFT JOIN (SELECT href, etag FROM sync_tombstone
                                                   WHERE list_id = new.list_id AND uid = new.uid LIMIT 1) AS tombstone
                        WHERE EXISTS (SELECT 1 FROM list_sync WHERE list_id = new.list_id);
                    DELETE FROM item_sync WHERE item_id = old.id
                        AND NOT EXISTS (SELECT 1 FROM list_sync WHERE list_id = new.list_id);
                    DELETE FROM sync_tombstone WHERE list_id = new.list_id AND uid = new.uid;
                END;
            PRAGMA user_version = 5;
            """)
    }
}
