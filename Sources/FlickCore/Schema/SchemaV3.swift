import GRDB

/// Schema v3, for .ics files and CalDAV: an item keeps the iCalendar text it came in as
/// (`ical`: its VTODO, and the VTIMEZONE its dates need), so writing it out again changes only
/// what Flick owns and keeps everything else another application put there (DESIGN 6, "patch,
/// never rebuild"). Items made in Flick have none until they are first written out.
///
/// Adding a nullable column rewrites nothing, so the migration costs nothing at 100,000 items,
/// and `item_rows` (what rows read) is untouched.
enum SchemaV3 {
    static func migrate(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE item ADD COLUMN ical TEXT;
            PRAGMA user_version = 3;
            """)
    }
}
