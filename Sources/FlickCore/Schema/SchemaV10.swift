import GRDB

/// Schema v10: subtasks as a level. A list's page shows its top-level items, those
/// without a parent task, so the index every list is read through (`item_rows`, v2) also holds
/// `parent_uid`: the top level is still read from the index alone, which at 100,000 items is
/// most of a start-up's reading. `item_uid` finds an item by its UID in a list: a subtask's
/// parent, and whether a parent is there at all (a subtask whose parent is not is shown at the
/// top level, so nothing a file or a server brings is hidden).
enum SchemaV10 {
    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            DROP INDEX item_rows;
            CREATE INDEX item_rows ON item(list_id, rank, id, completed, due_day, due_minute, due_zone, marks, title, parent_uid);
            CREATE INDEX item_uid ON item(list_id, uid);
            PRAGMA user_version = 10;
            """)
    }
}
