/// Why a server would not store the text of a task Flick sent, though nothing about the
/// resource stood in the way (no edit elsewhere, no read-only calendar): the text itself, or
/// the kind of component. The change stays here, to be sent again; the sync says so.
public enum BodyRefusal: Sendable, Equatable {
    /// The server refused the text: 415 (Nextcloud's "Validation error in iCalendar"), a 412
    /// whose condition held (a resource absent as If-None-Match asked, or at the ETag sent in
    /// If-Match), or a 403 naming CALDAV:valid-calendar-data and its kin.
    case text(status: Int)
    /// The calendar holds no tasks: a 403 naming CALDAV:supported-calendar-component (RFC 4791
    /// §5.3.2.1), as a calendar made for events only answers a VTODO.
    case noTasks
}
