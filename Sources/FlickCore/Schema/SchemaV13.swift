import GRDB

/// Schema v13: a synced list's place among its account's calendars, shared as the
/// calendar's ICAL:calendar-order. `list_sync.server_order` is the calendar-order the last sync
/// read (its colour, ICAL:calendar-color, goes to `list_sync.color`, there since v4 and kept,
/// never written back); `list_sync.agreed_order` the list's place in the order Flick and the
/// server last agreed on, sent or taken (only the numbers' order counts: Flick 0.2.0 kept the
/// calendar-orders agreed there, which the next idle sync numbers again). Flick's order of the
/// lists no longer following `agreed_order` is a move of the user's (sent); the server's orders
/// putting two lists the other way round, another client's (taken).
enum SchemaV13 {
    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE list_sync ADD COLUMN server_order INTEGER;
            ALTER TABLE list_sync ADD COLUMN agreed_order INTEGER;
            PRAGMA user_version = 13;
            """)
    }
}
