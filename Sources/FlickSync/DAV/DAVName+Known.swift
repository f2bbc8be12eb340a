/// The element names Flick's requests and replies use, so that spelling mistakes are compile
/// errors and not silent mismatches.
extension DAVName {
    static func dav(_ localName: String) -> DAVName { DAVName(DAVNamespace.dav, localName) }
    static func calDAV(_ localName: String) -> DAVName { DAVName(DAVNamespace.calDAV, localName) }

    // Structure of requests and multistatus replies (RFC 4918 §14, RFC 6578 §6).
    public static let multistatus = dav("multistatus")
    public static let response = dav("response")
    public static let href = dav("href")
    public static let status = dav("status")
    public static let propstat = dav("propstat")
    public static let prop = dav("prop")
    public static let error = dav("error")
    static let propfind = dav("propfind")
    static let set = dav("set")
    static let propertyUpdate = dav("propertyupdate")
    static let syncCollection = dav("sync-collection")
    static let syncLevel = dav("sync-level")

    // Properties.
    public static let displayName = dav("displayname")
    public static let resourceType = dav("resourcetype")
    public static let getETag = dav("getetag")
    public static let syncToken = dav("sync-token")
    public static let currentUserPrincipal = dav("current-user-principal")
    public static let currentUserPrivilegeSet = dav("current-user-privilege-set")
    public static let supportedReportSet = dav("supported-report-set")
    public static let calendarHomeSet = calDAV("calendar-home-set")
    public static let scheduleInboxURL = calDAV("schedule-inbox-URL")
    public static let scheduleOutboxURL = calDAV("schedule-outbox-URL")
    public static let supportedCalendarComponentSet = calDAV("supported-calendar-component-set")
    public static let calendarData = calDAV("calendar-data")
    public static let getCTag = DAVName(DAVNamespace.calendarServer, "getctag")
    public static let calendarColor = DAVName(DAVNamespace.appleICal, "calendar-color")
    public static let calendarOrder = DAVName(DAVNamespace.appleICal, "calendar-order")

    // Values inside properties.
    public static let collection = dav("collection")
    public static let calendar = calDAV("calendar")
    static let comp = calDAV("comp")
    static let privilege = dav("privilege")
    static let supportedReport = dav("supported-report")
    static let report = dav("report")

    // Privileges (RFC 3744 §3): `all` holds every other; `write` holds write-content, bind, unbind.
    public static let privilegeAll = dav("all")
    public static let privilegeWrite = dav("write")
    public static let privilegeWriteContent = dav("write-content")
    public static let privilegeBind = dav("bind")
    public static let privilegeUnbind = dav("unbind")

    // CalDAV requests (RFC 4791 §9).
    static let calendarQuery = calDAV("calendar-query")
    static let calendarMultiget = calDAV("calendar-multiget")
    static let filter = calDAV("filter")
    static let compFilter = calDAV("comp-filter")
    static let makeCalendar = calDAV("mkcalendar")

    // Reports a collection may list in supported-report-set.
    public static let syncCollectionReport = syncCollection
    public static let calendarQueryReport = calendarQuery
    public static let calendarMultigetReport = calendarMultiget

    // Preconditions in error bodies (RFC 4918 §16, RFC 6578 §3.2, RFC 4791 §5.3.2.1, RFC 3744 §7.1.1).
    public static let validSyncToken = dav("valid-sync-token")
    public static let numberOfMatchesWithinLimits = dav("number-of-matches-within-limits")
    public static let needPrivileges = dav("need-privileges")
    public static let noUIDConflict = calDAV("no-uid-conflict")
    public static let uniqueSchedulingObjectResource = calDAV("unique-scheduling-object-resource")
    public static let supportedCalendarComponent = calDAV("supported-calendar-component")
    public static let supportedCalendarData = calDAV("supported-calendar-data")
    public static let validCalendarData = calDAV("valid-calendar-data")
    public static let validCalendarObjectResource = calDAV("valid-calendar-object-resource")
    public static let calendarCollectionLocationOK = calDAV("calendar-collection-location-ok")
    public static let resourceMustBeNull = dav("resource-must-be-null")
}
