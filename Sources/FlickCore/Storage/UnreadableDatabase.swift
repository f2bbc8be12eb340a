import Foundation

/// Why an existing database file could not be used. The file itself is never changed: it is
/// renamed aside (see `keptAsideURL`) and the user is told.
public struct UnreadableDatabase: Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        /// Not an SQLite database at all (garbage bytes, or encrypted).
        case notADatabase
        /// An SQLite database whose pages fail the integrity check (truncated, damaged).
        case damaged
        /// A healthy SQLite database that belongs to another application.
        case foreign
    }

    public var reason: Reason
    /// Where the unreadable file now is.
    public var keptAsideURL: URL
    /// SQLite's own message, for the details.
    public var detail: String
}
