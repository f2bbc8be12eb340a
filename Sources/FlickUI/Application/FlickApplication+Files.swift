@preconcurrency import CGtk
import FlickCore
import FlickSync
import Foundation

/// `flick --import FILE [--into LIST]` and `flick --export [LIST]`.
///
/// An export only reads the database, in this process, like `--list`. An import is checked
/// here first (a broken file is refused by this process, whether or not Flick runs); then, when
/// a Flick is running, it imports the file, so its window shows the new items at once; when
/// none is, this process imports it itself and exits, without opening a window.
extension FlickApplication {
    /// `--export [LIST]`: every list, or the one named, as iCalendar on standard output.
    func printExport(_ name: String?) -> Int32 {
        let databaseURL = commandLineDatabase
        do {
            guard let lists = try ListSnapshot.exported(databaseURL: databaseURL, listNamed: name) else {
                CommandLineOutput.printErrorLocally("flick: " + tr("there is no list named “{name}”.", ["name": name ?? ""]) + "\n")
                return 1
            }
            CommandLineOutput.printLocally(ICSExport.text(for: lists))
            return 0
        } catch {
            CommandLineOutput.printErrorLocally("flick: " + DatabaseReadMessage.text(for: error, databaseURL: databaseURL) + "\n")
        }
        return 1
    }

    /// `--import FILE`, in the `flick` that was run: returns an exit status, or -1 to have the
    /// running Flick import it.
    func importFromCommandLine(_ url: URL, into listName: String?) -> Int32 {
        if case let .failure(failure) = ICSFileImport.lists(inFileAt: url) {
            CommandLineOutput.printErrorLocally("flick: " + ICSImportMessage.failure(failure, fileName: url.lastPathComponent) + "\n")
            return 1
        }
        if RunningInstance.exists(applicationID: Self.applicationID) { return -1 }
        // No Flick runs: this one imports into the database and exits.
        guard let store = openCommandLineStore() else { return 1 }
        let (status, text) = Self.importText(ICSFileImport.run(url, into: listName, store: store), file: url, store: store)
        if status == 0 { CommandLineOutput.printLocally(text + "\n") } else { CommandLineOutput.printErrorLocally("flick: \(text)\n") }
        return status
    }

    /// `--import FILE` sent to the running Flick: imports into its store and shows the result in
    /// its window, if it has one open, without bringing the window forward.
    func importForCommandLine(_ path: String, into listName: String?,
                              _ commandLine: UnsafeMutablePointer<GApplicationCommandLine>) -> Int32 {
        guard let store = openStore() else {
            CommandLineOutput.printError(cannotOpenText, to: commandLine)
            return 1
        }
        let url = URL(fileURLWithPath: path)
        let result = ICSFileImport.run(url, into: listName, store: store)
        let (status, text) = Self.importText(result, file: url, store: store)
        if case let .success(summary) = result { mainWindow?.imported(summary, message: text) }
        if status == 0 {
            CommandLineOutput.print(text + "\n", to: commandLine)
        } else {
            CommandLineOutput.printError(text, to: commandLine)
        }
        return status
    }

    /// The exit status and the sentence for an import's result.
    static func importText(_ result: Result<ImportSummary, ICSFileImport.Failure>, file: URL,
                           store: TodoStore) -> (Int32, String) {
        switch result {
        case let .success(summary):
            let names = (try? store.lists()).map { lists in
                summary.listIDs.compactMap { id in lists.first { $0.id == id }?.name }
            } ?? []
            return (0, ICSImportMessage.summary(summary, fileName: file.lastPathComponent, listNames: names))
        case let .failure(failure):
            return (1, ICSImportMessage.failure(failure, fileName: file.lastPathComponent))
        }
    }
}
