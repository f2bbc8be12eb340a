import FlickCore
import Foundation

/// What the store tells of its changes (`TodoStore.observeChanges`), from whichever thread: what
/// the store's tests and the sync's count of them.
public final class HeardChanges: @unchecked Sendable {
    private let lock = NSLock()
    private var heard: [StoreChange] = []

    public init(_ store: TodoStore) {
        store.observeChanges { [self] change in lock.withLock { heard.append(change) } }
    }

    public var changes: [StoreChange] { lock.withLock { heard } }
}
