import Foundation
import XCTest
@testable import FlickSync

/// DAV:error bodies (RFC 4918 §16, RFC 6578 §3.2, RFC 4791 §5.3.2.1), written after the RFCs'
/// examples and as Radicale 3.1.8 sends them.
final class DAVErrorTests: XCTestCase {
    private func read(_ xml: String) throws -> DAVError {
        try DAVError(data: Data(xml.utf8))
    }

    func testInvalidSyncToken() throws {
        let error = try read("""
            <?xml version="1.0" encoding="utf-8" ?>
            <D:error xmlns:D="DAV:">
              <D:valid-sync-token/>
            </D:error>
            """)
        XCTAssertTrue(error.isInvalidSyncToken)
        XCTAssertFalse(error.isUIDConflict)
        XCTAssertEqual(error.conditions, [DAVCondition(name: .validSyncToken)])
    }

    func testUIDConflictNamesTheResourceHoldingTheUID() throws {
        let error = try read("""
            <?xml version="1.0" encoding="utf-8" ?>
            <D:error xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
              <C:no-uid-conflict><D:href>/bernard/work/abc.ics</D:href></C:no-uid-conflict>
            </D:error>
            """)
        XCTAssertTrue(error.isUIDConflict)
        XCTAssertEqual(error.conflictingHref, "/bernard/work/abc.ics")
    }

    func testSeveralConditionsWithNestedHrefsAndUnknownOnes() throws {
        let error = try read("""
            <d:error xmlns:d="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav" xmlns:s="http://sabredav.org/ns">
              <cal:supported-calendar-component/>
              <d:need-privileges>
                <d:resource><d:href>/cal/a/</d:href><d:privilege><d:bind/></d:privilege></d:resource>
                <d:resource><d:href>/cal/b/</d:href><d:privilege><d:unbind/></d:privilege></d:resource>
              </d:need-privileges>
              <s:exception>Sabre\\DAV\\Exception\\Forbidden</s:exception>
              <s:message>Calendar objects of this type are not supported</s:message>
            </d:error>
            """)
        XCTAssertEqual(error.conditions.map(\.name), [
            .supportedCalendarComponent, .needPrivileges,
            DAVName("http://sabredav.org/ns", "exception"), DAVName("http://sabredav.org/ns", "message"),
        ])
        XCTAssertEqual(error.conditions[1].hrefs, ["/cal/a/", "/cal/b/"])
        XCTAssertTrue(error.contains(.supportedCalendarComponent))
        XCTAssertNil(error.conflictingHref)
    }

    /// Issue 62: what a PUT's refusal says of the text, as against a read-only calendar's 403.
    func testBodyRefusals() throws {
        let component = try read(#"<D:error xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><C:supported-calendar-component/></D:error>"#)
        XCTAssertEqual(component.bodyRefusal(status: 403), .noTasks)
        let invalid = try read(#"<D:error xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><C:valid-calendar-data/></D:error>"#)
        XCTAssertEqual(invalid.bodyRefusal(status: 403), .text(status: 403))
        let privileges = try read(#"<D:error xmlns:D="DAV:"><D:need-privileges/></D:error>"#)
        XCTAssertNil(privileges.bodyRefusal(status: 403), "a read-only calendar's refusal is no refused text")
    }

    func testNonErrorBodiesAreRefused() {
        XCTAssertThrowsError(try read("Precondition failed.")) { XCTAssertEqual($0 as? DAVParseError, .notXML) }
        XCTAssertThrowsError(try read(#"<multistatus xmlns="DAV:"/>"#)) {
            XCTAssertEqual($0 as? DAVParseError, .unexpectedRoot(.multistatus))
        }
        XCTAssertThrowsError(try read(#"<D:error xmlns:D="DAV:"><D:valid-sync-token/>"#)) {
            XCTAssertEqual($0 as? DAVParseError, .truncated)
        }
    }

    // MARK: Radicale 3.1.8

    func testRadicaleBogusSyncTokenIs403ValidSyncToken() throws {
        let error = try DAVError(data: Recorded.data("sync-bogus-token.403.xml"))
        XCTAssertTrue(error.isInvalidSyncToken)
        XCTAssertEqual(error.conditions.count, 1)
    }

    func testRadicaleDuplicateUIDIs409WithoutHref() throws {
        let error = try DAVError(data: Recorded.data("duplicate-uid.409.xml"))
        XCTAssertTrue(error.isUIDConflict)
        XCTAssertNil(error.conflictingHref, "Radicale 3.1.8 does not say which resource has the UID")
    }

    func testRadicaleMakeCalendarOnExistingCollection() throws {
        let error = try DAVError(data: Recorded.data("mkcalendar-exists.409.xml"))
        XCTAssertEqual(error.conditions, [DAVCondition(name: .resourceMustBeNull)])
    }
}
