import Foundation

/// A DAV:error body (RFC 4918 §16), as sent with 403, 409 and other failures to say which
/// condition failed: an expired sync token (DAV:valid-sync-token, RFC 6578 §3.2), a UID already
/// used by another resource (CALDAV:no-uid-conflict, RFC 4791 §5.3.2.1), a component the
/// calendar does not take (CALDAV:supported-calendar-component), …
public struct DAVError: Error, Sendable, Equatable {
    /// The conditions named, in document order; conditions Flick does not know are kept too
    /// (servers add their own, like SabreDAV's exception and message).
    public let conditions: [DAVCondition]

    public init(conditions: [DAVCondition]) {
        self.conditions = conditions
    }

    /// Reads an error body. Throws when it is not a DAV:error document: many servers answer
    /// errors with plain text or HTML instead, and that is no condition to act on.
    public init(data: Data) throws(DAVParseError) {
        let root = try DAVXMLReader.document(data)
        guard root.name == .error else { throw .unexpectedRoot(root.name) }
        self.init(element: root)
    }

    init(element: DAVXMLNode) {
        conditions = element.children.map(DAVCondition.init(element:))
    }

    /// Whether the condition `name` is among those named.
    public func contains(_ name: DAVName) -> Bool {
        conditions.contains { $0.name == name }
    }

    /// The sync token sent is not (or no longer) valid: sync again from the start, or fall back
    /// to comparing ETags.
    public var isInvalidSyncToken: Bool { contains(.validSyncToken) }

    /// The UID is already used by another resource in the calendar.
    public var isUIDConflict: Bool { contains(.noUIDConflict) }

    /// The UID is already used by a resource in another calendar of the account (RFC 6638
    /// §3.2.4.1): Cyrus, Apple's Calendar Server and others keep one copy of a UID per account.
    public var isUIDInAnotherCalendar: Bool { contains(.uniqueSchedulingObjectResource) }

    /// The refusal of a PUT's text this error names, if any: a calendar without VTODO in its
    /// supported-calendar-component-set, or data the server judged invalid (RFC 4791 §5.3.2.1).
    public func bodyRefusal(status: Int) -> BodyRefusal? {
        if contains(.supportedCalendarComponent) { return .noTasks }
        let dataConditions: [DAVName] = [.validCalendarData, .validCalendarObjectResource, .supportedCalendarData]
        return dataConditions.contains(where: contains) ? .text(status: status) : nil
    }

    /// The resource that already has the UID, when the server names it (RFC 4791 says it must;
    /// Radicale 3.1.8 sends an empty no-uid-conflict element).
    public var conflictingHref: String? {
        conditions.first { $0.name == .noUIDConflict }?.hrefs.first
    }
}
