import FlickCore
import Foundation

/// What the window says of sync.
enum SyncStatus: Equatable {
    /// No account: nothing to say.
    case noAccount
    case syncing(progress: String?)
    case upToDate(at: Date)
    /// Synced, but the server refused changes, which were undone or put back: what, in words.
    case refused(at: Date, what: String)
    /// No network: changes wait.
    case offline
    /// The last sync failed: the reason, in words.
    case failed(String)
    /// No password for the account (none stored, or no Secret Service to keep one): Flick asks.
    case needsPassword(SyncAccount)
}
