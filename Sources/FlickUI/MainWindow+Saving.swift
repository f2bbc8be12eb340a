@preconcurrency import CGtk
import FlickCore
import Foundation

/// Saving changes: every document change goes through `perform`, and a failure is explained
/// in plain words with a way to try again.
extension MainWindow {
    /// Runs a document change. A failure to save leaves the list as stored and shows the
    /// problem notice, whose Retry runs `retry`; a change saved again clears the notice.
    /// Returns whether the change was saved.
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

    private func report(_ error: Error, retry: (@MainActor () -> Void)?) {
        let folder = URL(fileURLWithPath: document.databasePath).deletingLastPathComponent()
        let failure = StorageFailure(error, folder: folder).checkingFolder()
        // SQLite's own words are for the log; the notice says what happened in plain words.
        FileHandle.standardError.write(Data("flick: a change was not saved: \(failure)\n".utf8))
        notice.hide()
        problemNotice.show(StorageProblemMessage.changeNotSaved(failure), retry: retry)
    }
}
