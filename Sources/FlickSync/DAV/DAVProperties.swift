/// The properties of one resource that Flick reads, from one DAV:prop. A value is nil when the
/// property was not in the prop; `names` lists every property that was, known to Flick or not.
///
/// In a propstat whose status is not 2xx the properties are the ones the server could not give:
/// their names are listed, their values mean nothing (`DAVResponse.properties` leaves them out).
public struct DAVProperties: Sendable, Equatable {
    /// Every property element in the prop, in document order.
    public var names: [DAVName] = []
    /// DAV:displayname, exactly as written (white space is part of a name).
    public var displayName: String?
    public var resourceType: DAVResourceType?
    /// DAV:getetag.
    public var etag: DAVETag?
    /// CS:getctag (calendarserver.org), opaque.
    public var ctag: String?
    /// DAV:sync-token (RFC 6578 §4) of a collection, opaque.
    public var syncToken: String?
    /// The href in DAV:current-user-principal (RFC 5397); nil when it says unauthenticated.
    public var currentUserPrincipal: String?
    /// The hrefs in CALDAV:calendar-home-set, as written.
    public var calendarHomeSet: [String]?
    /// The hrefs in CALDAV:schedule-inbox-URL and schedule-outbox-URL (RFC 6638 §2.2, §2.1) of
    /// a principal, as written: where invitations arrive and leave, not lists.
    public var scheduleInboxURL: String?
    public var scheduleOutboxURL: String?
    /// The component names in CALDAV:supported-calendar-component-set, uppercased ("VTODO").
    /// RFC 4791 §5.2.3: a calendar without the property takes every component.
    public var supportedComponents: [String]?
    /// The reports named in DAV:supported-report-set (RFC 3253 §3.1.5), e.g. `.syncCollectionReport`.
    public var supportedReports: [DAVName]?
    /// CALDAV:calendar-data: the iCalendar text with every line break made CRLF, since the XML
    /// parser turns the CRLFs the server sent into LF (see `DAVXMLReader`). An iCalendar object
    /// ends its lines with CRLF (RFC 5545 §3.1), so this gives back what the server stored for
    /// any server that stored it correctly; a bare LF in stored data is made CRLF as well.
    public var calendarData: String?
    /// ICAL:calendar-color (apple.com), e.g. "#FF2968FF".
    public var calendarColor: String?
    /// ICAL:calendar-order (apple.com): the calendar's place among the account's, lowest first,
    /// as Apple's clients, Nextcloud and DAVx⁵ read and write it. Nil when absent or not a
    /// whole number.
    public var calendarOrder: Int?
    /// DAV:current-user-privilege-set.
    public var privileges: DAVPrivileges?

    public init() {}

    /// Whether the prop held `name`.
    public func contains(_ name: DAVName) -> Bool { names.contains(name) }

    init(prop: DAVXMLNode) {
        for property in prop.children {
            names.append(property.name)
            read(property)
        }
    }

    private mutating func read(_ property: DAVXMLNode) {
        switch property.name {
        case .displayName: displayName = property.text
        case .resourceType: resourceType = DAVResourceType(names: Set(property.children.map(\.name)))
        case .getETag: etag = property.value.map(DAVETag.init)
        case .getCTag: ctag = property.value
        case .syncToken: syncToken = property.value
        case .currentUserPrincipal: currentUserPrincipal = property.hrefs.first
        case .calendarHomeSet: calendarHomeSet = property.hrefs
        case .scheduleInboxURL: scheduleInboxURL = property.hrefs.first
        case .scheduleOutboxURL: scheduleOutboxURL = property.hrefs.first
        case .supportedCalendarComponentSet:
            supportedComponents = property.all(.comp).compactMap { $0.attributes["name"]?.uppercased() }
        case .supportedReportSet:
            supportedReports = property.all(.supportedReport).compactMap { $0.first(.report)?.children.first?.name }
        case .calendarData: calendarData = Self.crlf(property.text)
        case .calendarColor: calendarColor = property.value
        case .calendarOrder: calendarOrder = property.value.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        case .currentUserPrivilegeSet:
            privileges = DAVPrivileges(granted: Set(property.all(.privilege).flatMap { $0.children.map(\.name) }))
        default: break
        }
    }

    /// `self` with the values `other` has and `self` lacks: several 2xx propstats of one
    /// response (rare, but allowed) read as one.
    func merging(_ other: DAVProperties) -> DAVProperties {
        var merged = self
        merged.names += other.names.filter { !names.contains($0) }
        merged.displayName = displayName ?? other.displayName
        merged.resourceType = resourceType ?? other.resourceType
        merged.etag = etag ?? other.etag
        merged.ctag = ctag ?? other.ctag
        merged.syncToken = syncToken ?? other.syncToken
        merged.currentUserPrincipal = currentUserPrincipal ?? other.currentUserPrincipal
        merged.calendarHomeSet = calendarHomeSet ?? other.calendarHomeSet
        merged.scheduleInboxURL = scheduleInboxURL ?? other.scheduleInboxURL
        merged.scheduleOutboxURL = scheduleOutboxURL ?? other.scheduleOutboxURL
        merged.supportedComponents = supportedComponents ?? other.supportedComponents
        merged.supportedReports = supportedReports ?? other.supportedReports
        merged.calendarData = calendarData ?? other.calendarData
        merged.calendarColor = calendarColor ?? other.calendarColor
        merged.calendarOrder = calendarOrder ?? other.calendarOrder
        merged.privileges = privileges ?? other.privileges
        return merged
    }

    /// `text` with CR LF, lone CR and lone LF all made CR LF.
    static func crlf(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count + text.unicodeScalars.count / 40)
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\r":
                result += "\r\n"
                previousWasCR = true
            case "\n":
                if !previousWasCR { result += "\r\n" }
                previousWasCR = false
            default:
                result.unicodeScalars.append(scalar)
                previousWasCR = false
            }
        }
        return result
    }
}
