import Foundation

/// A calendar account configured in GNOME Online Accounts that Flick can
/// sync with without the user typing it again: the account's object exports
/// `org.gnome.OnlineAccounts.Calendar` (its CalDAV address), its calendars are not switched
/// off in GNOME's settings (`CalendarDisabled`), and it signs in with a password
/// (`PasswordBased`). A Google account has a Calendar too, but signs in through OAuth2, which
/// Flick's CalDAV client does not speak: it is left out rather than offered and then refused.
public struct OnlineAccount: Equatable, Sendable {
    /// A property's value as GOA sends it: Flick reads only strings and booleans.
    public enum Value: Equatable, Sendable {
        case text(String)
        case flag(Bool)
    }

    public static let accountInterface = "org.gnome.OnlineAccounts.Account"
    public static let calendarInterface = "org.gnome.OnlineAccounts.Calendar"
    public static let passwordInterface = "org.gnome.OnlineAccounts.PasswordBased"

    /// The account's D-Bus object, which answers `GetPassword`.
    public var objectPath: String
    /// GOA's own id of the account (`Id`), the argument `GetPassword` wants.
    public var id: String
    /// What GNOME's settings show, e.g. "alice@cloud.example".
    public var name: String
    /// The CalDAV address (`Calendar.Uri`), where discovery starts.
    public var address: String
    /// The user name the server knows (`Identity`).
    public var user: String

    public init(objectPath: String, id: String, name: String, address: String, user: String) {
        self.objectPath = objectPath
        self.id = id
        self.name = name
        self.address = address
        self.user = user
    }

    /// The account of one object of `GetManagedObjects` (its interfaces and their properties),
    /// or nil when Flick cannot sync with it.
    public init?(objectPath: String, interfaces: [String: [String: Value]]) {
        guard let account = interfaces[Self.accountInterface], let calendar = interfaces[Self.calendarInterface],
              interfaces[Self.passwordInterface] != nil,
              account["CalendarDisabled"] != .flag(true),
              case let .text(address)? = calendar["Uri"], !address.isEmpty,
              case let .text(user)? = account["Identity"], !user.isEmpty
        else { return nil }
        var name = user
        if case let .text(presentation)? = account["PresentationIdentity"], !presentation.isEmpty { name = presentation }
        var id = ""
        if case let .text(text)? = account["Id"] { id = text }
        self.init(objectPath: objectPath, id: id, name: name, address: Self.withoutUser(address), user: user)
    }

    /// GOA's Nextcloud provider puts the user in the address ("https://alice@cloud.example/
    /// remote.php/caldav/", as goa-daemon 3.46 exports it); Flick gives the user apart, and
    /// keeps the address as a user would type it.
    static func withoutUser(_ address: String) -> String {
        guard var components = URLComponents(string: address), components.user != nil || components.password != nil
        else { return address }
        components.user = nil
        components.password = nil
        return components.string ?? address
    }

    /// The accounts Flick can sync with among `objects`, by name (GOA's order is its objects'
    /// paths, which mean nothing to the user).
    public static func accounts(in objects: [String: [String: [String: Value]]]) -> [OnlineAccount] {
        objects.compactMap { OnlineAccount(objectPath: $0.key, interfaces: $0.value) }
            .sorted { ($0.name.lowercased(), $0.objectPath) < ($1.name.lowercased(), $1.objectPath) }
    }
}
