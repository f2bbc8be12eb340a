import FlickCore

/// What a sync of every list did, list by list.
public struct SyncReport: Sendable {
    public struct ListOutcome: Sendable {
        public var listID: Int64
        public var name: String
        /// The result, or why the list could not be synced (in the log's words).
        public var result: Result<ListSyncResult, SyncFailure>
    }

    public var lists: [ListOutcome] = []
    /// Why an account could not be synced at all (no password, no connection), by account.
    public var accountFailures: [(account: SyncAccount, failure: SyncFailure)] = []

    public init() {}

    /// The lists whose items the sync changed in the store: something received or removed, a
    /// merge, or a refused change put back to the server's version.
    public var changedListIDs: Set<Int64> {
        Set(lists.compactMap { outcome in
            guard case let .success(result) = outcome.result,
                  result.received + result.removed > 0 || !result.conflicts.isEmpty || result.refused > 0 else { return nil }
            return outcome.listID
        })
    }

    public var succeeded: Bool { accountFailures.isEmpty && lists.allSatisfy { if case .success = $0.result { true } else { false } } }
}
