/// What DAV:resourcetype says a resource is.
public struct DAVResourceType: Sendable, Equatable {
    /// Every element inside resourcetype (DAV:collection, CALDAV:calendar, DAV:principal, …).
    public let names: Set<DAVName>

    public init(names: Set<DAVName>) {
        self.names = names
    }

    public var isCollection: Bool { names.contains(.collection) }

    /// A CalDAV calendar collection (RFC 4791 §4.2).
    public var isCalendar: Bool { names.contains(.calendar) }
}
