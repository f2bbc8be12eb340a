import Foundation
@testable import FlickCore

/// What a store tells of each commit (`observeCommits`), from whichever thread: `all`, the item
/// ids of each commit that touched items; `commits`, every commit whole.
final class HeardCommits: @unchecked Sendable {
    private let lock = NSLock()
    private var heard: [StoreCommit] = []

    init(_ store: TodoStore) {
        store.observeCommits { [self] commit in lock.withLock { heard.append(commit) } }
    }

    var commits: [StoreCommit] { lock.withLock { heard } }
    var all: [Set<Int64>] { commits.map(\.itemIDs).filter { !$0.isEmpty } }
}
