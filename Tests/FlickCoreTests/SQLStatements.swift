import Foundation

/// The SQL a database's trace reports, from whichever thread runs it.
final class SQLStatements: @unchecked Sendable {
    private let lock = NSLock()
    private var statements: [String] = []

    func note(_ sql: String) { lock.withLock { statements.append(sql) } }
    var all: [String] { lock.withLock { statements } }
}
