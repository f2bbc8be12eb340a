import FlickCore
import Foundation

/// Adding a CalDAV account: discover its task calendars, keep the account (its password goes
/// to the Secret Service, not here), make a list for each calendar the user picks, and a
/// calendar for each Flick list the user wants on the server too (MKCALENDAR).
public enum AccountSetup {
    public struct Outcome: Sendable {
        public var account: SyncAccount
        public var calendars: [DiscoveredCalendar]
        /// The list of each calendar, in `calendars`' order.
        public var listIDs: [Int64]
        /// Flick lists that now have a calendar of their own.
        public var uploadedListIDs: [Int64]
    }

    /// Finds the account's principal, calendar home and task calendars; changes nothing.
    public static func discover(address: URL, user: String, password: String, timeout: UInt32 = 30) throws -> DiscoveredAccount {
        try CalDAVConnection.discover(address, client: HTTPClient(user: user, password: password, timeout: timeout))
    }

    /// Keeps the account, links `calendars` to lists of their own (a calendar linked before
    /// keeps its list), and makes a calendar for each list of `uploads`, whose items the next
    /// sync sends.
    public static func link(_ discovered: DiscoveredAccount, address: URL, user: String, password: String,
                            calendars: [DiscoveredCalendar], uploads: [(listID: Int64, name: String, uid: String)] = [],
                            store: TodoStore, timeout: UInt32 = 30) throws -> Outcome {
        let account = try store.addAccount(url: address.absoluteString, user: user)
        // The lists made were told as their commits came; which of them are calendars (read-only
        // or not) the pages learn when they hear the end, even of a setup that failed halfway.
        defer { store.writerFinished() }
        try store.setDiscovered(accountID: account.id, principalURL: discovered.principalURL, homeURL: discovered.homeURL)
        let listIDs = try calendars.map { calendar in
            try store.addCalendarList(name: calendar.name, accountID: account.id, url: calendar.url, readOnly: calendar.readOnly)
        }
        var uploaded: [Int64] = []
        if !uploads.isEmpty, let home = URL(string: discovered.homeURL) {
            let connection = CalDAVConnection(client: HTTPClient(user: user, password: password, timeout: timeout))
            for list in uploads {
                let url = try connection.makeCalendar(named: list.name, slug: list.uid, in: home)
                try store.linkList(list.listID, accountID: account.id, url: url.absoluteString)
                uploaded.append(list.listID)
            }
        }
        return Outcome(account: account, calendars: calendars, listIDs: listIDs, uploadedListIDs: uploaded)
    }

    /// Discovers the account at `address` and links every task calendar it has: what
    /// `flick --add-account` does.
    public static func add(address: URL, user: String, password: String, store: TodoStore,
                           timeout: UInt32 = 30) throws -> Outcome {
        let discovered = try discover(address: address, user: user, password: password, timeout: timeout)
        return try link(discovered, address: address, user: user, password: password, calendars: discovered.calendars,
                        store: store, timeout: timeout)
    }
}
