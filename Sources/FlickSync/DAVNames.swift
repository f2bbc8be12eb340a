/// The XML namespaces of WebDAV and CalDAV and the few element names sync reads, matched by
/// namespace and local name, never by prefix (servers use any prefix, or none).
enum DAVNames {
    static let dav = "DAV:"
    static let caldav = "urn:ietf:params:xml:ns:caldav"
    static let calendarServer = "http://calendarserver.org/ns/"
    static let apple = "http://apple.com/ns/ical/"
}
