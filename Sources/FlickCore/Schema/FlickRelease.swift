import GRDB

/// The release of Flick this is (NEWS, the metainfo's newest <release>, `flick --version`), and
/// the record in a database of the release that last wrote it, for the user's and a bug report's
/// sake: a file moved between machines, or from a newer Flick after a downgrade, says whose it is.
public enum FlickRelease {
    public static let version = "0.2.0"
    /// The `setting` (schema v1) that names the release that last wrote the file.
    static let writtenByKey = "written-by"

    /// Records this release as the last to write the database, when another is recorded: once
    /// a release, at the first open for writing (a read, `ListSnapshot`, writes nothing).
    static func recordWriter(in db: Database) throws {
        try db.execute(sql: """
            INSERT INTO setting (key, value) VALUES (?, ?)
            ON CONFLICT (key) DO UPDATE SET value = excluded.value WHERE value <> excluded.value
            """, arguments: [writtenByKey, version])
    }

    /// The release that last wrote the database, if one recorded itself.
    public static func lastWriter(in db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [writtenByKey])
    }
}
