import Foundation

/// The lengths of the SQL a database's trace reports, from whichever thread runs it.
final class SQLLengths: @unchecked Sendable {
    private let lock = NSLock()
    private var lengths: [Int] = []

    func note(_ sql: String) { lock.withLock { lengths.append(sql.count) } }
    var maximum: Int { lock.withLock { lengths.max() ?? 0 } }
    var count: Int { lock.withLock { lengths.count } }
}
