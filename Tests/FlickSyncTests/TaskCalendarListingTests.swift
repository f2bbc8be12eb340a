import Foundation
import XCTest
@testable import FlickSync

/// Which collections discovery offers as lists, on the replies of a real DAViCal 1.1.12
/// (Recorded/davical/, made by tools/record-davical-responses) and Radicale 3.1.8 (Recorded/).
final class TaskCalendarListingTests: XCTestCase {
    private let davicalHome = URL(string: "http://127.0.0.1:8080/davical/caldav.php/alice/")!

    func testDAViCalsSchedulingInboxAndOutboxAreNotLists() throws {
        // DAViCal's administration page makes /alice/.in/ and /alice/.out/ plain calendars that
        // take VTODOs; the principal names them its scheduling inbox and outbox.
        let principal = try Recorded.multistatus("davical/home-set.207.xml")
        let boxes = TaskCalendarListing.schedulingBoxes(of: principal, relativeTo: davicalHome)
        XCTAssertEqual(boxes, ["/davical/caldav.php/alice/.in/", "/davical/caldav.php/alice/.out/"])

        let listing = try Recorded.multistatus("davical/calendars.207.xml")
        let calendars = TaskCalendarListing.calendars(in: listing, relativeTo: davicalHome, excluding: boxes)
        XCTAssertEqual(calendars.map(\.url), [
            "http://127.0.0.1:8080/davical/caldav.php/alice/calendar/",
            "http://127.0.0.1:8080/davical/caldav.php/alice/flick%20tasks/",
        ])
        XCTAssertEqual(calendars.map(\.name), ["alice calendar", "Groceries"])
        XCTAssertEqual(calendars.map(\.readOnly), [false, false])
        let unfiltered = TaskCalendarListing.calendars(in: listing, relativeTo: davicalHome, excluding: [])
        XCTAssertEqual(unfiltered.map(\.name), ["alice calendar", "alice Outbox", "alice Inbox", "Groceries"],
                       "without the principal's answer, DAViCal's boxes look like task calendars")
    }

    func testAServerWithoutSchedulingKeepsEveryTaskCalendar() throws {
        // Radicale 3.1.8 answers 404 for both properties: nothing is left out.
        let principal = try Recorded.multistatus("home-set.207.xml")
        XCTAssertEqual(principal.responses.first?.properties.calendarHomeSet, ["/alice/"])
        let boxes = TaskCalendarListing.schedulingBoxes(of: principal, relativeTo: Recorded.home)
        XCTAssertEqual(boxes, [])
        let listing = try Recorded.multistatus("calendars.207.xml")
        let calendars = TaskCalendarListing.calendars(in: listing, relativeTo: Recorded.home, excluding: boxes)
        XCTAssertEqual(calendars.map(\.name), ["Groceries & <Errands>"], "the events-only calendar is no list")
    }
}
