import XCTest
@testable import FlickSync

/// Which of GNOME Online Accounts' objects Add Account offers, read from GetManagedObjects'
/// interfaces and properties (the bus itself: tests/e2e/test_online_accounts.py).
final class OnlineAccountTests: XCTestCase {
    private typealias Interfaces = [String: [String: OnlineAccount.Value]]

    private func nextcloud(user: String = "alice", presentation: String? = "alice@cloud.example",
                           calendarDisabled: Bool = false, uri: String = "https://cloud.example/remote.php/dav") -> Interfaces {
        var account: [String: OnlineAccount.Value] = [
            "Id": .text("account_1_0"), "ProviderType": .text("owncloud"), "Identity": .text(user),
            "CalendarDisabled": .flag(calendarDisabled),
        ]
        if let presentation { account["PresentationIdentity"] = .text(presentation) }
        return [
            OnlineAccount.accountInterface: account,
            OnlineAccount.calendarInterface: ["Uri": .text(uri), "AcceptSslErrors": .flag(false)],
            OnlineAccount.passwordInterface: [:],
        ]
    }

    func testANextcloudAccountGivesItsAddressUserNameAndID() {
        let account = OnlineAccount(objectPath: "/org/gnome/OnlineAccounts/Accounts/account_1_0", interfaces: nextcloud())
        XCTAssertEqual(account, OnlineAccount(objectPath: "/org/gnome/OnlineAccounts/Accounts/account_1_0", id: "account_1_0",
                                              name: "alice@cloud.example", address: "https://cloud.example/remote.php/dav",
                                              user: "alice"))
    }

    func testTheUserGOAPutsInTheAddressIsLeftOut() {
        let account = OnlineAccount(objectPath: "/a", interfaces: nextcloud(uri: "https://alice@cloud.example:8443/remote.php/caldav/"))
        XCTAssertEqual(account?.address, "https://cloud.example:8443/remote.php/caldav/")
        XCTAssertEqual(account?.user, "alice")
        XCTAssertEqual(OnlineAccount.withoutUser("https://a%40b:pw@cloud.example/dav"), "https://cloud.example/dav")
        XCTAssertEqual(OnlineAccount.withoutUser("http://127.0.0.1:5232/"), "http://127.0.0.1:5232/")
    }

    func testWithoutAPresentationIdentityTheUserNameNamesIt() {
        XCTAssertEqual(OnlineAccount(objectPath: "/a", interfaces: nextcloud(presentation: nil))?.name, "alice")
        XCTAssertEqual(OnlineAccount(objectPath: "/a", interfaces: nextcloud(presentation: ""))?.name, "alice")
    }

    func testCalendarsSwitchedOffInGNOMEAreNotOffered() {
        XCTAssertNil(OnlineAccount(objectPath: "/a", interfaces: nextcloud(calendarDisabled: true)))
    }

    func testAnAccountWithoutCalendarsOrAPasswordOrAnAddressIsNotOffered() {
        var mailOnly = nextcloud()
        mailOnly[OnlineAccount.calendarInterface] = nil
        XCTAssertNil(OnlineAccount(objectPath: "/a", interfaces: mailOnly), "no Calendar interface")
        var google = nextcloud()
        google[OnlineAccount.passwordInterface] = nil
        google["org.gnome.OnlineAccounts.OAuth2Based"] = [:]
        XCTAssertNil(OnlineAccount(objectPath: "/a", interfaces: google), "OAuth2, which Flick's client does not speak")
        XCTAssertNil(OnlineAccount(objectPath: "/a", interfaces: nextcloud(uri: "")), "no address")
        XCTAssertNil(OnlineAccount(objectPath: "/a", interfaces: nextcloud(user: "")), "no user")
        XCTAssertNil(OnlineAccount(objectPath: "/org/gnome/OnlineAccounts/Manager", interfaces: [
            "org.gnome.OnlineAccounts.Manager": [:],
        ]), "the manager object")
    }

    func testTheAccountsComeByNameWhateverTheirPaths() {
        let accounts = OnlineAccount.accounts(in: [
            "/b": nextcloud(user: "zoe", presentation: "zoe@a.example"),
            "/c": nextcloud(calendarDisabled: true),
            "/a": nextcloud(user: "Bob", presentation: "Bob@b.example"),
        ])
        XCTAssertEqual(accounts.map(\.name), ["Bob@b.example", "zoe@a.example"])
    }
}
