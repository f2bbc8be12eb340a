import FlickCore
import Foundation

/// What the store tells of its changes (`TodoStore.observeChanges`), from whichever thread.
final class HeardChanges: @unchecked Sendable {
    private let lock = NSLock()
    private var heard: [StoreChange] = []

    init(_ store: TodoStore) {
        store.observeChanges { [self] change in lock.withLock { heard.append(change) } }
    }

    var changes: [StoreChange] { lock.withLock { heard } }
}
