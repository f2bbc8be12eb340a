@preconcurrency import CGtk
import FlickCore
import FlickSync
import Foundation

/// The command line. `handle-local-options` runs in every `flick` process before it looks for
/// a running Flick: it answers `--version` and `--list` itself and rejects bad arguments.
/// Everything else goes to `command-line`, which GApplication emits in the primary instance:
/// in this process when no Flick runs, otherwise in the running one (over D-Bus), whose
/// return value becomes this process's exit status.
extension FlickApplication {
    /// Returns an exit status to stop here, or -1 to go on to the primary instance.
    func handleLocalOptions(_ options: UnsafeMutablePointer<GVariantDict>) -> Int32 {
        let request = CommandLineOptions.request(from: options)
        if request.showVersion {
            CommandLineOutput.printLocally("Flick \(Self.version)\n")
            return 0
        }
        if let problem = problem(with: request) {
            CommandLineOutput.printErrorLocally("flick: \(problem)\n" + tr("Run “flick --help” to see the options.") + "\n")
            return 1
        }
        // The primary instance may run in another folder: send it an absolute path. An explicit
        // $FLICK_DATA_DIR is sent too, so an item is never added to another folder's list.
        let environment = ProcessEnvironment.all
        if let given = request.dataDirectory ?? environment[DataDirectory.environmentVariable], !given.isEmpty {
            let absolute = URL(fileURLWithPath: given, isDirectory: true).standardizedFileURL.path
            CommandLineOptions.setDataDirectory(absolute, in: options)
            dataDirectoryOption = absolute
        }
        if request.list || request.export {
            // A data folder not made yet is made as the window makes it, welcome lists and all.
            guard FileManager.default.fileExists(atPath: commandLineDatabase.path) || openCommandLineStore() != nil else {
                return 1
            }
            return request.list ? printList(request.extraArguments.first) : printExport(request.extraArguments.first)
        }
        if request.listAccounts {
            return printAccounts()
        }
        if request.addAccountURL != nil || request.sync {
            return syncFromCommandLine(request, options: options)
        }
        if request.removeAccountURL != nil {
            return removeAccountFromCommandLine(request)
        }
        if request.restoreSetAside {
            return restoreSetAsideFromCommandLine()
        }
        if let status = recentlyDeletedFromCommandLine(request) {
            return status
        }
        if let path = request.importPath {
            // The primary instance may run in another folder: send it an absolute path.
            let url = URL(fileURLWithPath: path).standardizedFileURL
            CommandLineOptions.setImportPath(url.path, in: options)
            return importFromCommandLine(url, into: request.intoList)
        }
        if let text = request.addText, !request.background {
            return addFromCommandLine(text)
        }
        observer?.reached(.optionsRead)
        startPreload()
        return hasDisplayOrRunningFlick() ? -1 : 1
    }

    /// Whether the window can be shown: GTK can open a display here, or a running Flick shows
    /// its own. Otherwise says so in words, with the options that work without one, where GTK
    /// would only have printed "cannot open display".
    private func hasDisplayOrRunningFlick() -> Bool {
        if gtk_init_check() != 0 || RunningInstance.exists(applicationID: Self.applicationID) { return true }
        CommandLineOutput.printErrorLocally("flick: " + tr("Flick needs a graphical session to show its window, and none was found (no display). These work without one: --add, --list, --export, --import, --sync, --accounts, --add-account and --remove-account; see “flick --help”.") + "\n")
        return false
    }

