import GRDB

/// Schema v13: a synced list's place among its account's calendars (issue 62), shared as the
/// calendar's ICAL:calendar-order. `list_sync.server_order` is the calendar-order the last sync
/// read (its colour, ICAL:calendar-color, goes to `list_sync.color`, there since v4 and kept,
/// never written back); `list_sync.agreed_order` the one Flick and the server last agreed on,
/// sent or taken. Which of the two sides moved a list since is told against it: Flick's order
/// of the lists no longer follows `agreed_order` (sent), or the server's differs from it (taken).
enum SchemaV13 {
    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE list_sync ADD COLUMN server_order INTEGER;
            ALTER TABLE list_sync ADD COLUMN agreed_order INTEGER;
            PRAGMA user_version = 13;
            """)
    }
}
