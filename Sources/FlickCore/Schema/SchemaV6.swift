import GRDB

/// Schema v6: `item.base_rank`, the rank an item had when its base text (`item.ical`, what came
/// in a file or from the server) was last set (issue 29). A file without X-APPLE-SORT-ORDER
/// gives its tasks an order Flick derives (their CREATED times, or the import's time for tasks
/// without one, nudged apart when they share one); writing that order back as
/// X-APPLE-SORT-ORDER, with a new LAST-MODIFIED and SEQUENCE, marked the tasks edited by the
/// import alone, and a synced list pushed changes nobody made. An order is written only once
/// the rank differs from `base_rank`: once the user moved the item. Triggers keep it, so every
/// path that sets a base text (import, pull, push, undo) records it in the same statement's
/// transaction; a base text set again unchanged leaves it.
enum SchemaV6 {
    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE item ADD COLUMN base_rank INTEGER;
            CREATE TRIGGER item_base_rank_inserted AFTER INSERT ON item WHEN new.ical IS NOT NULL
                BEGIN UPDATE item SET base_rank = new.rank WHERE id = new.id; END;
            CREATE TRIGGER item_base_rank AFTER UPDATE OF ical ON item WHEN new.ical IS NOT old.ical
                BEGIN UPDATE item SET base_rank = new.rank WHERE id = new.id; END;
            PRAGMA user_version = 6;
            """)
    }
}
