import Foundation
import XCTest
@testable import FlickSync

/// Multistatus replies written after the examples of RFC 4918, 4791, 5397 and 6578, in the
/// prefix styles servers use, and the replies that must be refused.
final class DAVMultistatusTests: XCTestCase {
    private let base = URL(string: "https://cal.example.com/home/bernard/work/")!

    private func read(_ xml: String) throws -> DAVMultistatus {
        try DAVMultistatus(data: Data(xml.utf8))
    }

    private func assertRefused(_ xml: String, _ expected: DAVParseError,
                               file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try read(xml), file: file, line: line) { error in
            XCTAssertEqual(error as? DAVParseError, expected, file: file, line: line)
        }
    }

    // MARK: RFC examples

    /// RFC 4918 §9.1.3's shape: one propstat found, one forbidden, descriptions around them.
    func testPropertiesAreSplitByPropstatStatus() throws {
        let reply = try read("""
            <?xml version="1.0" encoding="utf-8" ?>
            <multistatus xmlns="DAV:">
              <response>
                <href>http://www.example.com/box</href>
                <propstat>
                  <prop>
                    <R:crate xmlns:R="http://ns.example.com/crates/"><R:kind>Plywood</R:kind></R:crate>
                    <displayname>Box of things</displayname>
                  </prop>
                  <status>HTTP/1.1 200 OK</status>
                </propstat>
                <propstat>
                  <prop><R:secret xmlns:R="http://ns.example.com/crates/"/><getctag xmlns="http://calendarserver.org/ns/"/></prop>
                  <status>HTTP/1.1 403 Forbidden</status>
                  <responsedescription>No access to these.</responsedescription>
                </propstat>
              </response>
              <responsedescription>Some properties were withheld.</responsedescription>
            </multistatus>
            """)
        let response = try XCTUnwrap(reply.responses.first)
        XCTAssertEqual(response.href, "http://www.example.com/box")
        XCTAssertNil(response.status)
        XCTAssertEqual(response.propstats.map(\.status.code), [200, 403])
        XCTAssertEqual(response.properties.displayName, "Box of things")
        XCTAssertEqual(response.properties.names, [DAVName("http://ns.example.com/crates/", "crate"), .displayName])
        XCTAssertNil(response.properties.ctag, "a withheld property has no value, even an empty one")
        XCTAssertEqual(response.unavailableProperties, [DAVName("http://ns.example.com/crates/", "secret"), .getCTag])
        XCTAssertNil(reply.syncToken)
        XCTAssertFalse(reply.isTruncated)
    }

    /// RFC 5397 §4 and RFC 4791 §6.2.1: where the principal and its calendars are.
    func testPrincipalAndCalendarHomeSet() throws {
        let principal = try read("""
            <D:multistatus xmlns:D="DAV:">
              <D:response>
                <D:href>/</D:href>
                <D:propstat>
                  <D:prop><D:current-user-principal><D:href>/principals/users/bernard/</D:href></D:current-user-principal></D:prop>
                  <D:status>HTTP/1.1 200 OK</D:status>
                </D:propstat>
              </D:response>
            </D:multistatus>
            """)
        XCTAssertEqual(principal.responses.first?.properties.currentUserPrincipal, "/principals/users/bernard/")
        let home = try read("""
            <D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
              <D:response>
                <D:href>/principals/users/bernard/</D:href>
                <D:propstat>
                  <D:prop>
                    <C:calendar-home-set>
                      <D:href>http://cal.example.com/home/bernard/calendars/</D:href>
                      <D:href>/shared/calendars/</D:href>
                    </C:calendar-home-set>
                  </D:prop>
                  <D:status>HTTP/1.1 200 OK</D:status>
                </D:propstat>
              </D:response>
            </D:multistatus>
            """)
        XCTAssertEqual(home.responses.first?.properties.calendarHomeSet,
                       ["http://cal.example.com/home/bernard/calendars/", "/shared/calendars/"])
    }

    func testUnauthenticatedPrincipalHasNoHref() throws {
        let reply = try read("""
            <d:multistatus xmlns:d="DAV:"><d:response><d:href>/</d:href><d:propstat>
            <d:prop><d:current-user-principal><d:unauthenticated/></d:current-user-principal></d:prop>
            <d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>
            """)
        let properties = try XCTUnwrap(reply.responses.first?.properties)
        XCTAssertTrue(properties.contains(.currentUserPrincipal))
        XCTAssertNil(properties.currentUserPrincipal)
    }

    /// A calendar home listed with Depth 1 in the lower-case prefixes SabreDAV and Nextcloud use:
    /// the home itself, a task list, a read-only calendar without a component set.
    func testCalendarHomeListingWithLowerCasePrefixes() throws {
        let reply = try read("""
            <?xml version="1.0"?>
            <d:multistatus xmlns:d="DAV:" xmlns:s="http://sabredav.org/ns" xmlns:cal="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/" xmlns:x1="http://apple.com/ns/ical/">
             <d:response>
              <d:href>/remote.php/dav/calendars/bernard/</d:href>
              <d:propstat><d:prop><d:resourcetype><d:collection/></d:resourcetype></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat>
             </d:response>
             <d:response>
              <d:href>/remote.php/dav/calendars/bernard/tasks/</d:href>
              <d:propstat>
               <d:prop>
                <d:resourcetype><d:collection/><cal:calendar/></d:resourcetype>
                <d:displayname>Tasks</d:displayname>
                <cal:supported-calendar-component-set><cal:comp name="VTODO"/><cal:comp name="vjournal"/></cal:supported-calendar-component-set>
                <cs:getctag>http://sabre.io/ns/sync/42</cs:getctag>
                <d:sync-token>http://sabre.io/ns/sync/42</d:sync-token>
                <x1:calendar-color>#0082C9</x1:calendar-color>
                <d:current-user-privilege-set>
                 <d:privilege><d:write/></d:privilege><d:privilege><d:read/></d:privilege>
                </d:current-user-privilege-set>
                <d:supported-report-set>
                 <d:supported-report><d:report><cal:calendar-multiget/></d:report></d:supported-report>
                 <d:supported-report><d:report><d:sync-collection/></d:report></d:supported-report>
                </d:supported-report-set>
               </d:prop>
               <d:status>HTTP/1.1 200 OK</d:status>
              </d:propstat>
             </d:response>
             <d:response>
              <d:href>/remote.php/dav/calendars/bernard/holidays/</d:href>
              <d:propstat>
               <d:prop>
                <d:resourcetype><d:collection/><cal:calendar/></d:resourcetype>
                <d:displayname> Holidays </d:displayname>
                <d:current-user-privilege-set><d:privilege><d:read/></d:privilege></d:current-user-privilege-set>
               </d:prop>
               <d:status>HTTP/1.1 200 OK</d:status>
              </d:propstat>
              <d:propstat>
               <d:prop><cal:supported-calendar-component-set/><x1:calendar-color/></d:prop>
               <d:status>HTTP/1.1 404 Not Found</d:status>
              </d:propstat>
             </d:response>
            </d:multistatus>
            """)
        XCTAssertEqual(reply.responses.count, 3)
        let home = reply.responses[0].properties
        XCTAssertEqual(home.resourceType?.isCollection, true)
        XCTAssertEqual(home.resourceType?.isCalendar, false)

        let tasks = reply.responses[1].properties
        XCTAssertEqual(tasks.resourceType?.isCalendar, true)
        XCTAssertEqual(tasks.displayName, "Tasks")
        XCTAssertEqual(tasks.supportedComponents, ["VTODO", "VJOURNAL"])
        XCTAssertEqual(tasks.ctag, "http://sabre.io/ns/sync/42")
        XCTAssertEqual(tasks.syncToken, "http://sabre.io/ns/sync/42")
        XCTAssertEqual(tasks.calendarColor, "#0082C9")
        XCTAssertEqual(tasks.privileges?.canWriteContent, true, "write holds write-content")
        XCTAssertEqual(tasks.supportedReports, [.calendarMultigetReport, .syncCollectionReport])

        let holidays = reply.responses[2]
        XCTAssertEqual(holidays.properties.displayName, " Holidays ", "a name is kept as written")
        XCTAssertNil(holidays.properties.supportedComponents, "absent: the calendar takes every component")
        XCTAssertEqual(holidays.unavailableProperties, [.supportedCalendarComponentSet, .calendarColor])
        XCTAssertEqual(holidays.properties.privileges?.canWriteContent, false, "a read-only calendar")
    }

    /// RFC 4791 §7.8's shape: a calendar-query answered with ETags and data, hrefs as full URLs.
    func testCalendarQueryReplyWithFullURLs() throws {
        let reply = try read("""
            <?xml version="1.0" encoding="utf-8" ?>
            <D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
              <D:response>
                <D:href>http://cal.example.com/home/bernard/work/todo1.ics</D:href>
                <D:propstat>
                  <D:prop>
                    <D:getetag>"fffff-todo1"</D:getetag>
                    <C:calendar-data>BEGIN:VCALENDAR
            VERSION:2.0
            PRODID:-//Example Corp.//CalDAV Client//EN
            BEGIN:VTODO
            UID:todo1@example.com
            DTSTAMP:20060205T235335Z
            DUE;VALUE=DATE:20060104
            STATUS:NEEDS-ACTION
            SUMMARY:Task #1
            END:VTODO
            END:VCALENDAR
            </C:calendar-data>
                  </D:prop>
                  <D:status>HTTP/1.1 200 OK</D:status>
                </D:propstat>
              </D:response>
              <D:response>
                <D:href>http://cal.example.com/home/bernard/work/todo2.ics</D:href>
                <D:propstat>
                  <D:prop><D:getetag>W/"fffff-todo2"</D:getetag></D:prop>
                  <D:status>HTTP/1.1 200 OK</D:status>
                </D:propstat>
              </D:response>
            </D:multistatus>
            """)
        let first = reply.responses[0]
        XCTAssertEqual(first.properties.etag, DAVETag("\"fffff-todo1\""))
        XCTAssertEqual(first.properties.etag?.isWeak, false)
        XCTAssertEqual(first.path(relativeTo: base), "/home/bernard/work/todo1.ics")
        XCTAssertEqual(first.url(relativeTo: base)?.absoluteString, "http://cal.example.com/home/bernard/work/todo1.ics")
        let data = try XCTUnwrap(first.properties.calendarData)
        XCTAssertTrue(data.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"))
        XCTAssertTrue(data.hasSuffix("END:VTODO\r\nEND:VCALENDAR\r\n"))
        XCTAssertTrue(hasOnlyCRLFLineEnds(data))
        XCTAssertEqual(try ICS.only(data).uid, "todo1@example.com")
        XCTAssertEqual(reply.responses[1].properties.etag?.text, "W/\"fffff-todo2\"")
        XCTAssertEqual(reply.responses[1].properties.etag?.isWeak, true)
    }

    /// RFC 4791 §7.9.1's shape: a multiget in which one href does not exist.
    func testMultigetWithAMissingHref() throws {
        let reply = try read("""
            <D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
              <D:response>
                <D:href>http://cal.example.com/home/bernard/work/abc1.ics</D:href>
                <D:propstat>
                  <D:prop><D:getetag>"fffff-abc1"</D:getetag><C:calendar-data>BEGIN:VCALENDAR&#13;
            VERSION:2.0&#13;
            END:VCALENDAR&#13;
            </C:calendar-data></D:prop>
                  <D:status>HTTP/1.1 200 OK</D:status>
                </D:propstat>
              </D:response>
              <D:response>
                <D:href>http://cal.example.com/home/bernard/work/gone.ics</D:href>
                <D:status>HTTP/1.1 404 Not Found</D:status>
              </D:response>
            </D:multistatus>
            """)
        XCTAssertEqual(reply.responses[0].properties.calendarData, "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n",
                       "CRs sent as references are not doubled")
        XCTAssertEqual(reply.responses[1].status?.code, 404)
        XCTAssertTrue(reply.responses[1].isRemoved)
        XCTAssertEqual(reply.responses[1].properties, DAVProperties())
        XCTAssertNotNil(reply.response(for: "/home/bernard/work/gone.ics", relativeTo: base))
    }

    /// RFC 6578 §3.8's shape: a later sync with a changed member, a removed one, and the new token
    /// after the responses.
    func testSyncReportWithChangesRemovalsAndToken() throws {
        let reply = try read("""
            <?xml version="1.0" encoding="utf-8" ?>
            <D:multistatus xmlns:D="DAV:">
              <D:response>
                <D:href>http://webdav.example.com/home/cyrusdaboo/notes.txt</D:href>
                <D:propstat>
                  <D:prop><D:getetag>"00003-abcd1"</D:getetag></D:prop>
                  <D:status>HTTP/1.1 200 OK</D:status>
                </D:propstat>
              </D:response>
              <D:response>
                <D:href>http://webdav.example.com/home/cyrusdaboo/old.vcf</D:href>
                <D:status>HTTP/1.1 404 Not Found</D:status>
              </D:response>
              <D:sync-token>http://example.com/ns/sync/1238</D:sync-token>
            </D:multistatus>
            """)
        XCTAssertEqual(reply.syncToken, "http://example.com/ns/sync/1238")
        XCTAssertEqual(reply.responses.map(\.isRemoved), [false, true])
        XCTAssertEqual(reply.responses[0].properties.etag?.text, "\"00003-abcd1\"")
        XCTAssertFalse(reply.isTruncated)
    }

    /// RFC 6578 §3.6: a server that cuts a report short says so with a 507 for the collection.
    func testSyncReportTruncatedByTheServerSaysSo() throws {
        let reply = try read("""
            <D:multistatus xmlns:D="DAV:">
              <D:response>
                <D:href>http://webdav.example.com/home/cyrusdaboo/a.ics</D:href>
                <D:propstat><D:prop><D:getetag>"1"</D:getetag></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat>
              </D:response>
              <D:response>
                <D:href>http://webdav.example.com/home/cyrusdaboo/</D:href>
                <D:status>HTTP/1.1 507 Insufficient Storage</D:status>
                <D:error><D:number-of-matches-within-limits/></D:error>
              </D:response>
              <D:sync-token>http://example.com/ns/sync/1233</D:sync-token>
            </D:multistatus>
            """)
        XCTAssertTrue(reply.isTruncated)
        XCTAssertEqual(reply.responses[1].error?.contains(.numberOfMatchesWithinLimits), true)
        XCTAssertFalse(reply.responses[1].isRemoved)
    }

    // MARK: Prefixes and namespaces

    func testPrefixesDoNotMatterOnlyNamespaces() throws {
        let styles = [
            #"<D:multistatus xmlns:D="DAV:"><D:response><D:href>/a.ics</D:href><D:propstat><D:prop><D:getetag>"1"</D:getetag></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response></D:multistatus>"#,
            #"<multistatus xmlns="DAV:"><response><href>/a.ics</href><propstat><prop><getetag>"1"</getetag></prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>"#,
            #"<ns0:multistatus xmlns:ns0="DAV:"><ns0:response><href xmlns="DAV:">/a.ics</href><ns0:propstat><ns0:prop><x:getetag xmlns:x="DAV:">"1"</x:getetag></ns0:prop><ns0:status>HTTP/1.1 200 OK</ns0:status></ns0:propstat></ns0:response></ns0:multistatus>"#,
        ]
        for xml in styles {
            let response = try XCTUnwrap(read(xml).responses.first)
            XCTAssertEqual(response.href, "/a.ics")
            XCTAssertEqual(response.properties.etag?.text, "\"1\"")
        }
    }

    func testElementsWithTheRightNameInTheWrongNamespaceAreNotTaken() throws {
        let reply = try read("""
            <D:multistatus xmlns:D="DAV:" xmlns:X="urn:example:other">
              <D:response><D:href>/a.ics</D:href>
                <D:propstat><D:prop><X:getetag>"fake"</X:getetag><getetag>"none"</getetag></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat>
                <X:response><D:href>/ignored</D:href></X:response>
              </D:response>
              <X:sync-token>not-this-one</X:sync-token>
            </D:multistatus>
            """)
        let properties = try XCTUnwrap(reply.responses.first?.properties)
        XCTAssertNil(properties.etag)
        XCTAssertEqual(properties.names, [DAVName("urn:example:other", "getetag"), DAVName("", "getetag")])
        XCTAssertNil(reply.syncToken)
    }

    func testWhiteSpaceAroundValuesIsRemoved() throws {
        let reply = try read("""
            <D:multistatus xmlns:D="DAV:">
              <D:response>
                <D:href>
                  /a/b.ics
                </D:href>
                <D:propstat>
                  <D:prop><D:getetag>
                    "x1"
                  </D:getetag></D:prop>
                  <D:status>
                    HTTP/1.1 200 OK
                  </D:status>
                </D:propstat>
              </D:response>
              <D:sync-token>  tok  </D:sync-token>
            </D:multistatus>
            """)
        XCTAssertEqual(reply.responses.first?.href, "/a/b.ics")
        XCTAssertEqual(reply.responses.first?.properties.etag?.text, "\"x1\"")
        XCTAssertEqual(reply.syncToken, "tok")
    }

    func testEmptyMultistatusIsAnEmptyListing() throws {
        XCTAssertEqual(try read(#"<multistatus xmlns="DAV:"/>"#), DAVMultistatus(responses: [], syncToken: nil))
    }

    // MARK: Refused

    func testTruncatedReplyIsRefusedAtEveryCut() throws {
        let whole = """
            <D:multistatus xmlns:D="DAV:"><D:response><D:href>/a.ics</D:href><D:propstat><D:prop>\
            <D:getetag>"1"</D:getetag></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat></D:response>\
            <D:response><D:href>/b.ics</D:href><D:status>HTTP/1.1 404 Not Found</D:status></D:response>\
            <D:sync-token>http://example.com/sync/2</D:sync-token></D:multistatus>
            """
        XCTAssertEqual(try read(whole).responses.count, 2)
        let bytes = Array(whole.utf8)
        for length in 1..<bytes.count {
            XCTAssertThrowsError(try DAVMultistatus(data: Data(bytes[..<length])), "cut at \(length)")
        }
    }

    func testCutAfterACompleteResponseIsTruncatedNotShorter() {
        assertRefused(#"<D:multistatus xmlns:D="DAV:"><D:response><D:href>/a.ics</D:href><D:status>HTTP/1.1 404 Not Found</D:status></D:response>"#,
                      .truncated)
    }

    func testNonXMLBodiesAreRefused() {
        assertRefused("", .empty)
        assertRefused(" \r\n", .empty)
        assertRefused("Internal Server Error", .notXML)
        assertRefused("The requested resource could not be found.\n", .notXML)
        XCTAssertThrowsError(try read("<html><body><p>Bad gateway<br></body></html>"))
        XCTAssertThrowsError(try read("{\"error\": \"json\"}"))
    }

    func testMalformedXMLIsRefused() {
        XCTAssertThrowsError(try read(#"<D:multistatus xmlns:D="DAV:"><D:response></D:multistatus>"#))
        XCTAssertThrowsError(try read(#"<D:multistatus><D:response/></D:multistatus>"#), "undeclared prefix")
        XCTAssertThrowsError(try read(#"<multistatus xmlns="DAV:">&nbsp;</multistatus>"#), "undefined entity")
        XCTAssertThrowsError(try read(#"<multistatus xmlns="DAV:"/><multistatus xmlns="DAV:"/>"#), "two roots")
    }

    func testDocumentTypeDeclarationsAreRefused() {
        assertRefused("""
            <?xml version="1.0"?>
            <!DOCTYPE multistatus [<!ENTITY etag "&quot;1&quot;">]>
            <multistatus xmlns="DAV:"><response><href>/a</href><status>HTTP/1.1 200 OK</status></response></multistatus>
            """, .documentTypeDeclaration)
    }

    func testWrongRootIsRefused() {
        assertRefused(#"<D:error xmlns:D="DAV:"><D:valid-sync-token/></D:error>"#, .unexpectedRoot(.error))
        assertRefused(#"<multistatus xmlns="urn:not-dav"/>"#, .unexpectedRoot(DAVName("urn:not-dav", "multistatus")))
    }

    func testResponsesWithoutTheirRequiredPartsAreRefused() {
        assertRefused(#"<multistatus xmlns="DAV:"><response><status>HTTP/1.1 200 OK</status></response></multistatus>"#,
                      .missingElement(.href, parent: .response))
        assertRefused(#"<multistatus xmlns="DAV:"><response><href> </href><status>HTTP/1.1 200 OK</status></response></multistatus>"#,
                      .missingElement(.href, parent: .response))
        assertRefused(#"<multistatus xmlns="DAV:"><response><href>/a</href></response></multistatus>"#,
                      .missingElement(.propstat, parent: .response))
        assertRefused(#"<multistatus xmlns="DAV:"><response><href>/a</href><propstat><prop/></propstat></response></multistatus>"#,
                      .missingElement(.status, parent: .propstat))
        assertRefused(#"<multistatus xmlns="DAV:"><response><href>/a</href><status>200</status></response></multistatus>"#,
                      .invalidStatus("200"))
    }

    func testErrorsDescribeThemselves() {
        XCTAssertTrue(DAVParseError.truncated.description.contains("cut short"))
        XCTAssertTrue(DAVParseError.missingElement(.href, parent: .response).description.contains("{DAV:}href"))
    }
}
