import Foundation
import XCTest
@testable import FlickSync

/// The request bodies: their exact text, their escaping, and that they are still the bodies
/// Radicale accepted when the replies in Recorded/ were made.
final class DAVRequestBodyTests: XCTestCase {
    func testCalendarQueryAsksForTheETagOfEveryTodo() {
        let body = DAVRequestBody.todoETags()
        XCTAssertEqual(body.method, "REPORT")
        XCTAssertEqual(body.depth, "1")
        XCTAssertEqual(body.text, """
            <?xml version="1.0" encoding="UTF-8"?>
            <C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
              <D:prop>
                <D:getetag/>
              </D:prop>
              <C:filter>
                <C:comp-filter name="VCALENDAR">
                  <C:comp-filter name="VTODO"/>
                </C:comp-filter>
              </C:filter>
            </C:calendar-query>

            """)
    }

    func testFirstSyncSendsAnEmptyTokenAndNoLimit() {
        for body in [DAVRequestBody.syncCollection(token: nil), .syncCollection(token: "")] {
            XCTAssertEqual(body.method, "REPORT")
            XCTAssertEqual(body.depth, "0")
            XCTAssertEqual(body.text, """
                <?xml version="1.0" encoding="UTF-8"?>
                <D:sync-collection xmlns:D="DAV:">
                  <D:sync-token/>
                  <D:sync-level>1</D:sync-level>
                  <D:prop>
                    <D:getetag/>
                  </D:prop>
                </D:sync-collection>

                """)
            XCTAssertFalse(body.text.contains("limit"))
        }
    }

    func testTokensAndHrefsAreEscaped() {
        let sync = DAVRequestBody.syncCollection(token: "http://example.com/sync?a=1&b=<2>")
        XCTAssertTrue(sync.text.contains("<D:sync-token>http://example.com/sync?a=1&amp;b=&lt;2&gt;</D:sync-token>"))
        let multiget = DAVRequestBody.multiget(hrefs: ["/cal/a&b.ics", "/cal/caf%C3%A9 <1>.ics"])
        XCTAssertTrue(multiget.text.contains("<D:href>/cal/a&amp;b.ics</D:href>"))
        XCTAssertTrue(multiget.text.contains("<D:href>/cal/caf%C3%A9 &lt;1&gt;.ics</D:href>"))
    }

    func testMultigetAsksForETagAndDataWithoutDepth() throws {
        let body = DAVRequestBody.multiget(hrefs: ["/a/1.ics", "/a/2.ics"])
        XCTAssertEqual(body.method, "REPORT")
        XCTAssertNil(body.depth, "RFC 4791 §7.9: a multiget should not carry a Depth header")
        let root = try DAVXMLReader.document(body.data)
        XCTAssertEqual(root.name, .calendarMultiget)
        XCTAssertEqual(root.hrefs, ["/a/1.ics", "/a/2.ics"])
        XCTAssertEqual(root.first(.prop)?.children.map(\.name), [.getETag, .calendarData])
    }

    func testMakeCalendarSetsNameComponentSetAndColour() throws {
        let body = DAVRequestBody.makeCalendar(displayName: "Fish & <Chips>\r\nsecond line\u{1}", color: "#112233FF")
        XCTAssertEqual(body.method, "MKCALENDAR")
        XCTAssertNil(body.depth)
        let prop = try XCTUnwrap(DAVXMLReader.document(body.data).first(.set)?.first(.prop))
        let properties = DAVProperties(prop: prop)
        // CR survives as a character reference; the control character XML cannot carry is dropped.
        XCTAssertEqual(properties.displayName, "Fish & <Chips>\r\nsecond line")
        XCTAssertEqual(properties.supportedComponents, ["VTODO"])
        XCTAssertEqual(properties.calendarColor, "#112233FF")
        XCTAssertFalse(DAVRequestBody.makeCalendar(displayName: "Plain").text.contains("calendar-color"))
    }

