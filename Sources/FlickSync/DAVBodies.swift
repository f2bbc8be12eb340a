/// The XML bodies of the requests sync makes (RFC 4918, RFC 4791, RFC 6578).
enum DAVBodies {
    private static let head = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"

    static func propfind(_ properties: String) -> String {
        head + """
        <d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/" \
        xmlns:a="http://apple.com/ns/ical/"><d:prop>\(properties)</d:prop></d:propfind>
        """
    }

    static let principal = propfind("<d:current-user-principal/>")
    static let home = propfind("<c:calendar-home-set/>")
    static let calendars = propfind("""
        <d:displayname/><d:resourcetype/><c:supported-calendar-component-set/><cs:getctag/><d:sync-token/>\
        <a:calendar-color/><d:current-user-privilege-set/>
        """)
    static let state = propfind("<cs:getctag/><d:sync-token/>")

    /// Every VTODO's ETag (RFC 4791 §7.8), without the data.
    static let todoETags = head + """
        <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop>\
        <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"/></c:comp-filter></c:filter></c:calendar-query>
        """

    /// These resources' ETags and data (RFC 4791 §7.9).
    static func multiget(_ hrefs: [String]) -> String {
        head + "<c:calendar-multiget xmlns:d=\"DAV:\" xmlns:c=\"urn:ietf:params:xml:ns:caldav\">"
            + "<d:prop><d:getetag/><c:calendar-data/></d:prop>"
            + hrefs.map { "<d:href>\(escaped($0))</d:href>" }.joined() + "</c:calendar-multiget>"
    }

    /// Changes since `token` (RFC 6578 §3.2); never with DAV:limit (DESIGN 6).
    static func syncCollection(_ token: String) -> String {
        head + "<d:sync-collection xmlns:d=\"DAV:\"><d:sync-token>\(escaped(token))</d:sync-token>"
            + "<d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>"
    }

    /// A new calendar that holds tasks (RFC 4791 §5.3.1).
    static func makeCalendar(named name: String) -> String {
        head + "<c:mkcalendar xmlns:d=\"DAV:\" xmlns:c=\"urn:ietf:params:xml:ns:caldav\"><d:set><d:prop>"
            + "<d:displayname>\(escaped(name))</d:displayname>"
            + "<c:supported-calendar-component-set><c:comp name=\"VTODO\"/></c:supported-calendar-component-set>"
            + "</d:prop></d:set></c:mkcalendar>"
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
