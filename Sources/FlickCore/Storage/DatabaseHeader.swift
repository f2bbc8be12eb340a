import Foundation
import GRDBSQLite

/// The fields of an SQLite file's header that say whose file it is and which schema it has,
/// read without writing anything beside it: opening a file in WAL mode, even read-only, makes
/// SQLite create its -wal and -shm files and leave them there (SQLite 3.40: a read-only
/// connection cannot take the lock it needs to remove them when it closes). A file that Flick
/// will not open must be left as it was found, so this is read first.
///
/// It is read through SQLite with `immutable=1`, which reads the file as it is and makes no
/// -wal, -shm or lock. Not with open(2) and read(2): closing a descriptor of the file drops
/// every POSIX lock this process holds on it, the window's connections' among them (SQLite's
/// own opens know and wait), and the running window then missed the writes of `flick --restore`.
struct DatabaseHeader: Equatable {
    /// `PRAGMA application_id`.
    var applicationID: Int32
    /// `PRAGMA user_version`, as the file holds it (a newer version still only in the -wal of a
    /// newer Flick that crashed is not seen: the full check sees it).
    var userVersion: Int32

    /// The header of the file at `url`; nil when it cannot be read or is not an SQLite file's:
    /// the full check then says what it is.
    static func read(_ url: URL) -> DatabaseHeader? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        var components = URLComponents()
        components.scheme = "file"
        components.path = url.path
        components.queryItems = [URLQueryItem(name: "immutable", value: "1")]
        guard let uri = components.string else { return nil }
        var connection: OpaquePointer?
        defer { sqlite3_close(connection) }
        guard sqlite3_open_v2(uri, &connection, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nil) == SQLITE_OK,
              let applicationID = integer("PRAGMA application_id", connection),
              let userVersion = integer("PRAGMA user_version", connection) else { return nil }
        return DatabaseHeader(applicationID: applicationID, userVersion: userVersion)
    }

    private static func integer(_ sql: String, _ connection: OpaquePointer?) -> Int32? {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK,
              sqlite3_step(statement) == SQLITE_ROW else { return nil }
        return sqlite3_column_int(statement, 0)
    }
}