    func testEveryBodyIsWellFormedWithTheRightRootAndUTF8() throws {
        let bodies: [(DAVRequestBody, DAVName)] = [
            (.currentUserPrincipal(), .propfind), (.calendarHomeSet(), .propfind), (.calendars(), .propfind),
            (.calendarState(), .propfind), (.todoETags(), .calendarQuery), (.multiget(hrefs: ["/é.ics"]), .calendarMultiget),
            (.syncCollection(token: "t"), .syncCollection), (.makeCalendar(displayName: "Zoë"), .makeCalendar),
        ]
        for (body, root) in bodies {
            XCTAssertEqual(try DAVXMLReader.document(body.data).name, root)
            XCTAssertEqual(String(decoding: body.data, as: UTF8.self), body.text)
        }
        XCTAssertEqual(DAVRequestBody.contentType, "application/xml; charset=utf-8")
    }

    func testCalendarListingAsksForEverythingAListNeeds() throws {
        let body = DAVRequestBody.calendars()
        XCTAssertEqual(body.depth, "1")
        let names = try XCTUnwrap(DAVXMLReader.document(body.data).first(.prop)).children.map(\.name)
        XCTAssertEqual(Set(names), [
            .resourceType, .displayName, .supportedCalendarComponentSet, .getCTag, .syncToken, .calendarColor,
            .currentUserPrivilegeSet, .supportedReportSet,
        ])
        XCTAssertEqual(DAVRequestBody.calendarState().depth, "0")
        XCTAssertEqual(DAVRequestBody.currentUserPrincipal().depth, "0")
        XCTAssertEqual(DAVRequestBody.calendarHomeSet().depth, "0")
    }

    // MARK: The bodies Radicale 3.1.8 accepted

    func testBodiesAreTheOnesRecordedAgainstRadicale() throws {
        XCTAssertEqual(DAVRequestBody.currentUserPrincipal().text, try Recorded.text("principal.request.xml"))
        XCTAssertEqual(DAVRequestBody.calendarHomeSet().text, try Recorded.text("home-set.request.xml"))
        XCTAssertEqual(DAVRequestBody.calendars().text, try Recorded.text("calendars.request.xml"))
        XCTAssertEqual(DAVRequestBody.calendarState().text, try Recorded.text("calendar-state.request.xml"))
        XCTAssertEqual(DAVRequestBody.setCalendarOrder(3).text, try Recorded.text("calendar-order.request.xml"))
        XCTAssertEqual(DAVRequestBody.todoETags().text, try Recorded.text("todo-etags.request.xml"))
        XCTAssertEqual(DAVRequestBody.syncCollection(token: nil).text, try Recorded.text("sync-initial.request.xml"))
        XCTAssertEqual(DAVRequestBody.makeCalendar(displayName: "Groceries & <Errands>", color: "#FF2968FF").text,
                       try Recorded.text("mkcalendar.request.xml"))
    }

    func testMultigetRecordedWasBuiltFromTheListedHrefs() throws {
        let hrefs = try Recorded.multistatus("todo-etags.207.xml").responses.map(\.href)
        let body = DAVRequestBody.multiget(hrefs: hrefs + ["/alice/flick%20tasks/missing.ics"])
        XCTAssertEqual(body.text, try Recorded.text("multiget.request.xml"))
    }

    func testSyncRecordedWasBuiltFromTheTokenOfTheFirstSync() throws {
        let token = try XCTUnwrap(Recorded.multistatus("sync-initial.207.xml").syncToken)
        XCTAssertEqual(DAVRequestBody.syncCollection(token: token).text, try Recorded.text("sync-changes.request.xml"))
        let bogus = "http://radicale.org/ns/sync/" + String(repeating: "0", count: 64)
        XCTAssertEqual(DAVRequestBody.syncCollection(token: bogus).text, try Recorded.text("sync-bogus-token.request.xml"))
    }
}
