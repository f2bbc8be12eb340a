import FlickCore

/// What a sync of every list did, list by list.
public struct SyncReport: Sendable {
    public struct ListOutcome: Sendable {
        public var listID: Int64
        public var name: String
        /// The result, or why the list could not be synced (in the log's words).
        public var result: Result<ListSyncResult, SyncFailure>

        public init(listID: Int64, name: String, result: Result<ListSyncResult, SyncFailure>) {
            self.listID = listID
            self.name = name
            self.result = result
        }
    }

    public var lists: [ListOutcome] = []
    /// Why an account could not be synced at all (no password, no connection), by account.
    public var accountFailures: [(account: SyncAccount, failure: SyncFailure)] = []

    public init() {}

    /// The lists whose items the sync changed in the store: something received or removed, a
    /// merge, a refused change put back to the server's version, or a refused move put back in
    /// the list it came from (both lists changed).
    public var changedListIDs: Set<Int64> {
        Set(lists.flatMap { outcome -> [Int64] in
            guard case let .success(result) = outcome.result,
                  result.received + result.removed > 0 || !result.conflicts.isEmpty || result.refused > 0
                      || !result.returnedMoves.isEmpty else { return [] }
            return [outcome.listID] + result.returnedMoves.map(\.listID)
        })
    }

    /// Whether every list synced and the servers took every change: a change refused and undone,
    /// or a move put back, is a failure for `flick --sync`'s status, and so are missing items
    /// waiting for the user's answer and changes the server would not store (kept here, not on
    /// the server): a script or timer running `flick --sync` learns from its status that the two
    /// sides differ.
    public var succeeded: Bool {
        accountFailures.isEmpty && lists.allSatisfy { outcome in
            guard case let .success(result) = outcome.result else { return false }
            return result.refused == 0 && result.returnedMoves.isEmpty && result.missingItems == nil
                && result.notKept.isEmpty
        }
    }

    /// The lists whose calendars lost most of their items, each with what is held.
    public var heldMissingItems: [(listID: Int64, name: String, missing: MissingItems)] {
        lists.compactMap { outcome in
            guard case let .success(result) = outcome.result, let missing = result.missingItems else { return nil }
            return (outcome.listID, outcome.name, missing)
        }
    }
}
