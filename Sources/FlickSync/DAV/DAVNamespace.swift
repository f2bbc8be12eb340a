/// The XML namespace URIs of the WebDAV and CalDAV elements Flick reads and writes. Elements are
/// always matched by namespace URI and local name: servers choose their own prefixes ("D:", "d:",
/// none at all under a default namespace), so a prefix says nothing.
public enum DAVNamespace {
    /// WebDAV (RFC 4918), WebDAV ACL (RFC 3744), sync (RFC 6578), current-user-principal (RFC 5397).
    public static let dav = "DAV:"
    /// CalDAV (RFC 4791).
    public static let calDAV = "urn:ietf:params:xml:ns:caldav"
    /// Apple's calendar server extensions: getctag.
    public static let calendarServer = "http://calendarserver.org/ns/"
    /// Apple iCal's properties: calendar-color (and calendar-order).
    public static let appleICal = "http://apple.com/ns/ical/"
}
