import FlickCore
import Foundation
import GRDB

/// The statements the store's connection runs, as SQLite traces them: what a test counts of
/// the reads an edit causes. Triggers' statements are traced as comments ("-- TRIGGER …").
final class StoreStatementLog: @unchecked Sendable {
    private let lock = NSLock()
    private var statements: [String] = []

    init(_ store: TodoStore) throws {
        try store.queue.inDatabase { db in
            db.trace(options: .statement) { [self] event in
                let text = "\(event)"
                lock.withLock { statements.append(text) }
            }
        }
    }

    func clear() {
        lock.withLock { statements = [] }
    }

    /// The reads of tables, without PRAGMA data_version (the watch for other programs' commits
    /// asks it after every change of the file, its own commits' too).
    var reads: [String] { lock.withLock { statements.filter { $0.hasPrefix("SELECT") || $0.hasPrefix("WITH") } } }

    /// The statements that wrote, without the triggers' own.
    var writes: [String] {
        lock.withLock { statements.filter { text in ["INSERT", "UPDATE", "DELETE"].contains { text.hasPrefix($0) } } }
    }
}
