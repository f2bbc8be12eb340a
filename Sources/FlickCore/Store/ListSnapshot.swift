import Foundation
import GRDB

/// One list and its items as they are on disk, read without writing anything: for
/// `flick --list`, which may run beside a Flick that has the database open. Unlike
/// `DatabaseOpener`, a file that cannot be used is reported, never moved or migrated; a newer
/// Flick's is refused (`NewerDatabase`) before SQLite opens it, which would leave a -wal and a
/// -shm file beside it.
public struct ListSnapshot: Sendable, Equatable {
    public var list: TodoList
    /// The list's items, ordered by rank.
    public var items: [TodoItem]

    public enum Problem: Error, Equatable, Sendable {
        /// No database file yet (Flick has never run with this data folder).
        case noDatabase(String)
        /// The file is not a Flick database Flick can read (not SQLite, damaged, another
        /// application's); the text says why.
        case unreadable(String)
        /// The file is from a Flick too old to have what is asked for (UIDs, for an export);
        /// starting Flick once updates it.
        case olderVersion
    }

    /// The list with this id, or the first list when the id is nil or unknown; nil when the
    /// database holds no list.
    public static func read(databaseURL: URL, listID: Int64?) throws -> ListSnapshot? {
        try readOnly(databaseURL) { db in
            let lists = try readLists(db)
            guard let list = lists.first(where: { $0.id == listID }) ?? lists.first, let id = list.id else { return nil }
            return ListSnapshot(list: list, items: try readItems(db, listID: id))
        }
    }

    /// Every list, in order; the command line picks one by name.
    public static func lists(databaseURL: URL) throws -> [TodoList] {
        try readOnly(databaseURL) { db in try readLists(db) }
    }

    /// The list named `name` (ignoring case), or nil when there is none.
    public static func read(databaseURL: URL, listNamed name: String) throws -> ListSnapshot? {
        try readOnly(databaseURL) { db in
            guard let list = try readLists(db).first(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }),
                  let id = list.id else { return nil }
            return ListSnapshot(list: list, items: try readItems(db, listID: id))
        }
    }

    /// The lists `flick --export` writes: the one named `name` (ignoring case), or every list
    /// when `name` is nil; nil when there is no list of that name.
    public static func exported(databaseURL: URL, listNamed name: String?) throws -> [ExportedList]? {
        try readOnly(databaseURL) { db in
            guard try hasPlanningColumns(db) else { throw Problem.olderVersion }
            guard let name else { return try ListExport.read(db, listIDs: nil) }
            guard let list = try readLists(db).first(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }),
                  let id = list.id else { return nil }
            return try ListExport.read(db, listIDs: [id])
        }
    }

    /// The accounts and the lists that are their calendars (`flick --accounts`); none in a file
    /// from before sync (schema v4).
    public static func accounts(databaseURL: URL) throws -> [(account: SyncAccount, lists: [SyncedList])] {
        try readOnly(databaseURL) { db in
            guard try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 >= 4 else { return [] }
            return try Int64.fetchAll(db, sql: "SELECT id FROM account ORDER BY id").compactMap { id in
                try TodoStore.account(db, id: id).map { ($0, try TodoStore.syncedLists(db, accountID: id)) }
            }
        }
    }

    /// The Today list's items for `day` (open, due by then, from every list) with their lists' names.
    public static func readToday(databaseURL: URL, day: DueDate) throws -> [(item: TodoItem, listName: String)] {
        try readOnly(databaseURL) { db in
            guard try hasPlanningColumns(db) else { return [] }  // An older file has no due dates.
            let names = Dictionary(uniqueKeysWithValues: try readLists(db).map { ($0.id!, $0.name) })
            return try TodayQuery.items(dueBy: day.dayNumber, withStarts: try hasStartDates(db)).fetchAll(db)
                .map { ($0, names[$0.listID] ?? "") }
        }
    }

    private static func readOnly<T>(_ databaseURL: URL, _ read: (Database) throws -> T) throws -> T {
        guard FileManager.default.fileExists(atPath: databaseURL.path) else {
            throw Problem.noDatabase(databaseURL.path)
        }
        if let newer = NewerDatabase.inHeader(of: databaseURL) { throw newer }
        do {
            let queue = try DatabaseQueue(path: databaseURL.path, configuration: BusyWait.readOnly(label: "flick-read-only"))
            defer { try? queue.close() }
            return try queue.read { db in
                if let problem = try DatabaseOpener.problem(in: db) { throw Problem.unreadable(explanation(of: problem)) }
                return try read(db)
            }
        } catch let error as DatabaseError {
            throw Problem.unreadable(error.message ?? "\(error)")
        }
    }

    /// Whether the file has the columns of schema v2 (due dates, UIDs) that these reads use; an
    /// older one is read as it is (never migrated here: the command line changes nothing),
    /// without what it does not have.
    static func hasPlanningColumns(_ db: Database) throws -> Bool {
        try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 >= 2
    }

    /// Whether the file has the start dates of schema v12.
    static func hasStartDates(_ db: Database) throws -> Bool {
        try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 >= 12
    }

    private static func readLists(_ db: Database) throws -> [TodoList] {
        if try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") == 0 {
            return []  // An empty file: a database Flick has not set up yet.
        }
        guard try hasPlanningColumns(db) else {
            return try TodoList.fetchAll(db, sql: "SELECT id, name, rank, '' FROM list ORDER BY rank, id")
        }
        return try TodoList.order(Column("rank"), Column("id")).fetchAll(db)
    }

    private static func readItems(_ db: Database, listID: Int64) throws -> [TodoItem] {
        guard try hasPlanningColumns(db) else {
            return try TodoItem.fetchAll(db, sql: """
                SELECT id, list_id, title, completed, rank, 0, NULL FROM item WHERE list_id = ? ORDER BY rank, id
                """, arguments: [listID])
        }
        guard try hasStartDates(db) else {
            return try TodoItem.fetchAll(db, sql: """
                SELECT id, list_id, title, completed, rank, \(TodoItem.packedSQL), due_zone FROM item
                WHERE list_id = ? ORDER BY rank, id
                """, arguments: [listID])
        }
        return try TodoItem.ordered(inList: listID).fetchAll(db)
    }

    private static func explanation(of problem: DatabaseOpener.Problem) -> String {
        switch problem.reason {
        case .notADatabase: return "not a database (\(problem.detail))"
        case .damaged: return "damaged (\(problem.detail))"
        case .foreign: return "\(problem.detail) is not Flick's"
        }
    }
}
