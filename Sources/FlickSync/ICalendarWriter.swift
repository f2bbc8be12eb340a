/// Writes VTODOs as one VCALENDAR text (an .ics export, or the body of a CalDAV PUT).
public enum ICalendarWriter {
    /// The product identifier Flick writes (RFC 5545 §3.7.3).
    public static let productID = "-//Flick//Flick//EN"

    /// BEGIN:VCALENDAR, VERSION, PRODID, CALSCALE, each VTIMEZONE the VTODOs name exactly once,
    /// then the VTODOs, each line ended by CRLF.
    ///
    /// A VTIMEZONE that came with a VTODO goes back as it came (the first one of a TZID wins);
    /// a TZID without one that names an IANA zone (one Flick wrote) gets libical's definition,
    /// with its TZID rewritten to the plain IANA name the VTODO uses.
    public static func calendarText(for todos: [VTodo]) -> String {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:\(productID)\r\nCALSCALE:GREGORIAN\r\n"
        var written: Set<String> = []
        for todo in todos {
            for tzid in VTodo.referencedTimeZoneIDs(in: todo.lines) where !written.contains(tzid) {
                guard let definition = todo.timeZones[tzid] ?? builtinDefinition(tzid) else { continue }
                written.insert(tzid)
                text += definition
            }
        }
        for todo in todos { text += todo.text }
        text += "END:VCALENDAR\r\n"
        return text
    }

    /// libical's VTIMEZONE for the IANA zone `tzid` names, with every TZID line saying `tzid`
    /// (libical 3.0.16 names its zones "/freeassociation.sourceforge.net/<IANA>", research 3.1 a).
    static func builtinDefinition(_ tzid: String) -> String? {
        guard let (name, _) = TimeZoneResolver.ianaZone(tzid), !TimeZoneResolver.isUTC(name),
              let libicalText = LibicalBridge.builtinTimeZoneText(name) else { return nil }
        var text = ""
        // libical separates lines with CRLF (LF on some builds). A CRLF is one Character in
        // Swift, so splitting on "\n" alone would leave the text whole: split on any line break.
        for line in libicalText.split(whereSeparator: \.isNewline) {
            text += line.uppercased().hasPrefix("TZID:") ? "TZID:" + tzid : String(line)
            text += "\r\n"
        }
        return text
    }
}
