import Foundation

/// What sync asks of the server holding one calendar (RFC 4791, RFC 6578). `CalDAVConnection`
/// answers it over HTTP; tests answer it with a server of their own to crash between steps.
/// Every write is conditional (DESIGN 6).
public protocol CalendarServer {
    /// The collection's ctag and sync token: one request, all an idle sync costs.
    func collectionState(_ calendar: URL) throws -> CollectionState
    /// What changed since `token` (sync-collection); throws `CalendarServerError.syncTokenInvalid`
    /// when the server no longer knows the token.
    func changes(in calendar: URL, since token: String) throws -> CollectionChanges
    /// Every VTODO resource's ETag, by href (calendar-query): for a full comparison.
    func etags(in calendar: URL) throws -> [String: String]
    /// The resources' ETags and texts (calendar-multiget, in batches), by href; missing ones are left out.
    func fetch(_ hrefs: [String], in calendar: URL) throws -> [String: RemoteResource]
    /// One resource, or nil when the server has none at `href`.
    func get(_ href: String, in calendar: URL) throws -> RemoteResource?
    func put(_ text: String, at href: String, in calendar: URL, condition: WriteCondition) throws -> PutOutcome
    func delete(_ href: String, in calendar: URL, etag: String?) throws -> DeleteOutcome
    /// Sets the calendar's ICAL:calendar-order (PROPPATCH); false when the server refuses it
    /// (403: a shared calendar, or a server that keeps no such property).
    func setOrder(_ order: Int, of calendar: URL) throws -> Bool
}

public struct CollectionState: Sendable, Equatable {
    public var ctag: String?
    public var syncToken: String?
    /// ICAL:calendar-order and ICAL:calendar-color, read in the same request.
    public var order: Int?
    public var color: String?

    public init(ctag: String?, syncToken: String?, order: Int? = nil, color: String? = nil) {
        self.ctag = ctag
        self.syncToken = syncToken
        self.order = order
        self.color = color
    }
}

public struct CollectionChanges: Sendable, Equatable {
    /// Changed or new resources, with their ETags when the report gave them.
    public var changed: [String: String?]
    public var removed: [String]
    public var newToken: String?

    public init(changed: [String: String?], removed: [String], newToken: String?) {
        self.changed = changed
        self.removed = removed
        self.newToken = newToken
    }

    /// Whether this answer to a report from `token` may be a server's listing of all it holds,
    /// because it did not know the token, rather than the changes since: nothing changed and
    /// nothing removed, yet a new token. RFC 6578 §3.2 wants 403 valid-sync-token then, but
    /// DAViCal 1.1 lists every item as new and no removal; a calendar deleted and made again
    /// empty, or a fresh server at the same address, then looks exactly unchanged. (A server
    /// that knew the token and saw no change gives the same token back, as DAViCal does.)
    public func mayHaveForgotten(_ token: String) -> Bool {
        changed.isEmpty && removed.isEmpty && newToken != nil && newToken != token
    }
}

public struct RemoteResource: Sendable, Equatable {
    public var href: String
    public var etag: String?
    public var text: String

    public init(href: String, etag: String?, text: String) {
        self.href = href
        self.etag = etag
        self.text = text
    }
}

public enum WriteCondition: Sendable, Equatable {
    /// Create: If-None-Match: *.
    case absent
    /// Update: If-Match with the ETag of the version the change was made on.
    case matches(String)
}

public enum PutOutcome: Sendable, Equatable {
    /// Stored; with the new ETag when the server gave a strong one.
    case stored(etag: String?)
    /// 412: someone else changed (or made) the resource.
    case preconditionFailed
    /// 404 on an update: the server deleted it.
    case notFound
    /// 409 no-uid-conflict: the UID already lives at another href.
    case uidConflict(existingHref: String?)
    /// 403 unique-scheduling-object-resource: the account holds the UID in another calendar
    /// (a server with one copy of a UID per account, such as Cyrus, as a move is sent).
    case uidInAnotherCalendar
    /// 403: the calendar is read-only.
    case forbidden
    /// The server will not store this text (415, a 403 naming a CalDAV precondition on the
    /// data, or a calendar that takes no tasks).
    case bodyRefused(BodyRefusal)
}

public enum DeleteOutcome: Sendable, Equatable {
    case deleted
    /// 412: changed on the server since.
    case preconditionFailed
    case notFound
    case forbidden
}

/// A server answer sync cannot go on from, in words for the log and the user.
public enum CalendarServerError: Error, Equatable, Sendable, CustomStringConvertible {
    case syncTokenInvalid
    /// An HTTP status sync did not expect (5xx, 401, …) for a request.
    case status(Int, request: String)
    /// The answer could not be read (not XML, cut short, not iCalendar).
    case unreadableAnswer(String)
    case transport(HTTPError)

    public var description: String {
        switch self {
        case .syncTokenInvalid: return "the server no longer knows the sync token"
        case let .status(status, request): return "the server answered \(status) to \(request)"
        case let .unreadableAnswer(reason): return "the server's answer could not be read: \(reason)"
        case let .transport(error): return error.description
        }
    }
}
