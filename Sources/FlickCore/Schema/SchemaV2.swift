import GRDB

/// Schema v2, for planning and, later, .ics and CalDAV: every list and item gets a stable UID
/// and its creation and modification times; items get notes, a due date (a day, optionally a
/// minute of the day and its time zone), a reminder (with when it was last shown and until when
/// it is put off), a repeat rule (RRULE text) and when they were completed; a full-text index
/// over titles and notes serves search.
///
/// A list's rows are read at every start (100,000 of them, `StorePreload`), and the wider rows
/// made that read 40 % slower: the covering index `item_rows` holds every column a row shows, in
/// the list's order, so the read never touches the table. There is no index on the UIDs yet:
/// it made the file a fifth larger, and the check every start makes (`PRAGMA integrity_check`)
/// reads the whole file; .ics import and sync will add the one they need.
///
/// SQLite cannot add a column whose default is an expression, so `list` and `item` are rebuilt
/// (the documented create, copy, drop, rename sequence) with defaults that give every row,
/// however it is inserted, a fresh UUID and the current time. Triggers keep `modified_at` and
/// `completed_at` true on every write path, unless a writer (sync, later) sets `modified_at`
/// itself.
enum SchemaV2 {
    /// A random (version 4) UUID, in lower case, as SQL.
    static let uuidSQL = """
        lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || \
        substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))
        """
    /// The current time in milliseconds since 1970 (UTC), as SQL.
    static let nowSQL = "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)"

    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE list_v2 (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                uid TEXT NOT NULL DEFAULT (\(uuidSQL)),
                name TEXT NOT NULL,
                rank INTEGER NOT NULL,
                created_at INTEGER NOT NULL DEFAULT (\(nowSQL)),
                modified_at INTEGER NOT NULL DEFAULT (\(nowSQL)));
            INSERT INTO list_v2 (id, name, rank) SELECT id, name, rank FROM list;
            CREATE TABLE item_v2 (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                uid TEXT NOT NULL DEFAULT (\(uuidSQL)),
                list_id INTEGER NOT NULL REFERENCES list(id) ON DELETE CASCADE,
                title TEXT NOT NULL,
                completed BOOLEAN NOT NULL DEFAULT 0,
                rank INTEGER NOT NULL,
                notes TEXT NOT NULL DEFAULT '',
                due_day INTEGER,
                due_minute INTEGER,
                due_zone TEXT,
                marks INTEGER NOT NULL DEFAULT 0,
                reminder TEXT,
                reminded_at INTEGER,
                snoozed_until INTEGER,
                rrule TEXT,
                created_at INTEGER NOT NULL DEFAULT (\(nowSQL)),
                modified_at INTEGER NOT NULL DEFAULT (\(nowSQL)),
                completed_at INTEGER);
            INSERT INTO item_v2 (id, list_id, title, completed, rank) SELECT id, list_id, title, completed, rank FROM item;
            """)
        try keepSequence(of: "list", in: db)
        try keepSequence(of: "item", in: db)
        try db.execute(sql: """
            DROP TABLE item;
            DROP TABLE list;
            ALTER TABLE list_v2 RENAME TO list;
            ALTER TABLE item_v2 RENAME TO item;
            CREATE INDEX item_rows ON item(list_id, rank, id, completed, due_day, due_minute, due_zone, marks, title);
            CREATE INDEX item_due ON item(due_day) WHERE due_day IS NOT NULL;
            CREATE INDEX item_reminder ON item(completed) WHERE reminder IS NOT NULL;

            CREATE TRIGGER list_modified AFTER UPDATE OF name, rank ON list
                WHEN new.modified_at = old.modified_at
                BEGIN UPDATE list SET modified_at = \(nowSQL) WHERE id = new.id; END;
            CREATE TRIGGER item_modified
                AFTER UPDATE OF list_id, title, completed, rank, notes, due_day, due_minute, due_zone, reminder, rrule ON item
                WHEN new.modified_at = old.modified_at
                BEGIN UPDATE item SET modified_at = \(nowSQL) WHERE id = new.id; END;
            CREATE TRIGGER item_marks_inserted AFTER INSERT ON item
                WHEN new.marks <> \(ItemMarks.v2ComputedSQL(of: "new"))
                BEGIN UPDATE item SET marks = \(ItemMarks.v2ComputedSQL(of: "new")) WHERE id = new.id; END;
            CREATE TRIGGER item_marks AFTER UPDATE OF notes, reminder, rrule ON item
                BEGIN UPDATE item SET marks = \(ItemMarks.v2ComputedSQL(of: "new")) WHERE id = new.id; END;
            CREATE TRIGGER item_completed AFTER UPDATE OF completed ON item
                WHEN new.completed <> old.completed
                BEGIN UPDATE item SET completed_at = CASE WHEN new.completed THEN \(nowSQL) END WHERE id = new.id; END;

            CREATE VIRTUAL TABLE item_search USING fts5(
                title, notes, content = 'item', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2');
            INSERT INTO item_search (item_search) VALUES ('rebuild');
            CREATE TRIGGER item_search_insert AFTER INSERT ON item
                BEGIN INSERT INTO item_search (rowid, title, notes) VALUES (new.id, new.title, new.notes); END;
            CREATE TRIGGER item_search_delete AFTER DELETE ON item
                BEGIN INSERT INTO item_search (item_search, rowid, title, notes)
                    VALUES ('delete', old.id, old.title, old.notes); END;
            CREATE TRIGGER item_search_update AFTER UPDATE OF title, notes ON item
                WHEN new.title <> old.title OR new.notes <> old.notes
                BEGIN
                    INSERT INTO item_search (item_search, rowid, title, notes) VALUES ('delete', old.id, old.title, old.notes);
                    INSERT INTO item_search (rowid, title, notes) VALUES (new.id, new.title, new.notes);
                END;
            PRAGMA user_version = 2;
            """)
    }

    /// Carries AUTOINCREMENT's counter over to the rebuilt table, so ids of rows deleted before
    /// the migration are not handed out again.
    private static func keepSequence(of table: String, in db: Database) throws {
        let highest = try Int64.fetchOne(db, sql: "SELECT max(seq) FROM sqlite_sequence WHERE name IN (?, ?)",
                                         arguments: [table, table + "_v2"]) ?? 0
        try db.execute(sql: "DELETE FROM sqlite_sequence WHERE name = ?", arguments: [table + "_v2"])
        try db.execute(sql: "INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)", arguments: [table + "_v2", highest])
    }
}
