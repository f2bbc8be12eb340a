import Foundation
import XCTest
@testable import FlickSync

/// The multistatus replies of a real Radicale 3.1.8 to Flick's own request bodies (Recorded/,
/// made by tools/record-dav-responses): default DAV namespace, no white space, absolute-path
/// hrefs percent-encoded, literal CRLFs inside calendar-data.
final class DAVMultistatusRadicaleTests: XCTestCase {
    private let taskPath = "/alice/flick%20tasks/"
    private let firstPath = "/alice/flick%20tasks/flick-rec-0001.ics"
    private let secondPath = "/alice/flick%20tasks/caf%C3%A9%20plumber.ics"

    /// The canonical paths of the resources a reply lists.
    private func paths(_ reply: DAVMultistatus) -> Set<String> {
        Set(reply.responses.compactMap { $0.path(relativeTo: Recorded.calendar) })
    }

    func testDiscovery() throws {
        let principal = try Recorded.multistatus("principal.207.xml")
        XCTAssertEqual(principal.responses.first?.properties.currentUserPrincipal, "/alice/")
        let home = try Recorded.multistatus("home-set.207.xml")
        XCTAssertEqual(home.responses.first?.properties.calendarHomeSet, ["/alice/"])
    }

    func testCalendarListing() throws {
        let reply = try Recorded.multistatus("calendars.207.xml")
        XCTAssertEqual(reply.responses.map(\.href), ["/alice/", "/alice/events/", taskPath])

        let home = reply.responses[0]
        XCTAssertEqual(home.properties.resourceType?.isCalendar, false)
        XCTAssertEqual(Set(home.unavailableProperties), [
            .displayName, .supportedCalendarComponentSet, .getCTag, .syncToken, .calendarColor,
        ])

        let events = reply.responses[1].properties
        XCTAssertEqual(events.resourceType?.isCalendar, true)
        XCTAssertEqual(events.supportedComponents, ["VEVENT"], "not a list for Flick")
        XCTAssertNil(events.calendarColor)

        let tasks = reply.responses[2].properties
        XCTAssertEqual(tasks.resourceType?.isCalendar, true)
        XCTAssertEqual(tasks.resourceType?.isCollection, true)
        XCTAssertEqual(tasks.displayName, "Groceries & <Errands>")
        XCTAssertEqual(tasks.supportedComponents, ["VTODO"])
        XCTAssertEqual(tasks.calendarColor, "#FF2968FF")
        XCTAssertEqual(tasks.ctag?.hasPrefix("\""), true, "Radicale quotes its ctag like an ETag")
        XCTAssertEqual(tasks.syncToken?.hasPrefix("http://radicale.org/ns/sync/"), true)
        XCTAssertEqual(tasks.privileges?.canWriteContent, true)
        XCTAssertEqual(tasks.privileges?.canBind, true)
        XCTAssertEqual(tasks.privileges?.granted.contains(.privilegeAll), true)
        XCTAssertEqual(tasks.supportedReports?.contains(.syncCollectionReport), true)
        XCTAssertEqual(tasks.supportedReports?.contains(.calendarMultigetReport), true)
        XCTAssertEqual(reply.responses[2].path(relativeTo: Recorded.home), taskPath)
    }

    func testCalendarStateMatchesTheListing() throws {
        let state = try XCTUnwrap(Recorded.multistatus("calendar-state.207.xml").responses.first)
        let listing = try Recorded.multistatus("calendars.207.xml")
        let listed = try XCTUnwrap(listing.response(for: taskPath, relativeTo: Recorded.home))
        XCTAssertEqual(state.properties.names, [.getCTag, .syncToken, .calendarOrder, .calendarColor])
        XCTAssertEqual(state.properties.ctag, listed.properties.ctag)
        XCTAssertEqual(state.properties.syncToken, listed.properties.syncToken)
        XCTAssertEqual(state.properties.calendarOrder, 3, "as the PROPPATCH before set it")
        XCTAssertEqual(state.properties.calendarColor, "#FF2968FF", "as MKCALENDAR set it")
    }

    func testAPropPatchOfTheOrderIsAnsweredWithItsPropertyStored() throws {
        let reply = try Recorded.multistatus("calendar-order.207.xml")
        XCTAssertEqual(reply.responses.count, 1)
        XCTAssertEqual(reply.responses[0].propstats.map(\.status.isSuccess), [true])
    }

    func testCalendarQueryListsBothTodosWithStrongETags() throws {
        let reply = try Recorded.multistatus("todo-etags.207.xml")
        XCTAssertEqual(paths(reply), [firstPath, secondPath])
        for response in reply.responses {
            let etag = try XCTUnwrap(response.properties.etag)
            XCTAssertFalse(etag.isWeak)
            XCTAssertTrue(etag.isQuoted)
            XCTAssertNil(response.properties.calendarData, "calendar-query asked for ETags only")
        }
    }

