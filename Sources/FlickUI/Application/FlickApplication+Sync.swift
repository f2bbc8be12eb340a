@preconcurrency import CGtk
import FlickCore
import FlickSync
import Foundation

/// `flick --add-account URL --user NAME`, `flick --accounts` and `flick --sync`.
///
/// `--accounts` only reads the database. `--add-account` reads the password in the `flick`
/// that was run (from standard input, or the Secret Service's if none is given) and keeps it
/// in the Secret Service. Then, as `--import` does, the running Flick does the work if there
/// is one (so its window shows the new lists and no two syncs overlap), on a thread of its
/// own; otherwise this process does it and exits.
extension FlickApplication {
    /// `--accounts`: each account, and each list with its calendar.
    func printAccounts() -> Int32 {
        let databaseURL = commandLineDatabase
        do {
            let accounts = try ListSnapshot.accounts(databaseURL: databaseURL)
            if accounts.isEmpty { CommandLineOutput.printLocally(tr("No CalDAV account yet. Add one with --add-account URL --user NAME.") + "\n") }
            for (account, lists) in accounts {
                CommandLineOutput.printLocally(tr("{user} at {server}", ["user": account.user, "server": account.url]) + "\n")
                for list in lists {
                    CommandLineOutput.printLocally("  \(list.name)  <\(list.url)>\(list.readOnly ? "  " + tr("(read-only)") : "")\n")
                }
            }
            return 0
        } catch ListSnapshot.Problem.noDatabase {
            CommandLineOutput.printLocally(tr("No CalDAV account yet. Add one with --add-account URL --user NAME.") + "\n")
            return 0
        } catch {
            CommandLineOutput.printErrorLocally("flick: " + DatabaseReadMessage.text(for: error, databaseURL: databaseURL) + "\n")
            return 1
        }
    }

    /// `--add-account` and `--sync` in the `flick` that was run: returns an exit status, or -1
    /// to have the running Flick do it.
    func syncFromCommandLine(_ request: CommandLineOptions.Request, options: UnsafeMutablePointer<GVariantDict>) -> Int32 {
        var givenPassword: String?
        if let address = request.addAccountURL.flatMap(AccountAddress.parse), let user = request.user {
            givenPassword = CommandLinePassword.read(prompt: tr("Password for {user} at {server}: ",
                                                                ["user": user, "server": address.absoluteString]))
            if let password = givenPassword {
                // Kept for the syncs to come, and for the running Flick, which cannot read this
                // process's standard input.
                do {
                    try PasswordStore.store(password, server: address.absoluteString, user: user)
                } catch {
                    CommandLineOutput.printErrorLocally("flick: " + SyncReportText.reason(SyncFailure.from(error)) + "\n")
                }
            }
        } else if isatty(STDIN_FILENO) == 0 {
            givenPassword = CommandLinePassword.read(prompt: "")
        }
        if RunningInstance.exists(applicationID: Self.applicationID) {
            if let givenPassword { CommandLineOptions.setForwardedPassword(givenPassword, in: options) }
            return -1
        }
        // Without a password there is nothing to add: said before the data folder is touched
        // (opening the database writes to its file, and may make it).
        if request.addAccountURL != nil, case let .failure(refusal) = Self.accountPassword(request, given: givenPassword) {
            CommandLineOutput.printErrorLocally(refusal.text)
            return 1
        }
        guard let store = openCommandLineStore() else { return 1 }
        let (status, text) = Self.runSync(request, store: store, givenPassword: givenPassword)
        if status == 0 { CommandLineOutput.printLocally(text) } else { CommandLineOutput.printErrorLocally(text) }
        return status
    }

    /// `--add-account` and `--sync` sent to the running Flick: done on a thread of its own (the
    /// sync by the running Flick's controller, so two never overlap); the `flick` that sent them
    /// waits for the answer (it waits as long as `commandLine` lives).
    func syncForCommandLine(_ request: CommandLineOptions.Request,
                            _ commandLine: UnsafeMutablePointer<GApplicationCommandLine>) -> Int32 {
        guard let store = openStore(), let sync else {
            CommandLineOutput.printError(cannotOpenText, to: commandLine)
            return 1
        }
        let givenPassword = request.forwardedPassword
        if let givenPassword {
            // As in a `flick` that syncs by itself, the password given counts for this session.
            let address = request.addAccountURL.flatMap(AccountAddress.parse)?.absoluteString
            let accounts = address.map { [($0, request.user ?? "")] }
                ?? ((try? store.accounts()) ?? []).map { ($0.url, $0.user) }
            for (server, user) in accounts { sync.remember(password: givenPassword, server: server, user: user) }
        }
        g_object_ref(UnsafeMutableRawPointer(commandLine))
        nonisolated(unsafe) let caller = commandLine
        let answer: @MainActor (Int32, String) -> Void = { status, text in
            if status == 0 { CommandLineOutput.print(text, to: caller) } else { CommandLineOutput.printError(text, to: caller) }
            g_application_command_line_set_exit_status(caller, status)
            g_object_unref(UnsafeMutableRawPointer(caller))
        }
        let syncAndAnswer: @MainActor (String) -> Void = { added in
            // A new account's lists, and a sync's changes, reach the window from the store.
            sync.syncNow(answeringMissingItems: CommandLineOptions.missingItemsAnswer(request)) { report in
                answer(report.succeeded ? 0 : 1, added + SyncReportText.lines(report))
            }
        }
        guard request.addAccountURL != nil else {
            syncAndAnswer("")
            return 0
        }
        nonisolated(unsafe) let sharedStore = store
        Thread.detachNewThread {
            let (status, text) = Self.addAccount(request, store: sharedStore, givenPassword: givenPassword)
            _ = MainLoop.idle {
                if status == 0 { syncAndAnswer(text) } else { answer(status, text) }
            }
        }
        return 0
    }

