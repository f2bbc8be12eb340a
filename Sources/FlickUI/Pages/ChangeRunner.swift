@preconcurrency import CGtk
import FlickCore
import Foundation

/// Runs every change a page makes to the store, and says in plain words when one could not be
/// saved, with a way to try again: one place for what was thirty retry paths.
@MainActor
final class ChangeRunner {
    /// The problem notice: a change that could not be saved, with Retry.
    let problemNotice = ProblemNotice()
    private let notice: UndoNotice
    /// The database's folder: a full disk or a read-only folder is named by looking at it.
    private let folder: URL

    /// Takes in the store's commits not yet taken in (`StoreChangeFeed.deliverPending`), before
    /// a change value runs (`run`): it acts on the items as stored, not as they were before
    /// another writer's commit.
    var takeInPendingCommits: (() -> Void)?

    init(notice: UndoNotice, databasePath: String) {
        self.notice = notice
        folder = URL(fileURLWithPath: databasePath).deletingLastPathComponent()
    }

    /// Runs a change. A failure to save leaves the list as stored and shows the problem notice,
    /// whose Retry runs `retry`; a change saved again clears the notice. Returns whether the
    /// change was saved.
    @discardableResult
    func perform(retry: (@MainActor () -> Void)? = nil, _ change: () throws -> Void) -> Bool {
        do {
            try change()
            if problemNotice.isShown { problemNotice.hide() }
            return true
        } catch {
            report(error, retry: retry)
            return false
        }
    }

    /// Reads or takes in what the store holds, which is no change of the user's: another
    /// writer's commit (a sync, a reminder's Complete, another Flick), the counts after a drop,
    /// a new day. A failure is said, as a change's is; success leaves the problem notice where
    /// it is, and a failure does not take its place: the change the notice tells of is still
    /// not saved, and its Retry is how the user saves it. (Run by `perform`, a commit of
    /// another writer between a failed change and its Retry hid the notice and dropped the
    /// Retry: the user's change was lost without a word.)
    @discardableResult
    func refresh(_ body: () throws -> Void) -> Bool {
        do {
            try body()
            return true
        } catch {
            if problemNotice.isShown {
                let failure = StorageFailure(error, folder: folder).checkingFolder()
                FileHandle.standardError.write(Data("flick: the store could not be read again: \(failure)\n".utf8))
            } else {
                report(error, retry: nil)
            }
            return false
        }
    }

    /// A failure that did not come from `perform` (an import that could not be saved).
    func report(_ message: String, retry: (@MainActor () -> Void)?) {
        notice.hide()
        problemNotice.show(message, retry: retry)
    }

    private func report(_ error: Error, retry: (@MainActor () -> Void)?) {
        let failure = StorageFailure(error, folder: folder).checkingFolder()
        // SQLite's own words are for the log; the notice says what happened in plain words.
        FileHandle.standardError.write(Data("flick: a change was not saved: \(failure)\n".utf8))
        report(StorageProblemMessage.changeNotSaved(failure), retry: retry)
    }
}
