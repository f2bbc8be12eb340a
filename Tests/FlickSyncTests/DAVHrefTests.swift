import Foundation
import XCTest
@testable import FlickSync

/// Resolving hrefs against the request URL, and one canonical form for each resource.
final class DAVHrefTests: XCTestCase {
    private let base = URL(string: "https://Cal.Example.com:443/dav/alice/flick%20tasks/")!

    private func path(_ href: String) -> String? { DAVHref.path(href, relativeTo: base) }
    private func url(_ href: String) -> String? { DAVHref.url(href, relativeTo: base)?.absoluteString }

    func testAbsolutePathsKeepTheRequestsOrigin() {
        XCTAssertEqual(url("/dav/alice/flick%20tasks/a.ics"), "https://cal.example.com/dav/alice/flick%20tasks/a.ics")
        XCTAssertEqual(path("/dav/alice/flick%20tasks/a.ics"), "/dav/alice/flick%20tasks/a.ics")
    }

    func testFullURLsAreTakenAsTheyAre() {
        XCTAssertEqual(url("http://Other.Example.org:8080/x/y.ics"), "http://other.example.org:8080/x/y.ics")
        XCTAssertEqual(url("HTTPS://bob:pw@cal.example.com:443/x.ics"), "https://cal.example.com/x.ics")
        XCTAssertEqual(url("//cal.example.com/x.ics"), "https://cal.example.com/x.ics")
        XCTAssertEqual(url("http://[::1]:5232/a/"), "http://[::1]:5232/a/")
    }

    func testRelativeReferencesResolveAgainstTheCollection() {
        XCTAssertEqual(path("b.ics"), "/dav/alice/flick%20tasks/b.ics")
        XCTAssertEqual(path("./b.ics"), "/dav/alice/flick%20tasks/b.ics")
        XCTAssertEqual(path("../other/"), "/dav/alice/other/")
        XCTAssertEqual(path("/dav/alice/./x/../flick%20tasks/"), "/dav/alice/flick%20tasks/")
        XCTAssertEqual(path("/../../a"), "/a")
        XCTAssertEqual(path(""), "/dav/alice/flick%20tasks/")
    }

    func testTheSameResourceComparesEqualHoweverItIsEncoded() {
        let written = [
            "/dav/alice/flick%20tasks/caf%C3%A9%20plumber.ics",
            "/dav/alice/flick tasks/café plumber.ics",
            "/dav/alice/flick%20tasks/caf%c3%a9%20plumber.ics",
            "/dav/%61lice/flick%20tasks/caf%C3%A9 plumber.ics",
            "https://cal.example.com/dav/alice/flick%20tasks/caf%C3%A9%20plumber.ics",
            "caf%C3%A9%20plumber.ics",
        ]
        for href in written {
            XCTAssertEqual(path(href), "/dav/alice/flick%20tasks/caf%C3%A9%20plumber.ics", href)
        }
    }

    func testEncodedSlashesStayInsideTheirSegment() {
        XCTAssertEqual(path("/a%2Fb/c"), "/a%2Fb/c")
        XCTAssertNotEqual(path("/a%2Fb/c"), path("/a/b/c"))
    }

    func testSubDelimitersAndReservedCharactersGetOneForm() {
        XCTAssertEqual(path("/x/a%3Bb%2Cc%40d%3A.ics"), "/x/a;b,c@d:.ics")
        XCTAssertEqual(path("/x/100%25.ics"), "/x/100%25.ics")
        XCTAssertEqual(path("/x/100%.ics"), "/x/100%25.ics", "a stray percent sign is data")
        XCTAssertEqual(path("/x/%E9t%E9.ics"), "/x/%E9t%E9.ics", "a Latin-1 escape is kept as its byte")
        XCTAssertEqual(path("/x/%7euser/"), "/x/~user/")
    }

    func testTrailingSlashQueryAndFragment() {
        XCTAssertNotEqual(path("/dav/alice/"), path("/dav/alice"))
        XCTAssertEqual(url("/a.ics?export#frag"), "https://cal.example.com/a.ics?export")
        XCTAssertEqual(path("/a.ics?export"), "/a.ics")
    }

    func testDefaultPortsAreDropped() {
        let plain = URL(string: "http://127.0.0.1:80/alice/")!
        XCTAssertEqual(DAVHref.url("/alice/a.ics", relativeTo: plain)?.absoluteString, "http://127.0.0.1/alice/a.ics")
        let local = URL(string: "http://127.0.0.1:5232/alice/")!
        XCTAssertEqual(DAVHref.url("a.ics", relativeTo: local)?.absoluteString, "http://127.0.0.1:5232/alice/a.ics")
    }

    func testHrefsThatAreNoURLGiveNil() {
        XCTAssertNil(url("mailto:bernard@example.com"))
        XCTAssertNil(url("http:///nohost"))
        XCTAssertNil(DAVHref.url("/a", relativeTo: URL(fileURLWithPath: "/tmp/x")))
    }
}
