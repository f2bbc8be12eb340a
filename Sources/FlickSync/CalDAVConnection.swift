import Foundation

/// A CalDAV server over HTTP (RFC 4791, RFC 6578, RFC 6764): the `CalendarServer` sync uses,
/// and account discovery. Hrefs are kept as the server writes them (paths, encoding kept).
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
        let home = try connection.firstHref(of: MultistatusReader.key(DAVNames.caldav, "calendar-home-set"),
                                            body: DAVBodies.home, at: principal, depth: "0")
            ?? { throw CalendarServerError.unreadableAnswer("no calendar-home-set for \(principal.absoluteString)") }()
        return DiscoveredAccount(principalURL: principal.absoluteString, homeURL: home.absoluteString,
                                 calendars: try connection.taskCalendars(in: home))
    }

    private func principal(at address: URL) throws -> URL {
        let key = MultistatusReader.key(DAVNames.dav, "current-user-principal")
        if let found = try? firstHref(of: key, body: DAVBodies.principal, at: address, depth: "0") { return found }
        let wellKnown = URL(string: "/.well-known/caldav", relativeTo: address)!.absoluteURL
        guard let found = try firstHref(of: key, body: DAVBodies.principal, at: wellKnown, depth: "0") else {
            throw CalendarServerError.unreadableAnswer("no CalDAV principal at \(address.absoluteString)")
        }
        return found
    }

    /// The first href of property `key` of the resource at `url`, as an absolute URL.
    private func firstHref(of key: String, body: String, at url: URL, depth: String) throws -> URL? {
        let (reader, base) = try multistatus("PROPFIND", url, body: body, depth: depth)
        guard let href = reader.responses.lazy.compactMap({ $0.hrefs[key]?.first }).first else { return nil }
        return URL(string: href, relativeTo: base)?.absoluteURL
    }

    private func taskCalendars(in home: URL) throws -> [DiscoveredCalendar] {
        let (reader, base) = try multistatus("PROPFIND", home, body: DAVBodies.calendars, depth: "1")
        return reader.responses.compactMap { response in
            guard response.isCalendar, response.components.isEmpty || response.components.contains("VTODO"),
                  let url = URL(string: response.href, relativeTo: base)?.absoluteURL else { return nil }
            let name = response.properties[MultistatusReader.key(DAVNames.dav, "displayname")].flatMap { $0.isEmpty ? nil : $0 }
                ?? url.lastPathComponent
            let privileges = response.properties.keys.contains(MultistatusReader.key(DAVNames.dav, "current-user-privilege-set"))
                || response.canWrite
            return DiscoveredCalendar(url: url.absoluteString, name: name,
                                      color: response.properties[MultistatusReader.key(DAVNames.apple, "calendar-color")],
                                      readOnly: privileges && !response.canWrite)
        }
    }

    // MARK: CalendarServer

    public func collectionState(_ calendar: URL) throws -> CollectionState {
        let (reader, _) = try multistatus("PROPFIND", calendar, body: DAVBodies.state, depth: "0")
        let properties = reader.responses.first?.properties ?? [:]
        return CollectionState(ctag: properties[MultistatusReader.key(DAVNames.calendarServer, "getctag")],
                               syncToken: properties[MultistatusReader.key(DAVNames.dav, "sync-token")])
    }

    public func changes(in calendar: URL, since token: String) throws -> CollectionChanges {
        let response = try send("REPORT", calendar, body: DAVBodies.syncCollection(token), depth: "0")
        if [403, 409].contains(response.status) {
            let error = try? MultistatusReader.read(response.body)
            if error?.errorConditions.contains("valid-sync-token") == true { throw CalendarServerError.syncTokenInvalid }
        }
        guard response.status == 207 else { throw CalendarServerError.status(response.status, request: "REPORT sync-collection") }
        let reader = try MultistatusReader.read(response.body)
        guard let newToken = reader.syncToken else {
            // A report without its token may be cut short: it is not trusted.
            throw CalendarServerError.unreadableAnswer("a sync-collection report without a sync-token")
        }
        var changed: [String: String?] = [:]
        var removed: [String] = []
        for item in reader.responses where item.href != calendarPath(calendar) {
            let href = Self.path(of: item.href)
            if item.status == 404 { removed.append(href) } else {
                changed[href] = item.properties[MultistatusReader.key(DAVNames.dav, "getetag")]
            }
        }
        return CollectionChanges(changed: changed, removed: removed, newToken: newToken)
    }

    public func etags(in calendar: URL) throws -> [String: String] {
        let (reader, _) = try multistatus("REPORT", calendar, body: DAVBodies.todoETags, depth: "1")
        var etags: [String: String] = [:]
        for item in reader.responses {
            if let etag = item.properties[MultistatusReader.key(DAVNames.dav, "getetag")] { etags[Self.path(of: item.href)] = etag }
        }
        return etags
    }

    public func fetch(_ hrefs: [String], in calendar: URL) throws -> [String: RemoteResource] {
        guard !hrefs.isEmpty else { return [:] }
        let (reader, _) = try multistatus("REPORT", calendar, body: DAVBodies.multiget(hrefs), depth: "1")
        var found: [String: RemoteResource] = [:]
        for item in reader.responses {
            guard let text = item.properties[MultistatusReader.key(DAVNames.caldav, "calendar-data")] else { continue }
            let href = Self.path(of: item.href)
            found[href] = RemoteResource(href: href, etag: item.properties[MultistatusReader.key(DAVNames.dav, "getetag")],
                                         text: text)
        }
        return found
    }

    public func get(_ href: String, in calendar: URL) throws -> RemoteResource? {
        let response = try send("GET", resolve(href, calendar))
        if response.status == 404 || response.status == 410 { return nil }
        guard response.status == 200 else { throw CalendarServerError.status(response.status, request: "GET \(href)") }
        return RemoteResource(href: href, etag: response.headers["etag"], text: MultistatusReader.crlf(response.text))
    }

    public func put(_ text: String, at href: String, in calendar: URL, condition: WriteCondition) throws -> PutOutcome {
        var headers: [(name: String, value: String)] = []
        switch condition {
        case .absent: headers.append(("If-None-Match", "*"))
        case let .matches(etag): headers.append(("If-Match", etag))
        }
        let response = try client.send(HTTPRequest(method: "PUT", url: resolve(href, calendar), headers: headers,
                                                   body: Data(text.utf8), contentType: "text/calendar; charset=utf-8"))
        switch response.status {
        case 200..<300: return .stored(etag: response.strongETag)
        case 412: return .preconditionFailed
        case 404, 410: return .notFound
        case 403, 409:
            if let error = try? MultistatusReader.read(response.body), error.errorConditions.contains("no-uid-conflict") {
                return .uidConflict(existingHref: error.errorHrefs.first.map(Self.path(of:)))
            }
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

    /// Makes a task calendar named `name` in the account's calendar home (MKCALENDAR); returns its URL.
    public func makeCalendar(named name: String, slug: String, in home: URL) throws -> URL {
        var path = URLComponents(url: home, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? home.path
        if !path.hasSuffix("/") { path += "/" }
        let url = URL(string: path + slug + "/", relativeTo: home)!.absoluteURL
        let response = try send("MKCALENDAR", url, body: DAVBodies.makeCalendar(named: name))
        guard response.status == 201 else { throw CalendarServerError.status(response.status, request: "MKCALENDAR \(slug)") }
        return url
    }

    // MARK: HTTP

    private func send(_ method: String, _ url: URL, body: String? = nil, depth: String? = nil,
                      headers: [(name: String, value: String)] = []) throws -> HTTPResponse {
        var url = url
        var headers = headers
        if let depth { headers.append(("Depth", depth)) }
        for _ in 0...Self.redirectLimit {
            let response: HTTPResponse
            do {
                response = try client.send(HTTPRequest(method: method, url: url, headers: headers, body: body.map { Data($0.utf8) },
                                                       contentType: body == nil ? nil : "application/xml; charset=utf-8"))
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

    /// A 207's reader and the URL it answered for (after redirects), which its hrefs are relative to.
    private func multistatus(_ method: String, _ url: URL, body: String, depth: String) throws -> (MultistatusReader, URL) {
        let response = try send(method, url, body: body, depth: depth)
        guard response.status == 207 else { throw CalendarServerError.status(response.status, request: "\(method) \(url.path)") }
        return (try MultistatusReader.read(response.body), url)
    }

    private func resolve(_ href: String, _ calendar: URL) -> URL {
        URL(string: href, relativeTo: calendar)?.absoluteURL ?? calendar
    }

    private func calendarPath(_ calendar: URL) -> String {
        URLComponents(url: calendar, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? calendar.path
    }

    /// The path of an href a server wrote as a whole URL; a path stays as it is.
    static func path(of href: String) -> String {
        guard href.hasPrefix("http://") || href.hasPrefix("https://"), let components = URLComponents(string: href) else {
            return href
        }
        return components.percentEncodedPath
    }
}
