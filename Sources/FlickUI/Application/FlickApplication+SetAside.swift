import FlickCore
import Foundation

/// `flick --restore-set-aside`: the newest database set aside as unreadable that passes the
/// check now goes back in place, and the one Flick had made instead is kept beside it (issue 53:
/// a busy answer while opening had set healthy files aside, `SetAsideDatabase`).
/// Only while no Flick runs: the running one has the file open.
extension FlickApplication {
    func restoreSetAsideFromCommandLine() -> Int32 {
        let database = commandLineDatabase
        let folder = commandLineDataDirectory.path
        if RunningInstance.exists(applicationID: Self.applicationID) {
            CommandLineOutput.printErrorLocally("flick: " + tr("Flick is running and has its list open. Quit it (Ctrl+Q), then run “flick --restore-set-aside” again.") + "\n")
            return 1
        }
        let setAside = SetAsideDatabase.files(besides: database)
        guard !setAside.isEmpty else {
            CommandLineOutput.printErrorLocally("flick: " + tr("No database was set aside in {folder}; nothing was changed.", ["folder": folder]) + "\n")
            return 1
        }
        guard let readable = SetAsideDatabase.newestReadable(besides: database) else {
            CommandLineOutput.printErrorLocally("flick: " + trPlural(
                "The {count} database set aside in {folder} still cannot be read; nothing was changed.",
                "The {count} databases set aside in {folder} still cannot be read; nothing was changed.",
                setAside.count, ["count": countText(setAside.count), "folder": folder]) + "\n")
            return 1
        }
        do {
            let replaced = try SetAsideDatabase.restore(readable.url, as: database)
            CommandLineOutput.printLocally(Self.restoredText(readable, replaced: replaced, database: database))
            return 0
        } catch {
            let failure = StorageFailure(error, folder: commandLineDataDirectory).checkingFolder()
            CommandLineOutput.printErrorLocally("flick: " + StorageProblemMessage.changeNotSaved(failure) + "\n")
            return 1
        }
    }

    /// What was put back, where the replaced file is, and what only that file holds.
    private static func restoredText(_ readable: SetAsideDatabase.Readable, replaced: URL?, database: URL) -> String {
        var text = trPlural("Flick uses the database set aside as {file} again: it reads well and holds {count} item.",
                            "Flick uses the database set aside as {file} again: it reads well and holds {count} items.",
                            readable.items, ["file": readable.url.lastPathComponent, "count": countText(readable.items)]) + "\n"
        guard let replaced else { return text }
        text += tr("The database it replaces is kept beside it as {path}; nothing was deleted.", ["path": replaced.path]) + "\n"
        // The first-run lists the replaced file began with are not news to the user.
        let seeded = Set(WelcomeList.titles + WelcomeList.listsTitles)
        let only = SetAsideDatabase.itemsOnlyIn(replaced, notIn: database, ignoring: seeded, titles: 5)
        if only.count > 0 {
            text += trPlural("{count} item is only in the replaced database ({titles}): add it again if you need it.",
                             "{count} items are only in the replaced database ({titles}): add them again if you need them.",
                             only.count, ["count": countText(only.count), "titles": QuotedTitles.text(only.titles, of: only.count)]) + "\n"
        }
        return text
    }
}

/// The window's way to the same: once a process, after the first frame, the files set aside
/// are checked on a thread of their own, and the newest that reads well and was not offered
/// before is offered (`QuestionDialog`).
extension FlickApplication {
    func offerSetAsideDatabase() {
        guard !lookedForSetAside, let store, mainWindow != nil else { return }
        lookedForSetAside = true
        let databaseURL = URL(fileURLWithPath: store.queue.path)
        guard !SetAsideDatabase.files(besides: databaseURL).isEmpty else { return }
        let offered = SetAsideOffers.offered(besides: databaseURL)
        Thread.detachNewThread {
            guard let readable = Self.newestReadable(besides: databaseURL, skipping: offered) else { return }
            _ = MainLoop.idle { [weak self] in
                guard let window = self?.mainWindow?.window else { return }  // Closed meanwhile: offered next time.
                SetAsideOffers.remember(readable.url, besides: databaseURL)
                QuestionDialog.present(
                    heading: tr("An Earlier List Reads Well"), body: Self.offerText(readable),
                    keep: .init(mnemonic: tr("_Keep the Current List"), name: tr("Keep the current list")),
                    use: .init(mnemonic: tr("_Use It Again"), name: tr("Use the earlier list again")),
                    over: window) { self?.reopenAtQuit(.setAside(readable.url)) }
            }
        }
    }

    /// The newest file set aside, not looked at before, that reads well. One that does not is
    /// noted as looked at too: a damaged file is not checked again at every start (the command
    /// line's `--restore-set-aside` still checks them all).
    nonisolated private static func newestReadable(besides databaseURL: URL, skipping offered: Set<String>) -> SetAsideDatabase.Readable? {
        for file in SetAsideDatabase.files(besides: databaseURL) where !offered.contains(file.lastPathComponent) {
            if let items = SetAsideDatabase.itemCountIfSound(file) { return SetAsideDatabase.Readable(url: file, items: items) }
            SetAsideOffers.remember(file, besides: databaseURL)
        }
        return nil
    }

    static func offerText(_ readable: SetAsideDatabase.Readable) -> String {
        trPlural("Flick once set its database aside as unreadable and started a new list. That file, {file}, reads well now and holds {count} item. Use it again? Flick starts again on it, and the list you have now is kept beside it.",
                 "Flick once set its database aside as unreadable and started a new list. That file, {file}, reads well now and holds {count} items. Use it again? Flick starts again on it, and the list you have now is kept beside it.",
                 readable.items, ["file": readable.url.lastPathComponent, "count": countText(readable.items)])
    }

    /// Quits as the quit action does (the row being edited saved, the store closed), then
    /// `run` puts the file in place and starts Flick again on it.
    func reopenAtQuit(_ reopening: Reopening) {
        restoreOnQuit = reopening
        quit()
    }

    /// After the main loop: the chosen file takes the database's place and this process becomes
    /// a new Flick (same arguments, same process id), which opens it.
    func restoreAndStartAgain(_ reopening: Reopening, as databaseURL: URL) {
        do {
            try reopening.apply(to: databaseURL)
        } catch {
            FileHandle.standardError.write(Data("flick: \(StorageProblemMessage.changeNotSaved(StorageFailure(error, folder: databaseURL.deletingLastPathComponent())))\n".utf8))
            return
        }
        startAgain()
    }

    /// Makes this process a new Flick, with the same arguments and process id.
    func startAgain() {
        let arguments = CommandLine.arguments
        var pointers = arguments.map { strdup($0) } + [nil]
        execv("/proc/self/exe", &pointers)
        // Only when the new start failed: say so; the next start does what this one would have.
        FileHandle.standardError.write(Data("flick: could not start again (\(String(cString: strerror(errno)))); start Flick again.\n".utf8))
    }
}
