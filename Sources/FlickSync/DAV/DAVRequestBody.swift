import Foundation

/// The XML body of one WebDAV/CalDAV request, with the method and Depth header it must go with:
/// the right Depth is part of each request's meaning (RFC 4791 §7.9 says a calendar-multiget
/// should carry none, RFC 6578 §3.2 that a sync-collection report takes only Depth 0).
public struct DAVRequestBody: Sendable, Equatable {
    /// "PROPFIND", "REPORT", "PROPPATCH" or "MKCALENDAR".
    public let method: String
    /// The Depth header's value, or nil to send none.
    public let depth: String?
    /// The XML document, UTF-8 when sent.
    public let text: String

    /// The Content-Type header to send with `data`.
    public static let contentType = "application/xml; charset=utf-8"

    /// The bytes to send.
    public var data: Data { Data(text.utf8) }

    private init(method: String, depth: String?, root: DAVBodyElement) {
        self.method = method
        self.depth = depth
        self.text = root.document()
    }

    // MARK: Discovery (RFC 5397, RFC 4791 §6.2.1)

    /// PROPFIND Depth 0 on the server's context path (or /.well-known/caldav): who am I.
    public static func currentUserPrincipal() -> DAVRequestBody {
        propfind(depth: "0", [.currentUserPrincipal])
    }

    /// PROPFIND Depth 0 on the principal: where are my calendars, and which collections are
    /// its scheduling inbox and outbox (RFC 6638), which a server may also call calendars
    /// (DAViCal 1.1 makes /USER/.in/ and /USER/.out/ so) but hold no list of tasks.
    public static func calendarHomeSet() -> DAVRequestBody {
        propfind(depth: "0", [.calendarHomeSet, .scheduleInboxURL, .scheduleOutboxURL])
    }

    /// PROPFIND Depth 1 on a calendar home: the home and each collection in it, with what Flick
    /// keeps of a list and needs to decide whether to use it (a calendar that takes VTODOs),
    /// how to follow it (ctag, sync token, whether sync-collection is offered) and whether it
    /// may write to it.
    public static func calendars() -> DAVRequestBody {
        propfind(depth: "1", [
            .resourceType, .displayName, .supportedCalendarComponentSet, .getCTag, .syncToken,
            .calendarColor, .currentUserPrivilegeSet, .supportedReportSet,
        ])
    }

    /// PROPFIND Depth 0 on one calendar: the two values that tell whether anything changed,
    /// and the calendar's place and colour among the account's (another client may have moved
    /// or coloured it), in the same request.
    public static func calendarState() -> DAVRequestBody {
        propfind(depth: "0", [.getCTag, .syncToken, .calendarOrder, .calendarColor])
    }

    // MARK: A list's place (RFC 4918 §9.2)

    /// PROPPATCH of a calendar's ICAL:calendar-order alone: its colour and name stay as other
    /// clients set them.
    public static func setCalendarOrder(_ order: Int) -> DAVRequestBody {
        let set = DAVBodyElement(.set, [DAVBodyElement(.prop, [DAVBodyElement(.calendarOrder, text: String(order))])])
        return DAVRequestBody(method: "PROPPATCH", depth: nil, root: DAVBodyElement(.propertyUpdate, [set]))
    }

    // MARK: Listing and fetching (RFC 4791 §7.8, §7.9; RFC 6578 §3.2)

    /// REPORT calendar-query Depth 1 on a calendar: the href and ETag of every VTODO, without
    /// their data, for the ETag comparison that stands in when sync-collection cannot be used.
    public static func todoETags() -> DAVRequestBody {
        let todoFilter = DAVBodyElement(.compFilter, attributes: [("name", "VTODO")])
        let calendarFilter = DAVBodyElement(.compFilter, attributes: [("name", "VCALENDAR")], [todoFilter])
        let filter = DAVBodyElement(.filter, [calendarFilter])
        return DAVRequestBody(method: "REPORT", depth: "1",
                              root: DAVBodyElement(.calendarQuery, [prop([.getETag]), filter]))
    }

    /// REPORT calendar-multiget on a calendar: the ETag and data of each of `hrefs` (at least
    /// one; RFC 4791 §9.10 requires it). Give the hrefs as the server wrote them.
    public static func multiget(hrefs: [String]) -> DAVRequestBody {
        precondition(!hrefs.isEmpty, "a calendar-multiget names at least one href")
        let hrefElements = hrefs.map { DAVBodyElement(.href, text: $0) }
        return DAVRequestBody(method: "REPORT", depth: nil,
                              root: DAVBodyElement(.calendarMultiget, [prop([.getETag, .calendarData])] + hrefElements))
    }

    /// REPORT sync-collection Depth 0 on a calendar: what changed since `token` (nil or empty
    /// for everything), members only (sync-level 1), with their ETags. Never with DAV:limit:
    /// some servers cut the reply short without saying so (research/caldav.md 1.2).
    public static func syncCollection(token: String?) -> DAVRequestBody {
        let tokenElement = DAVBodyElement(.syncToken, text: token ?? "")
        return DAVRequestBody(method: "REPORT", depth: "0", root: DAVBodyElement(.syncCollection, [
            tokenElement, DAVBodyElement(.syncLevel, text: "1"), prop([.getETag]),
        ]))
    }

    // MARK: Creating a list (RFC 4791 §5.3.1)

    /// MKCALENDAR for a new list: its name, that it holds VTODOs, and its colour if given
    /// (as Apple's calendar-color writes it, "#RRGGBB" or "#RRGGBBAA").
    public static func makeCalendar(displayName: String, color: String? = nil) -> DAVRequestBody {
        var properties = [
            DAVBodyElement(.displayName, text: displayName),
            DAVBodyElement(.supportedCalendarComponentSet, [DAVBodyElement(.comp, attributes: [("name", "VTODO")])]),
        ]
        if let color { properties.append(DAVBodyElement(.calendarColor, text: color)) }
        let set = DAVBodyElement(.set, [DAVBodyElement(.prop, properties)])
        return DAVRequestBody(method: "MKCALENDAR", depth: nil, root: DAVBodyElement(.makeCalendar, [set]))
    }

    // MARK: Parts

    private static func propfind(depth: String, _ names: [DAVName]) -> DAVRequestBody {
        DAVRequestBody(method: "PROPFIND", depth: depth, root: DAVBodyElement(.propfind, [prop(names)]))
    }

    /// A DAV:prop naming `names` (empty elements: "send me these").
    private static func prop(_ names: [DAVName]) -> DAVBodyElement {
        DAVBodyElement(.prop, names.map { DAVBodyElement($0) })
    }
}
