import FlickCore
import Foundation

/// `flick --deleted`, `flick --restore TEXT` and `flick --delete TEXT`. All three run
/// in the `flick` that was started, with or without a display, and whether or not a Flick runs:
/// they go through the store as any other program's write does, and a running window takes the
/// change in from the file (`ExternalWriteWatch`), as it takes in a sync's. Each reading first
/// removes for good what was deleted more than 30 days ago.
extension FlickApplication {
    /// `--deleted`: Recently Deleted, newest first.
    func printRecentlyDeleted() -> Int32 {
        guard commandLineDatabaseHoldsData else {
            CommandLineOutput.printLocally(tr("Recently Deleted is empty.") + "\n")
            return 0
        }
        guard let store = openCommandLineStore() else { return 1 }
        do {
            let entries = try store.recentlyDeleted()
            CommandLineOutput.printLocally(entries.isEmpty ? tr("Recently Deleted is empty.") + "\n" : DeletedItemText.lines(entries))
            return 0
        } catch {
            return commandLineStorageProblem(error)
        }
    }

    /// `--restore TEXT`: puts back the one entry TEXT names (`TitleMatch`), with its subtasks.
    func restoreFromCommandLine(_ text: String) -> Int32 {
        guard commandLineDatabaseHoldsData else { return nothingDeletedMatches(text) }
        guard let store = openCommandLineStore() else { return 1 }
        do {
            switch TitleMatch(text, among: try store.recentlyDeleted(), title: \.title) {
            case .none:
                return nothingDeletedMatches(text)
            case let .several(entries):
                CommandLineOutput.printErrorLocally("flick: " + tr("“{text}” could be any of these; nothing was restored. Give the whole title:",
                                                                  ["text": text]) + "\n" + indented(entries.map(DeletedItemText.line)))
                return 1
            case let .one(entry):
                CommandLineOutput.printLocally(Self.restoredLine(try store.restoreDeleted(entry.id)) + "\n")
                return 0
            }
        } catch {
            return commandLineStorageProblem(error)
        }
    }

    /// `--delete TEXT`: deletes the one item TEXT names in any list (`TitleMatch`), with its
    /// subtasks; Recently Deleted keeps it.
    func deleteFromCommandLine(_ text: String) -> Int32 {
        guard commandLineDatabaseHoldsData else { return noItemMatches(text) }
        guard let store = openCommandLineStore() else { return 1 }
        do {
            switch TitleMatch(text, among: try store.titledItems(), title: \.title) {
            case .none:
                return noItemMatches(text)
            case let .several(items):
                CommandLineOutput.printErrorLocally("flick: " + tr("“{text}” could be any of these; nothing was deleted. Give the whole title:",
                                                                  ["text": text]) + "\n"
                                                    + indented(items.map { "\($0.title)  (\($0.listName))" }))
                return 1
            case let .one(item):
                try store.deleteItem(item.id)
                CommandLineOutput.printLocally(tr("Deleted “{title}” from {list}; “flick --restore” puts it back within 30 days.",
                                                  ["title": item.title, "list": item.listName]) + "\n")
                return 0
            }
        } catch {
            return commandLineStorageProblem(error)
        }
    }

    /// Whether there is a database to look in. A folder not made yet, or an empty file (as
    /// SQLite sees it, a database with nothing in it), holds no item and nothing deleted: it is
    /// left as it is, where opening the store would make it a new list (`flick --list` makes
    /// one, as the window does, and shows it).
    private var commandLineDatabaseHoldsData: Bool {
        ((try? commandLineDatabase.resourceValues(forKeys: [.fileSizeKey]))?.fileSize ?? 0) > 0
    }

    private func nothingDeletedMatches(_ text: String) -> Int32 {
        CommandLineOutput.printErrorLocally("flick: " + tr("nothing in Recently Deleted matches “{text}”; “flick --deleted” lists what is there.",
                                                          ["text": text]) + "\n")
        return 1
    }

    private func noItemMatches(_ text: String) -> Int32 {
        CommandLineOutput.printErrorLocally("flick: " + tr("no item matches “{text}”.", ["text": text]) + "\n")
        return 1
    }

    private static func restoredLine(_ restored: RestoredItem) -> String {
        let values = ["title": restored.title, "list": restored.listName]
        if restored.madeListAgain { return tr("Restored “{title}” to {list}, a list made again for it", values) }
        if !restored.atItsPlace { return tr("Restored “{title}” to the top of {list}: its place is taken", values) }
        return tr("Restored “{title}” to {list}", values)
    }

    private func indented(_ lines: [String]) -> String {
        lines.map { "  \($0)\n" }.joined()
    }

    private func commandLineStorageProblem(_ error: Error) -> Int32 {
        let failure = StorageFailure(error, folder: commandLineDataDirectory).checkingFolder()
        CommandLineOutput.printErrorLocally("flick: " + tr("Recently Deleted could not be changed ({detail}). Nothing was lost.",
                                                          ["detail": failure.detail]) + "\n")
        return 1
    }
}
