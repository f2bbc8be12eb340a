import Foundation
import GRDB

/// One list and its items as they are on disk, read without writing anything: for
/// `flick --list`, which may run beside a Flick that has the database open. Unlike
/// `DatabaseOpener`, a file that cannot be used is reported, never moved or migrated.
public struct ListSnapshot: Sendable, Equatable {
    public var list: TodoList
    /// The list's items, ordered by rank.
    public var items: [TodoItem]

    public enum Problem: Error, Equatable, Sendable {
        /// No database file yet (Flick has never run with this data folder).
        case noDatabase(String)
        /// The file is not a Flick database Flick can read (not SQLite, another
        /// application's, or from a newer Flick); the text says why.
        case unreadable(String)
    }

    /// The list with this id, or the first list when the id is nil or unknown; nil when the
    /// database holds no list.
    public static func read(databaseURL: URL, listID: Int64?) throws -> ListSnapshot? {
        guard FileManager.default.fileExists(atPath: databaseURL.path) else {
            throw Problem.noDatabase(databaseURL.path)
        }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "flick-read-only"
        do {
            let queue = try DatabaseQueue(path: databaseURL.path, configuration: configuration)
            defer { try? queue.close() }
            return try queue.read { db in try snapshot(in: db, listID: listID) }
        } catch let error as DatabaseError {
            throw Problem.unreadable(error.message ?? "\(error)")
        }
    }

    private static func snapshot(in db: Database, listID: Int64?) throws -> ListSnapshot? {
        // The same checks that decide whether the app keeps a file aside.
        if let problem = try DatabaseOpener.problem(in: db) {
            throw Problem.unreadable(explanation(of: problem))
        }
        if try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") == 0 {
            return nil  // An empty file: a database Flick has not set up yet.
        }
        let lists = try TodoList.order(Column("rank")).fetchAll(db)
        guard let list = lists.first(where: { $0.id == listID }) ?? lists.first, let id = list.id else { return nil }
        return ListSnapshot(list: list, items: try TodoItem.ordered(inList: id).fetchAll(db))
    }

    private static func explanation(of problem: DatabaseOpener.Problem) -> String {
        switch problem.reason {
        case .notADatabase: return "not a database (\(problem.detail))"
        case .damaged: return "damaged (\(problem.detail))"
        case .foreign: return "\(problem.detail) is not Flick's"
        case let .newerVersion(found): return "written by a newer Flick (schema version \(found))"
        }
    }

    /// One line per item, `[ ] title` or `[x] title`, each ending in a newline.
    public var plainText: String {
        items.map { "[\($0.isCompleted ? "x" : " ")] \($0.title)\n" }.joined()
    }
}
