import FlickCore
import Foundation

/// What the window says of sync.
enum SyncStatus: Equatable {
    /// No account: nothing to say.
    case noAccount
    case syncing(progress: String?)
    case upToDate(at: Date)
    /// No network: changes wait.
    case offline
    /// The last sync failed: the reason, in words.
    case failed(String)
    /// No password for the account (none stored, or no Secret Service to keep one): Flick asks.
    case needsPassword(SyncAccount)
}