    /// Adds the account (if asked), then syncs every list once: the exit status and the words
    /// to print. In this process only: the running Flick syncs with its controller.
    nonisolated static func runSync(_ request: CommandLineOptions.Request, store: TodoStore,
                                    givenPassword: String?) -> (Int32, String) {
        var text = ""
        if request.addAccountURL != nil {
            let (status, added) = addAccount(request, store: store, givenPassword: givenPassword)
            guard status == 0 else { return (status, added) }
            text += added
        }
        let runner = CalDAVSyncRunner.make(store: store, given: { _ in givenPassword })
        let answer = CommandLineOptions.missingItemsAnswer(request)
        runner.answerForMissingItems = { _ in answer }
        let report = runner.run()
        text += SyncReportText.lines(report)
        return (report.succeeded ? 0 : 1, text)
    }

    /// `--add-account URL --user NAME`: discovers the account and makes a list for each task
    /// calendar. Touches no widget (the running Flick runs it on a thread).
    nonisolated static func addAccount(_ request: CommandLineOptions.Request, store: TodoStore,
                                       givenPassword: String?) -> (Int32, String) {
        guard let address = request.addAccountURL.flatMap(AccountAddress.parse), let user = request.user else { return (1, "") }
        let password: String
        switch accountPassword(request, given: givenPassword) {
        case let .success(found): password = found
        case let .failure(refusal): return (1, refusal.text)
        }
        do {
            let outcome = try AccountSetup.add(address: address, user: user, password: password, store: store,
                                               timeout: syncTimeout)
            return (0, AccountText.added(outcome))
        } catch {
            return (1, "flick: " + SyncReportText.reason(SyncFailure.from(error)) + "\n")
        }
    }

    /// The password of the account `--add-account` adds: the one given, or else the Secret
    /// Service's; or the words that say why there is none.
    nonisolated static func accountPassword(_ request: CommandLineOptions.Request,
                                            given: String?) -> Result<String, CommandLineRefusal> {
        if let given { return .success(given) }
        let server = request.addAccountURL.flatMap(AccountAddress.parse)?.absoluteString ?? ""
        do {
            guard let found = try PasswordStore.lookup(server: server, user: request.user ?? "") else {
                return .failure(CommandLineRefusal(text: "flick: " + SyncReportText.reason(.noPassword) + "\n"))
            }
            return .success(found)
        } catch {
            return .failure(CommandLineRefusal(text: "flick: " + SyncReportText.reason(.noSecretService("\(error)")) + "\n"))
        }
    }

    /// Seconds sync waits for an answer: 30, or $FLICK_SYNC_TIMEOUT (the tests' slow server).
    nonisolated static var syncTimeout: UInt32 {
        ProcessEnvironment.value("FLICK_SYNC_TIMEOUT").flatMap { UInt32($0) } ?? 30
    }

    /// The data folder the command line works on (`--data-dir`, $FLICK_DATA_DIR or the default).
    var commandLineDataDirectory: URL {
        DataDirectory.resolve(option: dataDirectoryOption, environment: ProcessEnvironment.all)
    }

    /// The database in it.
    var commandLineDatabase: URL {
        commandLineDataDirectory.appendingPathComponent(DataDirectory.databaseFileName)
    }
}

/// Sync in the running Flick: the controller, its action, and the window told of it.
extension FlickApplication {
    func startSync(_ store: TodoStore) {
        let controller = SyncController(store: store)
        sync = controller
        controller.onStatusChanged = { [weak self] status in self?.mainWindow?.showSyncStatus(status) }
        controller.onStoreChanged = { [weak self] report in self?.mainWindow?.syncReported(report) }
        controller.onMissingItems = { [weak self, weak controller] held in
            self?.mainWindow?.askAboutMissingItems(held) { listID, answer in
                controller?.answerMissingItems(of: listID, with: answer)
            }
        }
        // After the first frame, as the reminders: start-up does not wait for the network.
        _ = MainLoop.after(seconds: 1) { controller.start() }
    }

    /// `app.sync`: F5, Sync Now in the main menu, Retry in the sync status line.
    func addSyncAction() {
        Actions.add([
            .init(name: "sync", accelerators: ["F5"]) { [weak self] in self?.syncByHand() },
        ], to: OpaquePointer(application), prefix: "app", application: application)
    }

    /// F5 with no account did nothing at all (a promised key never silently does
    /// nothing): the window says why.
    private func syncByHand() {
        guard let sync else { return }
        if !sync.hasAccounts, let window = mainWindow {
            window.notice.show(tr("No account to sync with: add one with Add Account… in the main menu"), undoable: false)
            return
        }
        sync.syncNowAskingAgain()
    }
}
