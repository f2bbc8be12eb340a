import Foundation
import GRDB

/// Whether a database file that says it is Flick's has the schema its version promises, checked
/// without writing to it. A file whose recorded migrations or tables do not match its version
/// would fail in the middle of a migration (writing to the file on the way) or at its first
/// query; it is kept aside instead, like any file that cannot be read (DESIGN 3). Found by
/// DatabaseFileFuzzTests.
///
/// Its triggers are checked too (by name): the sync's outbox (v4) and Recently Deleted (v11)
/// are written by triggers alone, and a file without them would lose what they keep without
/// a word.
enum SchemaCheck {
    /// What is wrong with the schema of `db`, whose `user_version` is `version`, or nil.
    static func problem(in db: Database, version: Int) throws -> String? {
        let known = Schema.migrator.migrations
        let applied = try Schema.migrator.appliedIdentifiers(db)
        guard version >= 1, version <= known.count, applied == Set(known.prefix(version)) else {
            return "schema version \(version) with the migrations \(applied.sorted().joined(separator: ", "))"
        }
        let expected = try expectedSchema(version: version)
        for (table, columns) in expected.columns {
            guard try db.tableExists(table) else { return "no table \(table)" }
            let found = Set(try db.columns(in: table).map(\.name))
            if let missing = columns.first(where: { !found.contains($0) }) { return "no column \(table).\(missing)" }
        }
        let triggers = Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger'"))
        if let missing = expected.triggers.sorted().first(where: { !triggers.contains($0) }) { return "no trigger \(missing)" }
        return nil
    }

    /// What a database migrated up to a version holds: its tables' columns and its triggers' names.
    private struct Expected {
        var columns: [String: [String]]
        var triggers: Set<String>
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var expected: [Int: Expected] = [:]

    /// The tables, their columns and the triggers of a database migrated up to `version`, made
    /// once in memory.
    private static func expectedSchema(version: Int) throws -> Expected {
        lock.lock()
        defer { lock.unlock() }
        if let known = expected[version] { return known }
        let queue = try DatabaseQueue()
        try Schema.migrator.migrate(queue, upTo: Schema.migrator.migrations[version - 1])
        let schema = try queue.read { db in
            var columns: [String: [String]] = [:]
            for table in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") {
                columns[table] = try db.columns(in: table).map(\.name)
            }
            let triggers = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger'")
            return Expected(columns: columns, triggers: Set(triggers))
        }
        expected[version] = schema
        return schema
    }
}
