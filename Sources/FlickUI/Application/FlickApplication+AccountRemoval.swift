@preconcurrency import CGtk
import FlickCore
import FlickSync
import Foundation

/// `flick --remove-account URL --user NAME`: forgets the account and its password; its lists
/// stay on this computer and no longer sync. The running Flick does it if there is one (so no
/// sync of its own is writing to those lists meanwhile); otherwise this process does.
extension FlickApplication {
    /// In the `flick` that was run: an exit status, or -1 to have the running Flick do it.
    func removeAccountFromCommandLine(_ request: CommandLineOptions.Request) -> Int32 {
        if RunningInstance.exists(applicationID: Self.applicationID) { return -1 }
        guard let store = openCommandLineStore() else { return 1 }
        guard let account = Self.account(matching: request, in: store) else {
            CommandLineOutput.printErrorLocally(Self.noSuchAccount(request))
            return 1
        }
        do {
            try store.removeAccount(id: account.id)
        } catch {
            let failure = StorageFailure(error, folder: commandLineDataDirectory).checkingFolder()
            CommandLineOutput.printErrorLocally("flick: " + StorageProblemMessage.changeNotSaved(failure) + "\n")
            return 1
        }
        try? PasswordStore.clear(server: account.url, user: account.user)
        CommandLineOutput.printLocally(Self.removed(account))
        return 0
    }

    /// In the running Flick: through its sync controller, which waits for a sync under way.
    func removeAccountForCommandLine(_ request: CommandLineOptions.Request,
                                     _ commandLine: UnsafeMutablePointer<GApplicationCommandLine>) -> Int32 {
        guard let store = openStore(), let sync else {
            CommandLineOutput.printError(cannotOpenText, to: commandLine)
            return 1
        }
        guard let account = Self.account(matching: request, in: store) else {
            CommandLineOutput.printError(Self.noSuchAccount(request), to: commandLine)
            return 1
        }
        g_object_ref(UnsafeMutableRawPointer(commandLine))
        nonisolated(unsafe) let caller = commandLine
        sync.removeAccount(account) { [weak self] error in
            if let error {
                let failure = StorageFailure(error, folder: self?.commandLineDataDirectory ?? URL(fileURLWithPath: "/"))
                CommandLineOutput.printError("flick: " + StorageProblemMessage.changeNotSaved(failure.checkingFolder()), to: caller)
                g_application_command_line_set_exit_status(caller, 1)
            } else {
                CommandLineOutput.print(Self.removed(account), to: caller)
            }
            g_object_unref(UnsafeMutableRawPointer(caller))
        }
        return 0
    }

    /// The account of this server address (however it was written) and user name.
    private static func account(matching request: CommandLineOptions.Request, in store: TodoStore) -> SyncAccount? {
        guard let address = request.removeAccountURL.flatMap(AccountAddress.parse), let user = request.user else { return nil }
        return ((try? store.accounts()) ?? []).first {
            $0.user == user && AccountAddress.parse($0.url)?.absoluteString == address.absoluteString
        }
    }

    private static func noSuchAccount(_ request: CommandLineOptions.Request) -> String {
        "flick: " + tr("there is no account for {user} at {server}; --accounts lists them.",
                       ["user": request.user ?? "", "server": request.removeAccountURL ?? ""]) + "\n"
    }

    private static func removed(_ account: SyncAccount) -> String {
        tr("Removed {user} at {server}. Its lists stay on this computer and no longer sync.",
           ["user": account.user, "server": account.url]) + "\n"
    }
}
