import Foundation

/// A CalDAV server over HTTP (RFC 4791, RFC 6578, RFC 6764): the `CalendarServer` sync uses,
/// and account discovery. Hrefs are compared and kept in their canonical form (`DAVHref`), the
/// same whichever way the server percent-encodes them.
public final class CalDAVConnection: CalendarServer {
    private let client: HTTPClient
    /// Redirects followed for one request (the well-known address redirects at least once).
    static let redirectLimit = 5

    public init(client: HTTPClient) {
        self.client = client
    }

    // MARK: Discovery

    /// The account's principal, calendar home and task calendars, from the address the user
    /// gave: it is asked first, then its /.well-known/caldav (RFC 6764 §5).
    public static func discover(_ address: URL, client: HTTPClient) throws -> DiscoveredAccount {
        let connection = CalDAVConnection(client: client)
        let principal = try connection.principal(at: address)
        let (home, homeBase) = try connection.multistatus(principal, DAVRequestBody.calendarHomeSet())
        guard let homeHref = home.responses.lazy.compactMap({ $0.properties.calendarHomeSet?.first }).first,
              let homeURL = DAVHref.url(homeHref, relativeTo: homeBase) else {
            throw CalendarServerError.unreadableAnswer("no calendar-home-set for \(principal.absoluteString)")
        }
        let boxes = TaskCalendarListing.schedulingBoxes(of: home, relativeTo: homeBase)
        return DiscoveredAccount(principalURL: principal.absoluteString, homeURL: homeURL.absoluteString,
                                 calendars: try connection.taskCalendars(in: homeURL, excluding: boxes))
    }

    private func principal(at address: URL) throws -> URL {
        if let found = try? principalHref(at: address) { return found }
        let wellKnown = URL(string: "/.well-known/caldav", relativeTo: address)!.absoluteURL
        guard let found = try principalHref(at: wellKnown) else {
            throw CalendarServerError.unreadableAnswer("no CalDAV principal at \(address.absoluteString)")
        }
        return found
    }

    private func principalHref(at url: URL) throws -> URL? {
        let (reply, base) = try multistatus(url, DAVRequestBody.currentUserPrincipal())
        guard let href = reply.responses.lazy.compactMap({ $0.properties.currentUserPrincipal }).first else { return nil }
        return DAVHref.url(href, relativeTo: base)
    }

    private func taskCalendars(in home: URL, excluding boxes: Set<String>) throws -> [DiscoveredCalendar] {
        let (reply, base) = try multistatus(home, DAVRequestBody.calendars())
        return TaskCalendarListing.calendars(in: reply, relativeTo: base, excluding: boxes)
    }

    // MARK: CalendarServer

    public func collectionState(_ calendar: URL) throws -> CollectionState {
        let (reply, _) = try multistatus(calendar, DAVRequestBody.calendarState())
        let properties = reply.responses.first?.properties ?? DAVProperties()
        return CollectionState(ctag: properties.ctag, syncToken: properties.syncToken, order: properties.calendarOrder,
                               color: properties.calendarColor)
    }

    public func changes(in calendar: URL, since token: String) throws -> CollectionChanges {
        let body = DAVRequestBody.syncCollection(token: token)
        let response = try send(body.method, calendar, body: body)
        if [403, 409].contains(response.status), (try? DAVError(data: response.body))?.isInvalidSyncToken == true {
            throw CalendarServerError.syncTokenInvalid
        }
        guard response.status == 207 else { throw CalendarServerError.status(response.status, request: "REPORT sync-collection") }
        let reply = try Self.read(response.body)
        // A report cut short (507), or without its new token, is not trusted as complete.
        guard !reply.isTruncated, let newToken = reply.syncToken else {
            throw CalendarServerError.unreadableAnswer("a sync-collection report cut short")
        }
        let collection = DAVHref.path(calendar.absoluteString, relativeTo: calendar)
        var changed: [String: String?] = [:]
        var removed: [String] = []
        for item in reply.responses {
            guard let href = item.path(relativeTo: calendar), href != collection else { continue }
            if item.isRemoved { removed.append(href) } else { changed[href] = item.properties.etag?.text }
        }
        return CollectionChanges(changed: changed, removed: removed, newToken: newToken)
    }

    public func etags(in calendar: URL) throws -> [String: String] {
        let (reply, base) = try multistatus(calendar, DAVRequestBody.todoETags())
        var etags: [String: String] = [:]
        for item in reply.responses {
            if let etag = item.properties.etag?.text, let href = item.path(relativeTo: base) { etags[href] = etag }
        }
        return etags
    }

    public func fetch(_ hrefs: [String], in calendar: URL) throws -> [String: RemoteResource] {
        guard !hrefs.isEmpty else { return [:] }
        let (reply, base) = try multistatus(calendar, DAVRequestBody.multiget(hrefs: hrefs))
        var found: [String: RemoteResource] = [:]
        for item in reply.responses {
            guard let text = item.properties.calendarData, let href = item.path(relativeTo: base) else { continue }
            found[href] = RemoteResource(href: href, etag: item.properties.etag?.text, text: text)
        }
        return found
    }

    public func get(_ href: String, in calendar: URL) throws -> RemoteResource? {
        let response = try send("GET", resolve(href, calendar))
        if response.status == 404 || response.status == 410 { return nil }
        guard response.status == 200 else { throw CalendarServerError.status(response.status, request: "GET \(href)") }
        return RemoteResource(href: href, etag: response.headers["etag"], text: Self.crlf(response.text))
    }