    func testMultigetGivesDataWithCRLFAndA404ForTheMissingHref() throws {
        let reply = try Recorded.multistatus("multiget.207.xml")
        let calendar = Recorded.calendar
        let missing = try XCTUnwrap(reply.response(for: "missing.ics", relativeTo: calendar))
        XCTAssertEqual(missing.status?.code, 404)
        XCTAssertTrue(missing.propstats.isEmpty)

        // The raw reply has literal CRLFs, which the XML parser turns into LF: they come back.
        XCTAssertTrue(try Recorded.text("multiget.207.xml").contains("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"))
        let first = try XCTUnwrap(reply.response(for: firstPath, relativeTo: calendar)?.properties.calendarData)
        XCTAssertTrue(first.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"))
        XCTAssertTrue(first.hasSuffix("END:VTODO\r\nEND:VCALENDAR\r\n"))
        XCTAssertTrue(hasOnlyCRLFLineEnds(first))
        XCTAssertTrue(first.contains("SUMMARY:Buy milk & <eggs>\r\n"), "XML escapes undone")
        let todo = try ICS.only(first)
        XCTAssertEqual(todo.uid, "flick-rec-0001")
        XCTAssertEqual(try ICS.only(try Recorded.text("put-1.ics")).fields(localZone: ICS.utcZone),
                       todo.fields(localZone: ICS.utcZone),
                       "the same task as was PUT, though Radicale reorders and refolds its lines")
        XCTAssertEqual(todo.fields(localZone: ICS.utcZone).notes,
                       "Two litres, semi-skimmed.\nCafé au lait for Zoë — a long line that is folded because "
                           + "it goes past seventy-five octets.")

        let second = try XCTUnwrap(reply.response(for: "/alice/flick tasks/café plumber.ics", relativeTo: calendar))
        XCTAssertEqual(try ICS.only(XCTUnwrap(second.properties.calendarData)).uid, "flick-rec-0002")
        let listed = try Recorded.multistatus("todo-etags.207.xml").response(for: secondPath, relativeTo: calendar)
        XCTAssertEqual(second.properties.etag, listed?.properties.etag)
    }

    func testFirstSyncListsEveryMemberAndAToken() throws {
        let reply = try Recorded.multistatus("sync-initial.207.xml")
        XCTAssertEqual(paths(reply), [firstPath, secondPath])
        XCTAssertFalse(reply.responses.contains(where: \.isRemoved))
        XCTAssertEqual(reply.syncToken?.hasPrefix("http://radicale.org/ns/sync/"), true)
        XCTAssertFalse(reply.isTruncated)
    }

    func testSyncAfterAChangeAndADelete() throws {
        let initial = try Recorded.multistatus("sync-initial.207.xml")
        let reply = try Recorded.multistatus("sync-changes.207.xml")
        XCTAssertNotNil(reply.syncToken)
        XCTAssertNotEqual(reply.syncToken, initial.syncToken)

        let removed = try XCTUnwrap(reply.response(for: secondPath, relativeTo: Recorded.calendar))
        XCTAssertTrue(removed.isRemoved)
        let changed = try XCTUnwrap(reply.response(for: firstPath, relativeTo: Recorded.calendar))
        XCTAssertFalse(changed.isRemoved)
        let before = initial.response(for: firstPath, relativeTo: Recorded.calendar)?.properties.etag
        XCTAssertNotNil(changed.properties.etag)
        XCTAssertNotEqual(changed.properties.etag, before)
    }

    func testDeleteAnswersWithAMultistatusBody() throws {
        // Radicale 3.1.8 answers DELETE with 200 and a multistatus saying 200 for the item.
        let reply = try Recorded.multistatus("delete.200.xml")
        XCTAssertEqual(reply.responses.first?.status?.code, 200)
        XCTAssertEqual(reply.responses.first?.path(relativeTo: Recorded.calendar), secondPath)
    }

    func testEveryRecordedReplyTruncatedAnywhereIsRefused() throws {
        for file in ["calendars.207.xml", "multiget.207.xml", "sync-changes.207.xml"] {
            let bytes = Array(try Recorded.data(file))
            XCTAssertNoThrow(try DAVMultistatus(data: Data(bytes)))
            // Every cut inside the root element; the stride keeps the test quick.
            let rootStart = bytes.firstIndex(of: UInt8(ascii: "\n"))! + 1
            for length in stride(from: rootStart, to: bytes.count, by: 7) {
                XCTAssertThrowsError(try DAVMultistatus(data: Data(bytes[..<length])), "\(file) cut at \(length)")
            }
            XCTAssertThrowsError(try DAVMultistatus(data: Data(bytes.dropLast())))
        }
    }
}
