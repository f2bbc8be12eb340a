import GRDB

/// Schema v9: a row shows a high priority and tags, so `item.marks` says whether the
/// item has them (`ItemMarks.highPriority`, `.tags`). The marks triggers of v2 are made again
/// with the two columns, and every row's marks are computed once. Neither the marks nor this
/// change is an edit: no outbox or modification trigger watches `marks`.
/// `item_unread` finds the items whose iCalendar text is still to be read for their priority,
/// tags and parent (`SchemaV8.unread`): after start-up Flick looks for them, which costs
/// nothing once there are none (the index is then empty) and writes nothing.
enum SchemaV9 {
    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            DROP TRIGGER item_marks_inserted;
            DROP TRIGGER item_marks;
            CREATE TRIGGER item_marks_inserted AFTER INSERT ON item
                WHEN new.marks <> \(ItemMarks.computedSQL(of: "new"))
                BEGIN UPDATE item SET marks = \(ItemMarks.computedSQL(of: "new")) WHERE id = new.id; END;
            CREATE TRIGGER item_marks AFTER UPDATE OF notes, reminder, rrule, priority, tags ON item
                BEGIN UPDATE item SET marks = \(ItemMarks.computedSQL(of: "new")) WHERE id = new.id; END;
            CREATE INDEX item_unread ON item(id) WHERE priority = \(SchemaV8.unread);
            UPDATE item SET marks = \(ItemMarks.computedSQL(of: "item")) WHERE marks <> \(ItemMarks.computedSQL(of: "item"));
            PRAGMA user_version = 9;
            """)
    }
}
