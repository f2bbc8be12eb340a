import GRDB

/// Schema v7: an item moved back to the list it came from is home (kill trials, seed 413679).
/// v5's move trigger kept `moved_from` when an item the server did not hold yet moved on, so an
/// unsent item moved away and back remembered its own list as the one it came from; a calendar
/// refusing it would have "returned" it to the list that refused it, again and again. The
/// trigger is v5's with `moved_from` cleared when it names the list the item arrives in, and
/// the rows already written that way are mended.
enum SchemaV7 {
    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            DROP TRIGGER outbox_move;
            CREATE TRIGGER outbox_move AFTER UPDATE OF list_id ON item
                WHEN NOT EXISTS (SELECT 1 FROM sync_guard) AND new.list_id <> old.list_id
                BEGIN
                    INSERT INTO sync_tombstone (list_id, uid, href, etag)
                        SELECT old.list_id, old.uid, href, etag FROM item_sync WHERE item_id = old.id AND href IS NOT NULL;
                    INSERT OR REPLACE INTO item_sync (item_id, list_id, uid, href, etag, moved_from)
                        SELECT new.id, new.list_id, new.uid, tombstone.href, tombstone.etag,
                               CASE WHEN tombstone.href IS NULL
                                    THEN nullif(coalesce((SELECT moved_from FROM item_sync WHERE item_id = old.id AND href IS NULL),
                                                         old.list_id), new.list_id) END
                        FROM (SELECT 1) LEFT JOIN (SELECT href, etag FROM sync_tombstone
                                                   WHERE list_id = new.list_id AND uid = new.uid LIMIT 1) AS tombstone
                        WHERE EXISTS (SELECT 1 FROM list_sync WHERE list_id = new.list_id);
                    DELETE FROM item_sync WHERE item_id = old.id
                        AND NOT EXISTS (SELECT 1 FROM list_sync WHERE list_id = new.list_id);
                    DELETE FROM sync_tombstone WHERE list_id = new.list_id AND uid = new.uid;
                END;
            UPDATE item_sync SET moved_from = NULL WHERE moved_from = list_id;
            PRAGMA user_version = 7;
            """)
    }
}
