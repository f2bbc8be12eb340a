import Foundation
@testable import FlickCore

/// The item ids of each commit a store tells (`observeItemCommits`), from whichever thread.
final class HeardCommits: @unchecked Sendable {
    private let lock = NSLock()
    private var commits: [Set<Int64>] = []

    init(_ store: TodoStore) {
        store.observeItemCommits { [self] ids in add(ids) }
    }

    private func add(_ ids: Set<Int64>) { lock.withLock { commits.append(ids) } }
    var all: [Set<Int64>] { lock.withLock { commits } }
}