    /// What is wrong with the arguments, in words for the user, or nil.
    private func problem(with request: CommandLineOptions.Request) -> String? {
        // `--list` and `--export` may name a list (or today); nothing else takes arguments.
        if let argument = request.extraArguments.dropFirst(request.list || request.export ? 1 : 0).first {
            return tr("unexpected argument “{argument}”: Flick takes options only.", ["argument": argument])
        }
        if let conflict = conflictingOptions(request) {
            return tr("{first} and {second} cannot be used together.", ["first": conflict.0, "second": conflict.1])
        }
        if request.putBackMissing && request.removeMissing {
            return tr("{first} and {second} cannot be used together.", ["first": "--put-back-missing", "second": "--remove-missing"])
        }
        if (request.putBackMissing || request.removeMissing) && !request.sync {
            return tr("--put-back-missing and --remove-missing go with --sync, for example: flick --sync --put-back-missing")
        }
        if request.importPath?.isEmpty == true {
            return tr("--import needs the path of a file to import: an iCalendar (.ics) file or another app's export.")
        }
        if let into = request.intoList {
            if request.importPath == nil { return tr("--into goes with --import, for example: flick --import tasks.ics --into Work") }
            if into.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return tr("--into needs the name of a list.") }
        }
        if let url = request.addAccountURL {
            guard AccountAddress.parse(url) != nil else {
                return tr("--add-account needs the address of a CalDAV server, for example: flick --add-account https://cloud.example.org --user alice")
            }
            if (request.user ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
                return tr("--add-account needs the user name: --user NAME")
            }
        } else if let url = request.removeAccountURL {
            guard AccountAddress.parse(url) != nil else {
                return tr("--remove-account needs the address of the account’s server, as --accounts prints it")
            }
            if (request.user ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
                return tr("--remove-account needs the user name: --user NAME")
            }
        } else if request.user != nil {
            return tr("--user goes with --add-account, for example: flick --add-account https://cloud.example.org --user alice")
        }
        if request.dataDirectory?.isEmpty == true {
            return tr("--data-dir needs the path of a folder.")
        }
        if request.restoreText?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty == true {
            return tr("--restore needs the title of a deleted item, as --deleted prints it, for example: flick --restore \"Buy milk\"")
        }
        if request.deleteText?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty == true {
            return tr("--delete needs the title of the item, for example: flick --delete \"Buy milk\"")
        }
        if let text = request.addText, ItemText.normalised(text).isEmpty {
            return tr("--add needs the title of the item, for example: flick --add \"Buy milk\"")
        }
        return nil
    }

    /// Two options that ask for different things at once, or nil. `--background` goes with
    /// `--add` (an item added at login), but not with what prints and exits.
    private func conflictingOptions(_ request: CommandLineOptions.Request) -> (String, String)? {
        let given = [("--list", request.list), ("--export", request.export), ("--import", request.importPath != nil),
                     ("--add-account", request.addAccountURL != nil), ("--remove-account", request.removeAccountURL != nil),
                     ("--accounts", request.listAccounts), ("--restore-set-aside", request.restoreSetAside),
                     ("--sync", request.sync), ("--add", request.addText != nil), ("--deleted", request.listDeleted),
                     ("--restore", request.restoreText != nil), ("--delete", request.deleteText != nil)].filter(\.1).map(\.0)
        if given.count > 1 { return (given[0], given[1]) }
        if request.background, let first = given.first, first != "--add" { return (first, "--background") }
        return nil
    }

    /// `--deleted`, `--restore TEXT` or `--delete TEXT`, answered here, or nil for none of them.
    private func recentlyDeletedFromCommandLine(_ request: CommandLineOptions.Request) -> Int32? {
        if request.listDeleted { return printRecentlyDeleted() }
        if let text = request.restoreText { return restoreFromCommandLine(text) }
        if let text = request.deleteText { return deleteFromCommandLine(text) }
        return nil
    }

    /// `--list [LIST | today]`: reads the database directly, read-only, so it works with or
    /// without a Flick running and never changes the file. Without a name, the current list.
    private func printList(_ name: String?) -> Int32 {
        let directory = DataDirectory.resolve(option: dataDirectoryOption, environment: ProcessEnvironment.all)
        let databaseURL = directory.appendingPathComponent(DataDirectory.databaseFileName)
        let lastList = WindowState(schemaDirectories: resources.schemaDirectories).int64("last-list")
        do {
            if let name, Self.meansToday(name) {
                let today = try ListSnapshot.readToday(databaseURL: databaseURL, day: DueDate.today())
                let names = Dictionary(today.map { ($0.item.listID, $0.listName) }) { first, _ in first }
                CommandLineOutput.printLocally(ListText.lines(today.map(\.item), listNames: names))
            } else if let name {
                guard let snapshot = try ListSnapshot.read(databaseURL: databaseURL, listNamed: name) else {
                    CommandLineOutput.printErrorLocally("flick: " + tr("there is no list named “{name}”.", ["name": name]) + "\n")
                    return 1
                }
                CommandLineOutput.printLocally(try calendarLine(of: snapshot, databaseURL) + ListText.lines(snapshot.items))
            } else if let snapshot = try ListSnapshot.read(databaseURL: databaseURL, listID: lastList) {
                CommandLineOutput.printLocally(try calendarLine(of: snapshot, databaseURL) + ListText.lines(snapshot.items))
            }
            return 0
        } catch {
            CommandLineOutput.printErrorLocally("flick: " + DatabaseReadMessage.text(for: error, databaseURL: databaseURL) + "\n")
        }
        return 1
    }

    /// For a list that is a calendar, a first line saying which, "(synced with <URL>)"; else "".
    private func calendarLine(of snapshot: ListSnapshot, _ databaseURL: URL) throws -> String {
        let lists = try ListSnapshot.accounts(databaseURL: databaseURL).flatMap(\.lists)
        guard let synced = lists.first(where: { $0.listID == snapshot.list.id }) else { return "" }
        return tr("(synced with {calendar})", ["calendar": synced.url]) + "\n"
    }

    /// `today`, in English or in Flick's language, names the Today list.
    private static func meansToday(_ name: String) -> Bool {
        let folded = name.lowercased()
        return folded == "today" || folded == tr("Today").lowercased()
    }

    /// The primary instance's side: opens (or presents) the window and adds `--add`'s item.
    /// Returns the exit status of the `flick` that sent the command line.
    func handleCommandLine(_ commandLine: UnsafeMutablePointer<GApplicationCommandLine>) -> Int32 {
        guard let options = g_application_command_line_get_options_dict(commandLine) else { return 1 }
        let request = CommandLineOptions.request(from: options)
        if let requested = request.dataDirectory {
            if let open = openDirectory, !Self.samePlace(open.path, requested) {
                CommandLineOutput.printError(
                    tr("Flick is already running with the list in {open}. Quit it to use {requested}.",
                       ["open": open.path, "requested": requested]), to: commandLine)
                return 1
            }
            if openDirectory == nil { dataDirectoryOption = requested }
        }
        if let path = request.importPath {
            return importForCommandLine(path, into: request.intoList, commandLine)
        }
        if request.removeAccountURL != nil {
            return removeAccountForCommandLine(request, commandLine)
        }
        if request.addAccountURL != nil || request.sync {
            return syncForCommandLine(request, commandLine)
        }
        if request.background && request.addText == nil {
            // At login: the store and its reminders, no window. A Flick already running
            // stays as it is.
            return openStore() == nil ? 1 : 0
        }
        guard let window = openWindow() else {
            CommandLineOutput.printError(cannotOpenText, to: commandLine)
            return 1
        }
        if request.addText != nil, let reason = window.pages.listLevelPage?.whyNoNewRows {
            CommandLineOutput.printError(reason, to: commandLine)
            presentWindow()
            return 1
        }
        if let text = request.addText, !Self.addItem(titled: text, to: window) {
            CommandLineOutput.printError(tr("the item could not be added."), to: commandLine)
            presentWindow()
            return 1
        }
        presentWindow()
        return 0
    }

    /// `--add`: inserts at the top of the list level's page the way the window's own New Item
    /// does (`Page.addAtTop`). False when nothing was added.
    static func addItem(titled text: String, to window: MainWindow) -> Bool {
        window.pages.listLevelPage?.addAtTop(ItemText.normalised(text)) != nil
    }

    private static func samePlace(_ first: String, _ second: String) -> Bool {
        let resolve = { (path: String) in URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path }
        return resolve(first) == resolve(second)
    }
}
