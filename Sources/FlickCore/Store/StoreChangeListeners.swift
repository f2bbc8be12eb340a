import Foundation

/// Who hears the store's changes other than its commits (`StoreChange.otherProgram` and
/// `.writerFinished`), and the data_version last seen, which tells another program's commits
/// from this connection's own. Told from any thread; each listener takes the change to its own.
final class StoreChangeListeners: @unchecked Sendable {
    private let lock = NSLock()
    private var listeners: [@Sendable (StoreChange) -> Void] = []
    private var lastVersion: Int64?

    func add(_ listener: @escaping @Sendable (StoreChange) -> Void, version: Int64?) {
        lock.withLock {
            listeners.append(listener)
            if lastVersion == nil { lastVersion = version }
        }
    }

    func tell(_ change: StoreChange) {
        for listener in lock.withLock({ listeners }) { listener(change) }
    }

    /// Whether `version` is another than the last seen, which it becomes.
    func versionMoved(to version: Int64) -> Bool {
        lock.withLock {
            defer { lastVersion = version }
            return lastVersion != nil && lastVersion != version
        }
    }
}