    public func put(_ text: String, at href: String, in calendar: URL, condition: WriteCondition) throws -> PutOutcome {
        var headers: [(name: String, value: String)] = []
        switch condition {
        case .absent: headers.append(("If-None-Match", "*"))
        case let .matches(etag): headers.append(("If-Match", etag))
        }
        let response: HTTPResponse
        do {
            response = try client.send(HTTPRequest(method: "PUT", url: resolve(href, calendar), headers: headers,
                                                   body: Data(text.utf8), contentType: "text/calendar; charset=utf-8"))
        } catch {
            throw CalendarServerError.transport(error)
        }
        switch response.status {
        case 200..<300: return .stored(etag: response.strongETag)
        case 412: return .preconditionFailed
        case 404, 410: return .notFound
        case 401: throw CalendarServerError.status(401, request: "PUT \(href)")
        case 415: return .bodyRefused(.text(status: 415))
        case 403, 409:
            let error = try? DAVError(data: response.body)
            // RFC 4791 §5.3.2.1: the UID lives at another href (Radicale names none).
            if let error, error.isUIDConflict {
                return .uidConflict(existingHref: error.conflictingHref.flatMap { DAVHref.path($0, relativeTo: calendar) })
            }
            if error?.isUIDInAnotherCalendar == true { return .uidInAnotherCalendar }
            if let refusal = error?.bodyRefusal(status: response.status) { return .bodyRefused(refusal) }
            if response.status == 403 { return .forbidden }
            throw CalendarServerError.status(409, request: "PUT \(href)")
        default:
            throw CalendarServerError.status(response.status, request: "PUT \(href)")
        }
    }

    public func delete(_ href: String, in calendar: URL, etag: String?) throws -> DeleteOutcome {
        let headers = etag.map { [(name: "If-Match", value: $0)] } ?? []
        let response = try send("DELETE", resolve(href, calendar), headers: headers)
        switch response.status {
        case 200..<300: return .deleted
        case 404, 410: return .notFound
        case 412: return .preconditionFailed
        case 403: return .forbidden
        default: throw CalendarServerError.status(response.status, request: "DELETE \(href)")
        }
    }

    public func setOrder(_ order: Int, of calendar: URL) throws -> Bool {
        let body = DAVRequestBody.setCalendarOrder(order)
        let response = try send(body.method, calendar, body: body)
        switch response.status {
        case 200, 204: return true
        case 207:
            // One propstat per property: a 403 (or 409) there is a refusal of calendar-order.
            let reply = try Self.read(response.body)
            return !reply.responses.contains { $0.propstats.contains { !$0.status.isSuccess } }
        case 403: return false
        default: throw CalendarServerError.status(response.status, request: "PROPPATCH \(calendar.path)")
        }
    }

    /// Makes a task calendar named `name` in the account's calendar home (MKCALENDAR); returns its URL.
    public func makeCalendar(named name: String, slug: String, in home: URL) throws -> URL {
        var path = URLComponents(url: home, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? home.path
        if !path.hasSuffix("/") { path += "/" }
        let encodedSlug = slug.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? slug
        let url = URL(string: path + encodedSlug + "/", relativeTo: home)!.absoluteURL
        let body = DAVRequestBody.makeCalendar(displayName: name)
        let response = try send(body.method, url, body: body)
        guard response.status == 201 else { throw CalendarServerError.status(response.status, request: "MKCALENDAR \(slug)") }
        return url
    }

    // MARK: HTTP

    private func send(_ method: String, _ url: URL, body: DAVRequestBody? = nil,
                      headers: [(name: String, value: String)] = []) throws -> HTTPResponse {
        var url = url
        var headers = headers
        if let depth = body?.depth { headers.append(("Depth", depth)) }
        for _ in 0...Self.redirectLimit {
            let response: HTTPResponse
            do {
                response = try client.send(HTTPRequest(method: method, url: url, headers: headers, body: body?.data,
                                                       contentType: body == nil ? nil : DAVRequestBody.contentType))
            } catch {
                throw CalendarServerError.transport(error)
            }
            guard [301, 302, 303, 307, 308].contains(response.status), let location = response.headers["location"],
                  let next = URL(string: location, relativeTo: url)?.absoluteURL else {
                if response.status == 401 { throw CalendarServerError.status(401, request: "\(method) \(url.path)") }
                return response
            }
            url = next
        }
        throw CalendarServerError.status(310, request: "\(method): too many redirects")
    }

    /// A 207 answer, read, and the URL it answered for (after redirects), which its hrefs are
    /// relative to.
    private func multistatus(_ url: URL, _ body: DAVRequestBody) throws -> (DAVMultistatus, URL) {
        let response = try send(body.method, url, body: body)
        guard response.status == 207 else { throw CalendarServerError.status(response.status, request: "\(body.method) \(url.path)") }
        return (try Self.read(response.body), url)
    }

    private static func read(_ body: Data) throws -> DAVMultistatus {
        do {
            return try DAVMultistatus(data: body)
        } catch {
            throw CalendarServerError.unreadableAnswer("\(error)")
        }
    }

    private func resolve(_ href: String, _ calendar: URL) -> URL {
        DAVHref.url(href, relativeTo: calendar) ?? calendar
    }

    /// iCalendar text with CRLF line ends, whatever the server stored.
    static func crlf(_ text: String) -> String {
        let lf = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        return lf.replacingOccurrences(of: "\n", with: "\r\n")
    }
}
