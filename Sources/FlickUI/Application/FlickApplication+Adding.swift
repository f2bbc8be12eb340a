import FlickCore
import Foundation

/// `flick --add TEXT` with no Flick running, and the store every command-line action that runs
/// in the `flick` that was started uses: a script, a cron job or an ssh session has
/// no window, and may have no display.
extension FlickApplication {
    /// The store for a command-line action run in this process: opened as the window opens it,
    /// a new data folder getting the first-run lists; nil after saying why it cannot be.
    func openCommandLineStore() -> TodoStore? {
        do {
            let store = try TodoStore(databaseURL: commandLineDatabase)
            try WelcomeList.addIfNeeded(to: store)
            return store
        } catch {
            let failure = StorageFailure(error, folder: commandLineDataDirectory).checkingFolder()
            CommandLineOutput.printErrorLocally("flick: " + StorageProblemMessage.cannotStart(failure) + "\n"
                                                + StorageProblemMessage.commandLineDetail(failure))
            return nil
        }
    }

    /// `--add TEXT`: to the running Flick (-1) when there is one; otherwise stored here, at the
    /// top of the list the window would open, as the window's New Item stores it (one
    /// transaction, the sync outbox by its triggers, then a trailing date phrase made the due
    /// date), and one line says what was done. No window opens.
    func addFromCommandLine(_ text: String) -> Int32 {
        if RunningInstance.exists(applicationID: Self.applicationID) { return -1 }
        guard let store = openCommandLineStore() else { return 1 }
        let title = ItemText.normalised(text)
        do {
            guard let document = try store.document(listID: windowState.int64("last-list")) else { return 1 }
            if let id = document.list.id, try store.readOnlyListIDs().contains(id) {
                CommandLineOutput.printErrorLocally("flick: " + tr("“{list}” is read-only on its server: new items cannot be added to it",
                                                                  ["list": document.list.name]) + "\n")
                return 1
            }
            guard let (id, due) = try Self.addAtTop(title, of: document) else { return 1 }
            CommandLineOutput.printLocally(Self.addedLine(document.item(id)?.title ?? title, list: document.list.name, due: due))
            return 0
        } catch {
            let failure = StorageFailure(error, folder: commandLineDataDirectory).checkingFolder()
            CommandLineOutput.printErrorLocally("flick: " + tr("“{title}” was not added. {problem}",
                                                              ["title": title, "problem": StorageProblemMessage.addNotSaved(failure)])
                                                + "\n")
            return 1
        }
    }

    /// Adds `title` at the top of `document`'s list as the window's New Item stores it (one
    /// transaction, the sync outbox by its triggers), then has quick entry take its tags,
    /// priority and date phrase off the title. The new item's id and due date; nil when nothing
    /// was added.
    static func addAtTop(_ title: String, of document: ListDocument) throws -> (id: Int64, due: DueDate?)? {
        guard let id = try document.insert(title: title, at: 0).id else { return nil }
        return (id, try QuickEntry.apply(to: id, in: document).due)
    }

    /// "Added “Buy milk” to Groceries, due Tomorrow", and a line break.
    static func addedLine(_ title: String, list: String, due: DueDate?) -> String {
        guard let due else { return tr("Added “{title}” to {list}", ["title": title, "list": list]) + "\n" }
        return tr("Added “{title}” to {list}, due {date}",
                  ["title": title, "list": list, "date": DueChip.label(for: due, now: Date()).text]) + "\n"
    }
}
