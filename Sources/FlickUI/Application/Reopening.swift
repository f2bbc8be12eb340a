import FlickCore
import Foundation

/// A database file the user chose to open in place of the current one, put in place once the
/// store is closed, before Flick starts again on it (`FlickApplication.restoreAndStartAgain`).
enum Reopening {
    /// A file set aside as unreadable that reads well after all: moved back.
    case setAside(URL)
    /// A daily backup: copied in, the backup kept.
    case backup(URL)

    /// Puts the file in place of `databaseURL`, which is kept beside it.
    func apply(to databaseURL: URL) throws {
        switch self {
        case let .setAside(file): _ = try SetAsideDatabase.restore(file, as: databaseURL)
        case let .backup(file): _ = try DatabaseBackups.restore(file, as: databaseURL)
        }
    }
}
