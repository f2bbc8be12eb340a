import FlickCore
import Foundation

/// Adding a CalDAV account: discover its task calendars, keep the account (its password goes
/// to the Secret Service, not here), and make a list for each calendar.
public enum AccountSetup {
    public struct Outcome: Sendable {
        public var account: SyncAccount
        public var calendars: [DiscoveredCalendar]
        /// The list of each calendar, in `calendars`' order.
        public var listIDs: [Int64]
    }

    /// Discovers the account at `address` and links every task calendar it has (those
    /// `chosen` names, when given) to a list of its own; a calendar linked before keeps its list.
    public static func add(address: URL, user: String, password: String, store: TodoStore,
                           timeout: UInt32 = 30, chosen: ((DiscoveredCalendar) -> Bool)? = nil) throws -> Outcome {
        let client = HTTPClient(user: user, password: password, timeout: timeout)
        let discovered = try CalDAVConnection.discover(address, client: client)
        let account = try store.addAccount(url: address.absoluteString, user: user)
        try store.setDiscovered(accountID: account.id, principalURL: discovered.principalURL, homeURL: discovered.homeURL)
        let calendars = discovered.calendars.filter { chosen?($0) ?? true }
        let listIDs = try calendars.map { calendar in
            try store.addCalendarList(name: calendar.name, accountID: account.id, url: calendar.url, readOnly: calendar.readOnly)
        }
        return Outcome(account: account, calendars: calendars, listIDs: listIDs)
    }
}
