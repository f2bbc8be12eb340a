import XCTest
@testable import FlickSync

/// The server address a user types.
final class AccountAddressTests: XCTestCase {
    func testAnAddressWithoutASchemeIsHTTPS() {
        XCTAssertEqual(AccountAddress.parse("cloud.example.org")?.absoluteString, "https://cloud.example.org")
        XCTAssertEqual(AccountAddress.parse("  https://cloud.example.org/remote.php/dav \n")?.absoluteString,
                       "https://cloud.example.org/remote.php/dav")
        XCTAssertEqual(AccountAddress.parse("http://127.0.0.1:5232")?.port, 5232)
    }

    func testWhatIsNoServerAddressIsRefused() {
        for text in ["", "   ", "ftp://example.org", "https://", "two words.org", "mailto:alice@example.org"] {
            XCTAssertNil(AccountAddress.parse(text), text)
        }
    }

    func testADerivedUIDIsStableDistinctAndShapedLikeAUUID() {
        let first = DerivedUID.uid(for: "SUMMARY:a")
        XCTAssertEqual(first, DerivedUID.uid(for: "SUMMARY:a"))
        XCTAssertNotEqual(first, DerivedUID.uid(for: "SUMMARY:b"))
        let uuid = UUID(uuidString: first)
        XCTAssertNotNil(uuid)
        XCTAssertEqual(Array(first)[14], "8", "version 8")
    }

    func testANewResourceIsNamedAfterItsUIDWhenThatIsAPlainName() {
        let calendar = URL(string: "http://127.0.0.1:5232/alice%40example.org/tasks/")!
        // In the canonical form the server's hrefs are compared in (an "@" needs no escape).
        let folder = DAVHref.path("/alice%40example.org/tasks/", relativeTo: calendar)!
        XCTAssertEqual(CalendarSync.newHref(for: "abc-123_x.y", in: calendar), folder + "abc-123_x.y.ics")
        XCTAssertEqual(CalendarSync.newHref(for: "abc", in: calendar),
                       DAVHref.path("http://127.0.0.1:5232/alice@example.org/tasks/abc.ics", relativeTo: calendar))
        let odd = CalendarSync.newHref(for: "a/b c@host", in: calendar)
        XCTAssertTrue(odd.hasPrefix(folder))
        XCTAssertFalse(odd.dropFirst(folder.count).contains("/"), odd)
    }
}
