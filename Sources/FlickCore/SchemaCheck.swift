import Foundation
import GRDB

/// Whether a database file that says it is Flick's has the schema its version promises, checked
/// without writing to it. A file whose recorded migrations or tables do not match its version
/// would fail in the middle of a migration (writing to the file on the way) or at its first
/// query; it is kept aside instead, like any file that cannot be read (DESIGN 3). Found by
/// DatabaseFileFuzzTests.
enum SchemaCheck {
    /// What is wrong with the schema of `db`, whose `user_version` is `version`, or nil.
    static func problem(in db: Database, version: Int) throws -> String? {
        let known = Schema.migrator.migrations
        let applied = try Schema.migrator.appliedIdentifiers(db)
        guard version >= 1, version <= known.count, applied == Set(known.prefix(version)) else {
            return "schema version \(version) with the migrations \(applied.sorted().joined(separator: ", "))"
        }
        for (table, columns) in try expectedColumns(version: version) {
            guard try db.tableExists(table) else { return "no table \(table)" }
            let found = Set(try db.columns(in: table).map(\.name))
            if let missing = columns.first(where: { !found.contains($0) }) { return "no column \(table).\(missing)" }
        }
        return nil
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var expected: [Int: [String: [String]]] = [:]

    /// The tables and their columns of a database migrated up to `version`, made once in memory.
    private static func expectedColumns(version: Int) throws -> [String: [String]] {
        lock.lock()
        defer { lock.unlock() }
        if let known = expected[version] { return known }
        let queue = try DatabaseQueue()
        try Schema.migrator.migrate(queue, upTo: Schema.migrator.migrations[version - 1])
        let columns = try queue.read { db in
            var columns: [String: [String]] = [:]
            for table in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") {
                columns[table] = try db.columns(in: table).map(\.name)
            }
            return columns
        }
        expected[version] = columns
        return columns
    }
}
