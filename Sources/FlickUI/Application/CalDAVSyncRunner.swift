import FlickCore
import FlickSync

/// The sync runner of both callers, the running Flick's controller and `flick --sync`: CalDAV
/// over libsoup with sync's time-out, and each account's password from `given` (a password
/// typed in this session or on standard input) or else the Secret Service.
enum CalDAVSyncRunner {
    static func make(store: TodoStore, given: @escaping (SyncAccount) -> String?) -> SyncRunner {
        let timeout = FlickApplication.syncTimeout
        return SyncRunner(store: store, password: { account in
            if let password = given(account) { return password }
            guard let stored = try PasswordStore.lookup(server: account.url, user: account.user) else { throw SyncFailure.noPassword }
            return stored
        }, makeServer: { account, password in
            CalDAVConnection(client: HTTPClient(user: account.user, password: password, timeout: timeout))
        })
    }
}
