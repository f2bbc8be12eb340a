import FlickCore
import Foundation

/// What `flick --list` and `flick --export`, which read the database without opening Flick,
/// say when they cannot: in plain words, naming the folder or the file.
@MainActor
enum DatabaseReadMessage {
    static func text(for error: Error, databaseURL: URL) -> String {
        let folder = databaseURL.deletingLastPathComponent().path
        if let newer = error as? NewerDatabase {
            return StorageProblemMessage.newerFlick(version: newer.version, readable: newer.readable,
                                                    folder: StorageProblemMessage.displayPath(folder))
        }
        switch error as? ListSnapshot.Problem {
        case .noDatabase?:
            return tr("there is no list in {path} yet. Start Flick once to create it.", ["path": folder])
        case .olderVersion?:
            // Only an export needs what older files lack (UIDs).
            return tr("the list in {path} was written by an older Flick. Start Flick once to bring it up to date, then export it.",
                      ["path": folder])
        case let .unreadable(reason)?:
            return tr("cannot read the list in {path}: {reason}", ["path": databaseURL.path, "reason": reason])
        case nil:
            return tr("cannot read the list in {path}: {reason}", ["path": databaseURL.path, "reason": "\(error)"])
        }
    }
}
